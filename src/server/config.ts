// Server configuration: the environment, parsed by one zod schema (ARCHITECTURE.md, Server).
// Every variable has a default that gives a working local run against the sandbox server
// (sandbox/, D120); production, or any address but loopback, refuses to start until the
// defaults that are only safe on a developer's machine have been replaced.
import { z } from 'zod';
import { PRODUCT_NAME } from '../domain/constants';
import { gstinProblem } from '../domain/gstin';
import type { Locale } from '../domain/locale';
import { DEFAULT_POOL_MAX } from './db/client';
import { DEV_DATA_ENCRYPTION_KEYS, parseKeyring } from './crypto/sealing';
import { DEFAULT_OTP_FLOOD_LIMITS, type OtpFloodLimits } from './auth/otpFloods';
import type { RateLimit } from './services/rateLimits';
import { DEFAULT_RECONCILE_TIMING } from './services/reconcileSchedule';
import {
  DEV_SMS_TEMPLATE_IDS,
  DEV_SMS_TEMPLATE_IDS_HI,
  SMS_TEMPLATE_NAMES,
  type SmsTemplateName,
} from './sms/templates';
import {
  WHATSAPP_LANGUAGE,
  WHATSAPP_LANGUAGE_HI,
  WHATSAPP_TEMPLATE_NAMES,
  WHATSAPP_TEMPLATES,
  type WhatsAppTemplateName,
} from './whatsapp/templates';

/** The development HMAC key. Fine locally, refused in production. */
export const DEV_APP_SECRET = 'tuitionpay-dev-secret-not-for-production';
/** The development gateway credentials: the sandbox accepts them, production refuses them. */
export const DEV_CASHFREE_CLIENT_ID = 'TEST_tuitionpay_dev_client';
export const DEV_CASHFREE_CLIENT_SECRET = 'cfsk_ma_test_tuitionpay_dev_secret_not_for_production';
/** The development partner API key (merchant onboarding): the sandbox accepts it only. */
export const DEV_CASHFREE_PARTNER_API_KEY = 'partner_test_tuitionpay_dev_key_not_for_production';
/** The development MSG91 auth key: the sandbox's MSG91 accepts it only. */
export const DEV_MSG91_AUTH_KEY = 'msg91_dev_authkey_not_for_production';
/** The development token of the delivery-report webhook URL (the sandbox sends it). */
export const DEV_MSG91_WEBHOOK_TOKEN = 'msg91_dev_webhook_token_not_for_production';
/** D151: the development WhatsApp Cloud API credentials: the sandbox's imitation takes them. */
export const DEV_WHATSAPP_PHONE_NUMBER_ID = '100000000000001';
export const DEV_WHATSAPP_ACCESS_TOKEN = 'whatsapp_dev_access_token_not_for_production';
/** Signs the webhook's POSTs (X-Hub-Signature-256). */
export const DEV_WHATSAPP_APP_SECRET = 'whatsapp_dev_app_secret_not_for_production';
/** Echoed back when Meta checks the webhook URL (hub.verify_token). */
export const DEV_WHATSAPP_VERIFY_TOKEN = 'whatsapp_dev_verify_token_not_for_production';
/**
 * D269: TuitionPay as the supplier of its platform fee, on its own tax invoices. The
 * development GSTIN is of the right shape and check character but registered to no one;
 * production refuses to start with it.
 */
