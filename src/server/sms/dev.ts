// The development SMS provider: writes each message to the sms_outbox table (read by the
// sandbox outbox page and e2e journeys) and prints it to the server log. This log line is the
// one place an OTP is ever logged, by design: it is the developer's phone.
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { smsOutbox } from '../db/schema';
import { maskPhone, type SmsSender } from './sender';

export interface DevSmsLog {
  info(message: string): void;
}

export function createDevSmsSender(db: Database, clock: Clock, log: DevSmsLog): SmsSender {
  return {
    async send({ phone, body }) {
      await db.insert(smsOutbox).values({ phone, body, createdAt: clock.now() });
      // The README shows this exact line: `[dev sms] to 98xxxxxx10: Your TuitionPay OTP is 1234`.
      log.info(`[dev sms] to ${maskPhone(phone, 'x')}: ${body}`);
    },
  };
}
