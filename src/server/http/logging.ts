// Logger options: pino through Fastify, with secrets redacted wherever they could appear
// (D16: no PAN or bank number in logs; D12/D13: no OTP or token). The dev SMS line is the
// one deliberate exception (sms/dev.ts).
import type { Writable } from 'node:stream';
import type { Config } from '../config';

const SECRET_KEYS = [
  'otp',
  'pan',
  'account_number',
  'access_token',
  'token',
  'authorization',
  'password',
  'secret',
  'aadhaar',
];

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.body',
  'res.body',
  'body',
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
];

export function loggerOptions(config: Pick<Config, 'logLevel'>, stream?: Writable) {
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    ...(stream ? { stream } : {}),
  };
}