export const DEV_PLATFORM_GSTIN = '29AAGCT4051R1ZN';
export const DEV_PLATFORM_ADDRESS = 'TuitionPay (development), 1 MG Road, Bengaluru 560001';
/** Where the sandbox server listens by default (sandbox/config.ts). */
export const DEFAULT_SANDBOX_ORIGIN = 'http://127.0.0.1:3100';
const MIN_SECRET_LENGTH = 32;
const DEV_KEYRING = parseKeyring(DEV_DATA_ENCRYPTION_KEYS);
const MSG91_API = 'https://control.msg91.com/api/v5';
const WHATSAPP_API = 'https://graph.facebook.com/v21.0';
const CASHFREE_SDK_URL = 'https://sdk.cashfree.com/js/v3/cashfree.js';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
// D121: MSG91 (the sandbox imitates it locally); another provider adds its name and a sender.
const SMS_PROVIDERS = ['msg91'] as const;
const CASHFREE_ENVS = ['sandbox', 'production'] as const;
// Cashfree's three APIs we use, in production and in Cashfree's hosted sandbox.
const CASHFREE_API_BASES = {
  pg: { production: 'https://api.cashfree.com/pg', sandbox: 'https://sandbox.cashfree.com/pg' },
  verification: {
    production: 'https://api.cashfree.com/verification',
    sandbox: 'https://sandbox.cashfree.com/verification',
  },
  partners: {
    production: 'https://api.cashfree.com/partners',
    sandbox: 'https://sandbox.cashfree.com/partners',
  },
} as const;
type CashfreeApi = keyof typeof CASHFREE_API_BASES;

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
/** A variable that may be unset (or blank): then `fallback`, if given, else undefined. */
function setting<T extends z.ZodType>(schema: T): z.ZodPipe<z.ZodTransform, z.ZodOptional<T>>;
function setting<T extends z.ZodType>(
  schema: T,
  fallback: z.util.NoUndefined<z.output<T>>,
): z.ZodPipe<z.ZodTransform, z.ZodDefault<T>>;
function setting(schema: z.ZodType, fallback?: unknown): z.ZodType {
  return z.preprocess(
    blankToUndefined,
    fallback === undefined ? schema.optional() : schema.default(fallback as never),
  );
}

