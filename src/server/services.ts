// The services a handler can use, built once per app from the database, clock and SMS sender.
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/client';
import { createOtpService } from './auth/otp';
import { createSessionService } from './auth/sessions';
import type { SmsSender } from './sms/sender';
import { createUserRepository } from './users';

export interface ServiceDeps {
  db: Database;
  clock: Clock;
  config: Config;
  sms: SmsSender;
  generateOtp?: () => string;
}

export function createServices({ db, clock, config, sms, generateOtp }: ServiceDeps) {
  const users = createUserRepository(db);
  return {
    db,
    clock,
    users,
    sessions: createSessionService(db, clock),
    otp: createOtpService({
      db,
      clock,
      secret: config.appSecret,
      sms,
      users,
      generateCode: generateOtp,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
