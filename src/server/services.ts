// The services a handler can use, built once per app from the database, clock and SMS sender.
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/client';
import { createOtpService } from './auth/otp';
import { createSessionService } from './auth/sessions';
import type { PaymentGateway } from './gateway/types';
import type { SmsSender } from './sms/sender';
import { createUserRepository } from './users';
import { createIdentityService } from './services/identity';
import { createOrderService } from './services/orders';
import { createLocalPanVerifier, type PanVerifier } from './services/panVerifier';
import { createPaymentLinkService } from './services/paymentLinks';
import { createRateLimiter } from './services/rateLimits';
import { createScheduleService } from './services/schedules';

export interface ServiceDeps {
  db: Database;
  clock: Clock;
  config: Config;
  sms: SmsSender;
  gateway: PaymentGateway;
  generateOtp?: () => string;
  /** Defaults to the local check (PAN shape and names); the gateway's API replaces it. */
  panVerifier?: PanVerifier;
}

export function createServices({
  db,
  clock,
  config,
  sms,
  gateway,
  generateOtp,
  ...more
}: ServiceDeps) {
  const users = createUserRepository(db);
  const panVerifier = more.panVerifier ?? createLocalPanVerifier();
  const rateLimiter = createRateLimiter(db, clock);
  const publicOrigin = config.publicOrigin;
  return {
    db,
    clock,
    gateway,
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
    panVerifier,
    rateLimiter,
    identity: createIdentityService({
      db,
      clock,
      sms,
      users,
      panVerifier,
      rateLimiter,
      publicOrigin,
    }),
    orders: createOrderService({ db, clock, gateway, users, publicOrigin }),
    paymentLinks: createPaymentLinkService({ db, clock, users, publicOrigin }),
    schedules: createScheduleService({ db, clock, users }),
  };
}

export type Services = ReturnType<typeof createServices>;
