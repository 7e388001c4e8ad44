// The sandbox's configuration: where it listens, its own public origin (its pages' links), the
// app it answers (webhooks before the app said where it is), and the credentials it accepts:
// the development ones the app uses by default, or those a staging app is configured with.
import { z } from 'zod';
import {
  DEV_CASHFREE_CLIENT_ID,
  DEV_CASHFREE_CLIENT_SECRET,
  DEV_CASHFREE_PARTNER_API_KEY,
  DEV_MSG91_AUTH_KEY,
  DEV_MSG91_WEBHOOK_TOKEN,
  DEV_WHATSAPP_ACCESS_TOKEN,
  DEV_WHATSAPP_APP_SECRET,
  DEV_WHATSAPP_PHONE_NUMBER_ID,
  ConfigError,
  isLoopback,
} from '../src/server/config';

export const DEFAULT_SANDBOX_PORT = 3100;
/** Long enough to see 'KYC under review' on the dashboard locally; tests set 0. */
const DEFAULT_KYC_REVIEW_MS = 30_000;
/** Issue 49: long enough to see 'waiting for your bank' after approving a mandate. */
const DEFAULT_MANDATE_APPROVAL_MS = 2_000;
/** Issue 49: how long a bank takes over a mandate debit. */
const DEFAULT_DEBIT_PROCESSING_MS = 1_000;

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    schema.optional(),
  );

const envSchema = z.object({
  SANDBOX_HOST: optional(z.string()),
  SANDBOX_PORT: optional(z.coerce.number().int().min(0).max(65535)),
  SANDBOX_ORIGIN: optional(z.url()),
  SANDBOX_APP_ORIGIN: optional(z.url()),
  SANDBOX_KYC_REVIEW_MS: optional(z.coerce.number().int().min(0)),
  SANDBOX_MANDATE_APPROVAL_MS: optional(z.coerce.number().int().min(0).max(600_000)),
  SANDBOX_DEBIT_PROCESSING_MS: optional(z.coerce.number().int().min(0).max(600_000)),
  /** D254: a moved clock shared with the app under test (NODE_ENV=test there). */
  TEST_CLOCK_FILE: optional(z.string().min(1)),
  SANDBOX_SETTLE_EVERY_MS: optional(z.coerce.number().int().min(0).max(86_400_000)),
  CASHFREE_CLIENT_ID: optional(z.string()),
  CASHFREE_CLIENT_SECRET: optional(z.string()),
  CASHFREE_PARTNER_API_KEY: optional(z.string()),
  MSG91_AUTH_KEY: optional(z.string()),
  MSG91_WEBHOOK_TOKEN: optional(z.string()),
  WHATSAPP_PHONE_NUMBER_ID: optional(z.string()),
  WHATSAPP_ACCESS_TOKEN: optional(z.string()),
  WHATSAPP_APP_SECRET: optional(z.string()),
  LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])),
});

export interface SandboxConfig {
  host: string;
  port: number;
  /** The sandbox's own origin, as browsers and the app reach it. */
  origin: string;
  /** The app's origin, for webhooks sent before any request named it. */
  appOrigin: string;
  cashfree: { clientId: string; clientSecret: string; partnerApiKey: string };
  msg91AuthKey: string;
  /** MSG91's delivery-report webhook: the app's URL with this token. */
  msg91WebhookToken: string;
  /** D151: the WhatsApp Cloud API's business number, the token it takes, the webhook's key. */
  whatsapp: { phoneNumberId: string; accessToken: string; appSecret: string };
  /** MIN_KYC_SUBMITTED → MIN_KYC_APPROVED after this long; 0 is immediate. */
  kycReviewMs: number;
  /** A mandate approved on its page: BANK_APPROVAL_PENDING → ACTIVE after this long. */
  mandateApprovalMs: number;
  /** A mandate debit's outcome after this long. */
  debitProcessingMs: number;
  /** D254: the shared test clock's file, or null (the system's time). */
  testClockFile: string | null;
  /** D272: how often the due settlements are paid out by themselves; 0: only when asked. */
  settleEveryMs: number;
  logLevel: string;
}

export function loadSandboxConfig(env: Record<string, string | undefined>): SandboxConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const host = e.SANDBOX_HOST ?? '127.0.0.1';
  // D116: the sandbox knows the development secrets and shows every OTP it was asked to send.
  if (!isLoopback(host)) {
    throw new ConfigError([`SANDBOX_HOST=${host}: the sandbox serves a loopback address only`]);
  }
  const port = e.SANDBOX_PORT ?? DEFAULT_SANDBOX_PORT;
  return {
    host,
    port,
    origin: (e.SANDBOX_ORIGIN ?? `http://${host}:${port}`).replace(/\/+$/, ''),
    appOrigin: (e.SANDBOX_APP_ORIGIN ?? 'http://127.0.0.1:3000').replace(/\/+$/, ''),
    cashfree: {
      clientId: e.CASHFREE_CLIENT_ID ?? DEV_CASHFREE_CLIENT_ID,
      clientSecret: e.CASHFREE_CLIENT_SECRET ?? DEV_CASHFREE_CLIENT_SECRET,
      partnerApiKey: e.CASHFREE_PARTNER_API_KEY ?? DEV_CASHFREE_PARTNER_API_KEY,
    },
    msg91AuthKey: e.MSG91_AUTH_KEY ?? DEV_MSG91_AUTH_KEY,
    msg91WebhookToken: e.MSG91_WEBHOOK_TOKEN ?? DEV_MSG91_WEBHOOK_TOKEN,
    whatsapp: {
      phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID ?? DEV_WHATSAPP_PHONE_NUMBER_ID,
      accessToken: e.WHATSAPP_ACCESS_TOKEN ?? DEV_WHATSAPP_ACCESS_TOKEN,
      appSecret: e.WHATSAPP_APP_SECRET ?? DEV_WHATSAPP_APP_SECRET,
    },
    kycReviewMs: e.SANDBOX_KYC_REVIEW_MS ?? DEFAULT_KYC_REVIEW_MS,
    mandateApprovalMs: e.SANDBOX_MANDATE_APPROVAL_MS ?? DEFAULT_MANDATE_APPROVAL_MS,
    debitProcessingMs: e.SANDBOX_DEBIT_PROCESSING_MS ?? DEFAULT_DEBIT_PROCESSING_MS,
    testClockFile: e.TEST_CLOCK_FILE ?? null,
    settleEveryMs: e.SANDBOX_SETTLE_EVERY_MS ?? 60_000,
    logLevel: e.LOG_LEVEL ?? 'info',
  };
}