const envSchema = z.object({
  /** Unset: development on a loopback HOST, production on any other (D214). */
  NODE_ENV: setting(z.enum(['development', 'test', 'production'])),
  HOST: setting(z.string(), '127.0.0.1'),
  PORT: setting(z.coerce.number().int().min(0).max(65535), 3000),
  /** Unset: PGlite files under DATA_DIR. `memory://`: in-memory PGlite. Else PostgreSQL. */
  DATABASE_URL: setting(
    z
      .string()
      .regex(
        /^(postgres(ql)?:\/\/|memory:\/\/)/,
        'must start with postgres://, postgresql:// or memory://',
      ),
  ),
  DATA_DIR: setting(z.string(), '.data/pglite'),
  /** Issue 11: PostgreSQL connections each process may hold (the postgres.js client's `max`). */
  DATABASE_POOL_MAX: setting(z.coerce.number().int().min(1).max(1000), DEFAULT_POOL_MAX),
  APP_SECRET: setting(z.string(), DEV_APP_SECRET),
  /** D315: `keyId:base64key` entries, the first current; seals PANs and references at rest. */
  DATA_ENCRYPTION_KEYS: setting(
    z.string().transform((text, ctx) => {
      try {
        return parseKeyring(text);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
    DEV_KEYRING,
  ),
  PUBLIC_ORIGIN: setting(z.url()),
  /** D120: the sandbox server's origin; `none` turns it off (the default in production). */
  SANDBOX_ORIGIN: setting(z.union([z.literal('none'), z.url()])),
  SMS_PROVIDER: setting(z.enum(SMS_PROVIDERS), 'msg91'),
  MSG91_BASE_URL: setting(z.url()),
  /** Never logged. */
  MSG91_AUTH_KEY: setting(z.string(), DEV_MSG91_AUTH_KEY),
  /** D121: the secret in the delivery-report webhook URL registered with MSG91; never logged. */
  MSG91_WEBHOOK_TOKEN: setting(z.string().min(16), DEV_MSG91_WEBHOOK_TOKEN),
  /** How long one send waits for MSG91, in ms (unset: the sender's own default). */
  MSG91_TIMEOUT_MS: setting(z.coerce.number().int().min(100).max(120_000)),
  /** D121: the DLT template id of each message kind, e.g. MSG91_TEMPLATE_OTP. */
  ...Object.fromEntries(
    SMS_TEMPLATE_NAMES.flatMap((name) => [
      [templateVariable(name), setting(z.string().min(1))],
      [`${templateVariable(name)}_HI`, setting(z.string().min(1))],
    ]),
  ),
  /** D151: the WhatsApp Business Cloud API (the sandbox imitates it locally). */
  WHATSAPP_BASE_URL: setting(z.url()),
  WHATSAPP_PHONE_NUMBER_ID: setting(z.string().regex(/^\d{6,20}$/), DEV_WHATSAPP_PHONE_NUMBER_ID),
  /** Never logged. */
  WHATSAPP_ACCESS_TOKEN: setting(z.string().min(16), DEV_WHATSAPP_ACCESS_TOKEN),
  /** Checks the webhook's signatures (X-Hub-Signature-256); never logged. */
  WHATSAPP_APP_SECRET: setting(z.string().min(16), DEV_WHATSAPP_APP_SECRET),
  /** Echoed back when Meta checks the webhook URL (hub.verify_token). */
  WHATSAPP_VERIFY_TOKEN: setting(z.string().min(16), DEV_WHATSAPP_VERIFY_TOKEN),
  /** The language code each template is approved in, for English and for Hindi. */
  WHATSAPP_LANGUAGE: setting(z.string().regex(/^[a-z]{2}(_[A-Z]{2})?$/), WHATSAPP_LANGUAGE),
  WHATSAPP_LANGUAGE_HI: setting(z.string().regex(/^[a-z]{2}(_[A-Z]{2})?$/), WHATSAPP_LANGUAGE_HI),
  /** How long one send waits for the Cloud API, in ms (unset: the sender's own default). */
  WHATSAPP_TIMEOUT_MS: setting(z.coerce.number().int().min(100).max(120_000)),
  /** The approved template name of each kind, e.g. WHATSAPP_TEMPLATE_FEE_REMINDER. */
  ...Object.fromEntries(
    WHATSAPP_TEMPLATE_NAMES.map((name) => [
      whatsAppTemplateVariable(name),
      setting(z.string().regex(/^[a-z0-9_]{1,512}$/), WHATSAPP_TEMPLATES[name]),
    ]),
  ),
  LOG_LEVEL: setting(z.enum(LOG_LEVELS)),
  /** One log line per request (not for health checks and static files); off with false. */
  LOG_REQUESTS: setting(z.stringbool(), true),
  SEED_DEMO_DATA: setting(z.stringbool()),
  CASHFREE_ENV: setting(z.enum(CASHFREE_ENVS), 'sandbox'),
  CASHFREE_CLIENT_ID: setting(z.string(), DEV_CASHFREE_CLIENT_ID),
  /** Signs webhooks too: never logged. */
  CASHFREE_CLIENT_SECRET: setting(z.string(), DEV_CASHFREE_CLIENT_SECRET),
  /** The PG API base: the local sandbox unless set. */
  CASHFREE_PG_BASE_URL: setting(z.url()),
  /** The verification API (PAN, bank account): the local sandbox unless set. */
  CASHFREE_VERIFICATION_BASE_URL: setting(z.url()),
  /** The partner API (merchant onboarding, Aadhaar KYC): the local sandbox unless set. */
  CASHFREE_PARTNER_BASE_URL: setting(z.url()),
  /** Sent as x-partner-apikey: never logged. */
  CASHFREE_PARTNER_API_KEY: setting(z.string(), DEV_CASHFREE_PARTNER_API_KEY),
  /** D120: the gateway's browser script (Cashfree's SDK, or the sandbox's stand-in). */
  CASHFREE_CHECKOUT_SCRIPT_URL: setting(z.url()),
  /** D15: the only origin whose checkout pages the browser may be sent to. */
  CHECKOUT_ORIGIN: setting(z.url()),
  /** D15: the only origin whose KYC (onboarding_link) pages the browser may be sent to. */
  ONBOARDING_ORIGIN: setting(z.url()),
  /** D122: the header a load balancer puts its request id in (e.g. x-request-id). */
  REQUEST_ID_HEADER: setting(z.string().regex(/^[A-Za-z0-9-]{1,64}$/)),
  /**
   * Issue 13: the support desk's numbers the Aadhaar step shows, 'Label=number' separated by
   * commas, e.g. 'Toll-free=1800 309 4455,WhatsApp=+91 80690 45500'. Unset: none shown.
   */
  SUPPORT_PHONES: setting(
    z
      .string()
      .max(500)
      .regex(
        /^[^=,]{1,30}=\+?[0-9 ]{6,20}(,[^=,]{1,30}=\+?[0-9 ]{6,20})*$/,
        "SUPPORT_PHONES is 'Label=number' pairs separated by commas, e.g. 'Toll-free=1800 309 4455'",
      ),
    '',
  ),
  /** D111: an unpaid checkout ends at the gateway this long after it opened. */
  ORDER_EXPIRY_SECONDS: setting(
    z.coerce
      .number()
      .int()
      .min(60)
      .max(30 * 24 * 3600),
    DEFAULT_RECONCILE_TIMING.orderExpiryMs / 1000,
  ),
  /** D111: the first re-read of an open order, this long after it was created. */
  RECONCILE_FIRST_CHECK_SECONDS: setting(
    z.coerce.number().int().min(1).max(3600),
    DEFAULT_RECONCILE_TIMING.firstCheckMs / 1000,
  ),
  /** D108: how often workers look for due work (one sweep per interval across all workers). */
  SWEEP_INTERVAL_SECONDS: setting(z.coerce.number().int().min(1).max(3600), 15),
  /** D108: run the job worker inside this web process (the default on embedded PGlite). */
  WORKER_IN_PROCESS: setting(z.stringbool()),
  /**
   * D254: NODE_ENV=test only: the file of a clock tests move (src/server/testClock.ts), shared
   * by every process of the run, with the route that moves it (loopback only).
   */
  TEST_CLOCK_FILE: setting(z.string().min(1)),
  /**
   * D115: the proxies whose X-Forwarded-For is believed: a hop count ("1") or a comma-separated
   * list of addresses and CIDR ranges. Unset: the socket's address is the client's.
   */
  TRUST_PROXY: setting(
    z
      .string()
      .regex(/^(\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/, 'a hop count or addresses'),
  ),
  /** D114: login-code limits per client address and overall. */
  OTP_CODES_PER_ADDRESS_PER_HOUR: setting(
    z.coerce.number().int().min(1),
    DEFAULT_OTP_FLOOD_LIMITS.codesPerAddress[0]!.max,
  ),
  OTP_CODES_PER_ADDRESS_PER_DAY: setting(
    z.coerce.number().int().min(1),
    DEFAULT_OTP_FLOOD_LIMITS.codesPerAddress[1]!.max,
  ),
  OTP_WRONG_GUESSES_PER_ADDRESS_PER_HOUR: setting(
    z.coerce.number().int().min(1),
    DEFAULT_OTP_FLOOD_LIMITS.wrongGuessesPerAddress[0]!.max,
  ),
  OTP_WRONG_GUESSES_PER_ADDRESS_PER_DAY: setting(
    z.coerce.number().int().min(1),
    DEFAULT_OTP_FLOOD_LIMITS.wrongGuessesPerAddress[1]!.max,
  ),
  OTP_CODES_PER_MINUTE: setting(
    z.coerce.number().int().min(1),
    DEFAULT_OTP_FLOOD_LIMITS.codesOverall.max,
  ),
  /**
   * D210: the most fee reminders the platform sends in an IST day by each channel: what its
   * DLT sender (SMS) and its WhatsApp number's messaging tier allow. The defaults: WhatsApp's
   * first messaging tier (1,000 business-started conversations a day; Meta raises it with the
   * number's quality), and for SMS what a DLT sender is commonly set up for.
   */
  REMINDERS_PER_DAY_SMS: setting(z.coerce.number().int().min(0), 100_000),
  REMINDERS_PER_DAY_WHATSAPP: setting(z.coerce.number().int().min(0), 1_000),
  /** Issue 51 (D275): payers per batch (one transaction) of the reminder pass. */
  REMINDER_BATCH_SIZE: setting(z.coerce.number().int().min(1).max(20_000), 5_000),
  /** D269: our own GST registration, for the platform fee's invoices. */
  PLATFORM_GSTIN: setting(
    z
      .string()
      .refine((value) => gstinProblem(value) === null, 'PLATFORM_GSTIN is not a valid GSTIN'),
    DEV_PLATFORM_GSTIN,
  ),
  PLATFORM_LEGAL_NAME: setting(z.string().min(1).max(100), PRODUCT_NAME),
  PLATFORM_ADDRESS: setting(z.string().min(1).max(300)),
});
type Env = z.output<typeof envSchema>;
/** A variable whose name is made from a template's (MSG91_TEMPLATE_OTP, its _HI twin). */
const named = (e: Env, variable: string) =>
  (e as Record<string, unknown>)[variable] as string | undefined;

/** The parsed environment, shaped as the server reads it. Defaults are the schema's, above. */
const configSchema = envSchema.transform((e) => {
  // D214: a server bound beyond this machine with no NODE_ENV is a production server.
  const nodeEnv = e.NODE_ENV ?? (isLoopback(e.HOST) ? 'development' : 'production');
  const production = nodeEnv === 'production';
  const hostInUrl = e.HOST.includes(':') ? `[${e.HOST}]` : e.HOST; // an IPv6 address
  const publicOrigin = (e.PUBLIC_ORIGIN ?? `http://${hostInUrl}:${e.PORT}`).replace(/\/+$/, '');
  // D120: the sandbox imitates the gateway and reveals OTPs: never used in production unless
  // named (a staging deployment), and `none` turns it off anywhere.
  const namedSandbox = e.SANDBOX_ORIGIN ?? (production ? 'none' : DEFAULT_SANDBOX_ORIGIN);
  const sandboxOrigin = namedSandbox === 'none' ? null : namedSandbox.replace(/\/+$/, '');
  const baseUrl = (api: CashfreeApi, configured: string | undefined) =>
    (configured ?? defaultBaseUrl(api, e.CASHFREE_ENV, sandboxOrigin)).replace(/\/+$/, '');
  const templates = Object.fromEntries(
    SMS_TEMPLATE_NAMES.map((name) => [
      name,
      named(e, templateVariable(name)) ?? DEV_SMS_TEMPLATE_IDS[name],
    ]),
  ) as Record<SmsTemplateName, string>;
  // Issue 15: the Hindi template of each kind, where one is registered (a Hindi reader of a kind
  // without one gets the English template): outside production the sandbox's, in production
  // only those configured.
  const templatesHi: Partial<Record<SmsTemplateName, string>> = {};
  for (const name of SMS_TEMPLATE_NAMES) {
    const id =
      named(e, `${templateVariable(name)}_HI`) ??
      (production ? undefined : DEV_SMS_TEMPLATE_IDS_HI[name]);
    if (id) templatesHi[name] = id;
  }
  // D15: the browser goes to checkout and KYC pages of the sandbox, or of the real gateway.
  const gatewayPages = sandboxOrigin ?? publicOrigin;
  return {
    nodeEnv,
    /** D214: how the mode was decided, for the line the server logs at start. */
    modeSource: e.NODE_ENV ? ('NODE_ENV' as const) : ('host' as const),
    host: e.HOST,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    poolMax: e.DATABASE_POOL_MAX,
    appSecret: e.APP_SECRET,
    /** D315: the keys personal data is sealed with at rest; never logged. */
    dataKeys: e.DATA_ENCRYPTION_KEYS,
    publicOrigin,
    /** D120: the sandbox server's origin, or null (production, or SANDBOX_ORIGIN=none). */
    sandboxOrigin,
    smsProvider: e.SMS_PROVIDER,
    msg91: {
      baseUrl: (
        e.MSG91_BASE_URL ?? (sandboxOrigin ? `${sandboxOrigin}/sandbox/msg91/api/v5` : MSG91_API)
      ).replace(/\/+$/, ''),
      authKey: e.MSG91_AUTH_KEY,
      webhookToken: e.MSG91_WEBHOOK_TOKEN,
      templates,
      templatesHi,
      timeoutMs: e.MSG91_TIMEOUT_MS,
    },
    whatsapp: {
      baseUrl: (
        e.WHATSAPP_BASE_URL ??
        (sandboxOrigin ? `${sandboxOrigin}/sandbox/whatsapp/v21.0` : WHATSAPP_API)
      ).replace(/\/+$/, ''),
      phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
      accessToken: e.WHATSAPP_ACCESS_TOKEN,
      appSecret: e.WHATSAPP_APP_SECRET,
      verifyToken: e.WHATSAPP_VERIFY_TOKEN,
      templates: Object.fromEntries(
        WHATSAPP_TEMPLATE_NAMES.map((name) => [name, named(e, whatsAppTemplateVariable(name))]),
      ) as Record<WhatsAppTemplateName, string>,
      languages: { en: e.WHATSAPP_LANGUAGE, hi: e.WHATSAPP_LANGUAGE_HI } satisfies Record<
        Locale,
        string
      >,
      timeoutMs: e.WHATSAPP_TIMEOUT_MS,
    },
    logLevel: e.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    logRequests: e.LOG_REQUESTS,
    // D214: demo data (known phones, a known tutor) only on a server nobody else can reach.
    seedDemoData: e.SEED_DEMO_DATA ?? (!production && isLoopback(e.HOST)),
    cashfree: {
      env: e.CASHFREE_ENV,
      clientId: e.CASHFREE_CLIENT_ID,
      clientSecret: e.CASHFREE_CLIENT_SECRET,
      pgBaseUrl: baseUrl('pg', e.CASHFREE_PG_BASE_URL),
      verificationBaseUrl: baseUrl('verification', e.CASHFREE_VERIFICATION_BASE_URL),
      partnerBaseUrl: baseUrl('partners', e.CASHFREE_PARTNER_BASE_URL),
      partnerApiKey: e.CASHFREE_PARTNER_API_KEY,
      checkoutScriptUrl:
        e.CASHFREE_CHECKOUT_SCRIPT_URL ??
        (sandboxOrigin ? `${sandboxOrigin}/sandbox/cashfree/js/v3/cashfree.js` : CASHFREE_SDK_URL),
    },
    checkoutOrigin: new URL(e.CHECKOUT_ORIGIN ?? gatewayPages).origin,
    onboardingOrigin: new URL(e.ONBOARDING_ORIGIN ?? gatewayPages).origin,
    /** D122: request ids from this header when set (a load balancer's), else random. */
    requestIdHeader: e.REQUEST_ID_HEADER?.toLowerCase() ?? null,
    /** Issue 13: the support desk's numbers shown on the Aadhaar step; none when unset. */
    supportPhones: e.SUPPORT_PHONES.split(',')
      .filter(Boolean)
      .map((pair) => {
        const [label = '', number = ''] = pair.split('=');
        return { label: label.trim(), number: number.trim() };
      }),
    /** D111: when open orders are re-read, and when an unpaid checkout ends at the gateway. */
    reconcile: {
      firstCheckMs: e.RECONCILE_FIRST_CHECK_SECONDS * 1000,
      orderExpiryMs: e.ORDER_EXPIRY_SECONDS * 1000,
    },
    sweepIntervalSeconds: e.SWEEP_INTERVAL_SECONDS,
    /** D254: the moved clock's file (NODE_ENV=test only), or null. */
    testClockFile: nodeEnv === 'test' ? (e.TEST_CLOCK_FILE ?? null) : null,
    /** D108: whether this web process also runs the job worker (PGlite: one process owns it). */
    workerInProcess:
      e.WORKER_IN_PROCESS ?? !(e.DATABASE_URL && /^postgres(ql)?:\/\//.test(e.DATABASE_URL)),
    /** D115: Fastify's trustProxy: false (the socket's address), a hop count or addresses. */
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    /** D114. */
    otpFloods: otpFloodsOf(e),
    /** D210: the platform's daily ceiling of fee reminders per channel. */
    remindersPerDay: { sms: e.REMINDERS_PER_DAY_SMS, whatsapp: e.REMINDERS_PER_DAY_WHATSAPP },
    reminderBatchSize: e.REMINDER_BATCH_SIZE,
    /** D269: TuitionPay as the supplier of its platform fee. */
    platform: {
      name: e.PLATFORM_LEGAL_NAME,
      gstin: e.PLATFORM_GSTIN,
      address: e.PLATFORM_ADDRESS ?? DEV_PLATFORM_ADDRESS,
    },
  };
});

/** The server's settings: what configSchema makes of the environment. */
export type Config = z.output<typeof configSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid server configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses `env` (process.env in main, a literal object in tests); throws ConfigError. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const config = parsed.data;
  const production = config.nodeEnv === 'production';
  if (config.seedDemoData && !isLoopback(config.host)) {
    throw new ConfigError([
      `SEED_DEMO_DATA: demo data is refused on HOST=${config.host}, which is not a loopback address`,
    ]);
  }
  if (!production && !isLoopback(config.host)) {
    // D116: the known development secrets never face a network, whatever NODE_ENV says.
    const problems = secretProblems(config);
    if (problems.length > 0) {
      throw new ConfigError([
        `HOST=${config.host} is not a loopback address, so development defaults are refused:`,
        ...problems,
      ]);
    }
  }
  if (production) {
    const problems = secretProblems(config);
    // D15: with the real gateway, the pages the browser is sent to are on Cashfree's origins.
    if (!config.sandboxOrigin && env.CHECKOUT_ORIGIN === undefined) {
      problems.push("CHECKOUT_ORIGIN is missing: set it to the gateway's checkout origin");
    }
    if (!config.sandboxOrigin && env.ONBOARDING_ORIGIN === undefined) {
      problems.push("ONBOARDING_ORIGIN is missing: set it to the gateway's KYC pages' origin");
    }
    if (config.platform.gstin === DEV_PLATFORM_GSTIN || !env.PLATFORM_ADDRESS?.trim()) {
      problems.push(
        'PLATFORM_GSTIN and PLATFORM_ADDRESS are missing: our invoices need them (D269)',
      );
    }
    if (problems.length > 0) throw new ConfigError(problems);
  }
  return config;
}

function trustProxyOf(value: string | undefined): false | number | string[] {
  if (value === undefined) return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((part) => part.trim());
}

/** D114: the limits as configured, over the default windows (an hour, a day, a minute). */
function otpFloodsOf(e: Env): OtpFloodLimits {
  const d = DEFAULT_OTP_FLOOD_LIMITS;
  const limit = (max: number, { windowMs }: RateLimit): RateLimit => ({ max, windowMs });
  return {
    codesPerAddress: [
      limit(e.OTP_CODES_PER_ADDRESS_PER_HOUR, d.codesPerAddress[0]!),
      limit(e.OTP_CODES_PER_ADDRESS_PER_DAY, d.codesPerAddress[1]!),
    ],
    wrongGuessesPerAddress: [
      limit(e.OTP_WRONG_GUESSES_PER_ADDRESS_PER_HOUR, d.wrongGuessesPerAddress[0]!),
      limit(e.OTP_WRONG_GUESSES_PER_ADDRESS_PER_DAY, d.wrongGuessesPerAddress[1]!),
    ],
    codesOverall: limit(e.OTP_CODES_PER_MINUTE, d.codesOverall),
  };
}

/** The environment variable of a message kind's DLT template id: MSG91_TEMPLATE_OTP. */
function templateVariable(name: SmsTemplateName): string {
  return `MSG91_TEMPLATE_${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
}

/** The environment variable of a kind's WhatsApp template name: WHATSAPP_TEMPLATE_FEE_REMINDER. */
function whatsAppTemplateVariable(name: WhatsAppTemplateName): string {
  return `WHATSAPP_TEMPLATE_${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
}

/**
 * Where the adapter sends calls to one of Cashfree's APIs: Cashfree's production API; else the
 * sandbox server when there is one; else Cashfree's hosted sandbox.
 */
function defaultBaseUrl(
  api: CashfreeApi,
  env: (typeof CASHFREE_ENVS)[number],
  sandboxOrigin: string | null,
): string {
  if (env === 'production') return CASHFREE_API_BASES[api].production;
  return sandboxOrigin
    ? `${sandboxOrigin}/sandbox/cashfree/${api}`
    : CASHFREE_API_BASES[api].sandbox;
}

/** D214: the mode a server runs in, and why, as it says at start. */
export function modeLine(config: Pick<Config, 'nodeEnv' | 'modeSource' | 'host' | 'seedDemoData'>) {
  const why =
    config.modeSource === 'NODE_ENV'
      ? `NODE_ENV=${config.nodeEnv}`
      : isLoopback(config.host)
        ? `NODE_ENV unset, HOST=${config.host} is loopback`
        : `NODE_ENV unset, HOST=${config.host} is not loopback`;
  return `Mode: ${config.nodeEnv} (${why}); demo data ${config.seedDemoData ? 'on' : 'off'}`;
}

/** 127.0.0.0/8, ::1 and localhost: reachable from this machine only. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** The development secrets that are in the source code, for anyone to sign with. */
function secretProblems(config: Config): string[] {
  const problems: string[] = [];
  if (config.appSecret === DEV_APP_SECRET) {
    problems.push(
      'APP_SECRET is missing (the development default is for a developer machine only)',
    );
  } else if (config.appSecret.length < MIN_SECRET_LENGTH) {
    problems.push(`APP_SECRET must be at least ${MIN_SECRET_LENGTH} characters`);
  }
  const devKey = DEV_KEYRING.current.key;
  if ([...config.dataKeys.all.values()].some((key) => key.equals(devKey))) {
    problems.push(
      'DATA_ENCRYPTION_KEYS is missing or holds the development key (for a developer machine only)',
    );
  }
  if (config.cashfree.clientId === DEV_CASHFREE_CLIENT_ID) {
    problems.push(
      'CASHFREE_CLIENT_ID is missing (the development default is for a developer machine only)',
    );
  }
  if (config.cashfree.clientSecret === DEV_CASHFREE_CLIENT_SECRET) {
    problems.push(
      'CASHFREE_CLIENT_SECRET is missing (the development default is for a developer machine only)',
    );
  }
  if (config.cashfree.partnerApiKey === DEV_CASHFREE_PARTNER_API_KEY) {
    problems.push(
      'CASHFREE_PARTNER_API_KEY is missing (the development default is for a developer machine only)',
    );
  }
  if (config.msg91.webhookToken === DEV_MSG91_WEBHOOK_TOKEN) {
    problems.push(
      'MSG91_WEBHOOK_TOKEN is missing (the development default is for a developer machine only)',
    );
  }
  if (config.msg91.authKey === DEV_MSG91_AUTH_KEY) {
    problems.push(
      'MSG91_AUTH_KEY is missing (the development default is for a developer machine only)',
    );
  }
  for (const name of SMS_TEMPLATE_NAMES) {
    if (config.msg91.templates[name] === DEV_SMS_TEMPLATE_IDS[name]) {
      problems.push(`${templateVariable(name)} is missing: the DLT template id of the ${name} SMS`);
    }
  }
  const whatsAppDefaults: [string, string, string][] = [
    ['WHATSAPP_PHONE_NUMBER_ID', config.whatsapp.phoneNumberId, DEV_WHATSAPP_PHONE_NUMBER_ID],
    ['WHATSAPP_ACCESS_TOKEN', config.whatsapp.accessToken, DEV_WHATSAPP_ACCESS_TOKEN],
    ['WHATSAPP_APP_SECRET', config.whatsapp.appSecret, DEV_WHATSAPP_APP_SECRET],
    ['WHATSAPP_VERIFY_TOKEN', config.whatsapp.verifyToken, DEV_WHATSAPP_VERIFY_TOKEN],
  ];
  for (const [variable, value, devDefault] of whatsAppDefaults) {
    if (value === devDefault) {
      problems.push(
        `${variable} is missing (the development default is for a developer machine only)`,
      );
    }
  }
  return problems;
}
