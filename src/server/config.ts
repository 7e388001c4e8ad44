// Server configuration: the environment, parsed by one zod schema (ARCHITECTURE.md, Server).
// Every variable has a default that gives a working local run against the sandbox server
// (sandbox/, D120); production, or any address but loopback, refuses to start until the
// defaults that are only safe on a developer's machine have been replaced.
import { z } from 'zod';
import type { Locale } from '../domain/locale';
import { DEFAULT_POOL_MAX } from './db/client';
import { DEV_DATA_ENCRYPTION_KEYS, parseKeyring, type Keyring } from './crypto/sealing';
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
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankToUndefined, schema.optional());

const envSchema = z.object({
  NODE_ENV: optional(z.enum(['development', 'test', 'production'])),
  HOST: optional(z.string()),
  PORT: optional(z.coerce.number().int().min(0).max(65535)),
  DATABASE_URL: optional(
    z
      .string()
      .regex(
        /^(postgres(ql)?:\/\/|memory:\/\/)/,
        'must start with postgres://, postgresql:// or memory://',
      ),
  ),
  DATA_DIR: optional(z.string()),
  DATABASE_POOL_MAX: optional(z.coerce.number().int().min(1).max(1000)),
  APP_SECRET: optional(z.string()),
  /** D315: `keyId:base64key` entries, the first current; seals PANs and references at rest. */
  DATA_ENCRYPTION_KEYS: optional(
    z.string().transform((text, ctx) => {
      try {
        return parseKeyring(text);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  ),
  PUBLIC_ORIGIN: optional(z.url()),
  /** D120: the sandbox server's origin; `none` turns it off (the default in production). */
  SANDBOX_ORIGIN: optional(z.union([z.literal('none'), z.url()])),
  SMS_PROVIDER: optional(z.enum(SMS_PROVIDERS)),
  MSG91_BASE_URL: optional(z.url()),
  MSG91_AUTH_KEY: optional(z.string()),
  /** D121: the secret in the delivery-report webhook URL registered with MSG91. */
  MSG91_WEBHOOK_TOKEN: optional(z.string().min(16)),
  /** D121: the DLT template id of each message kind, e.g. MSG91_TEMPLATE_OTP. */
  ...Object.fromEntries(
    SMS_TEMPLATE_NAMES.flatMap((name) => [
      [templateVariable(name), optional(z.string().min(1))],
      [`${templateVariable(name)}_HI`, optional(z.string().min(1))],
    ]),
  ),
  /** D151: the WhatsApp Business Cloud API (the sandbox imitates it locally). */
  WHATSAPP_BASE_URL: optional(z.url()),
  WHATSAPP_PHONE_NUMBER_ID: optional(z.string().regex(/^\d{6,20}$/)),
  WHATSAPP_ACCESS_TOKEN: optional(z.string().min(16)),
  WHATSAPP_APP_SECRET: optional(z.string().min(16)),
  WHATSAPP_VERIFY_TOKEN: optional(z.string().min(16)),
  WHATSAPP_LANGUAGE: optional(z.string().regex(/^[a-z]{2}(_[A-Z]{2})?$/)),
  WHATSAPP_LANGUAGE_HI: optional(z.string().regex(/^[a-z]{2}(_[A-Z]{2})?$/)),
  /** The approved template name of each kind, e.g. WHATSAPP_TEMPLATE_FEE_REMINDER. */
  ...Object.fromEntries(
    WHATSAPP_TEMPLATE_NAMES.map((name) => [
      whatsAppTemplateVariable(name),
      optional(z.string().regex(/^[a-z0-9_]{1,512}$/)),
    ]),
  ),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS)),
  /** One log line per request (not for health checks and static files); off with false. */
  LOG_REQUESTS: optional(z.stringbool()),
  SEED_DEMO_DATA: optional(z.stringbool()),
  CASHFREE_ENV: optional(z.enum(CASHFREE_ENVS)),
  CASHFREE_CLIENT_ID: optional(z.string()),
  CASHFREE_CLIENT_SECRET: optional(z.string()),
  CASHFREE_PG_BASE_URL: optional(z.url()),
  CASHFREE_VERIFICATION_BASE_URL: optional(z.url()),
  CASHFREE_PARTNER_BASE_URL: optional(z.url()),
  CASHFREE_PARTNER_API_KEY: optional(z.string()),
  /** D120: the gateway's browser script (Cashfree's SDK, or the sandbox's stand-in). */
  CASHFREE_CHECKOUT_SCRIPT_URL: optional(z.url()),
  CHECKOUT_ORIGIN: optional(z.url()),
  ONBOARDING_ORIGIN: optional(z.url()),
  /** D122: the header a load balancer puts its request id in (e.g. x-request-id). */
  REQUEST_ID_HEADER: optional(z.string().regex(/^[A-Za-z0-9-]{1,64}$/)),
  /**
   * Issue 13: the support desk's numbers the Aadhaar step shows, 'Label=number' separated by
   * commas, e.g. 'Toll-free=1800 309 4455,WhatsApp=+91 80690 45500'. Unset: none shown.
   */
  SUPPORT_PHONES: optional(
    z
      .string()
      .max(500)
      .regex(
        /^[^=,]{1,30}=\+?[0-9 ]{6,20}(,[^=,]{1,30}=\+?[0-9 ]{6,20})*$/,
        "SUPPORT_PHONES is 'Label=number' pairs separated by commas, e.g. 'Toll-free=1800 309 4455'",
      ),
  ),
  /** D111: an unpaid checkout ends at the gateway this long after it opened. */
  ORDER_EXPIRY_SECONDS: optional(
    z.coerce
      .number()
      .int()
      .min(60)
      .max(30 * 24 * 3600),
  ),
  /** D111: the first re-read of an open order, this long after it was created. */
  RECONCILE_FIRST_CHECK_SECONDS: optional(z.coerce.number().int().min(1).max(3600)),
  /** D108: how often workers look for due work (orders, refunds, webhooks, links). */
  SWEEP_INTERVAL_SECONDS: optional(z.coerce.number().int().min(1).max(3600)),
  /** D108: run the job worker inside this web process (the default on embedded PGlite). */
  WORKER_IN_PROCESS: optional(z.stringbool()),
  /**
   * D115: the proxies whose X-Forwarded-For is believed: a hop count ("1") or a comma-separated
   * list of addresses and CIDR ranges. Unset: the socket's address is the client's.
   */
  TRUST_PROXY: optional(
    z
      .string()
      .regex(/^(\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/, 'a hop count or addresses'),
  ),
  /** D114: login-code limits per client address and overall. */
  OTP_CODES_PER_ADDRESS_PER_HOUR: optional(z.coerce.number().int().min(1)),
  OTP_CODES_PER_ADDRESS_PER_DAY: optional(z.coerce.number().int().min(1)),
  OTP_WRONG_GUESSES_PER_ADDRESS_PER_HOUR: optional(z.coerce.number().int().min(1)),
  OTP_WRONG_GUESSES_PER_ADDRESS_PER_DAY: optional(z.coerce.number().int().min(1)),
  OTP_CODES_PER_MINUTE: optional(z.coerce.number().int().min(1)),
});

export type NodeEnv = 'development' | 'test' | 'production';
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  nodeEnv: NodeEnv;
  host: string;
  port: number;
  /** Absent: PGlite files under dataDir. `memory://`: in-memory PGlite. Else PostgreSQL. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Issue 11: PostgreSQL connections each process may hold (the postgres.js client's `max`). */
  poolMax: number;
  appSecret: string;
  /** D315: the keys personal data is sealed with at rest; never logged. */
  dataKeys: Keyring;
  publicOrigin: string;
  /** D120: the sandbox server's origin, or null (production, or SANDBOX_ORIGIN=none). */
  sandboxOrigin: string | null;
  smsProvider: (typeof SMS_PROVIDERS)[number];
  msg91: {
    baseUrl: string;
    /** Never logged. */
    authKey: string;
    /** The secret of the delivery-report webhook's URL; never logged. */
    webhookToken: string;
    templates: Record<SmsTemplateName, string>;
    /**
     * Issue 15: the Hindi template of each kind, where one is registered; a Hindi reader of a
     * kind without one gets the English template.
     */
    templatesHi: Partial<Record<SmsTemplateName, string>>;
    /** How long one send waits for MSG91 (the sender's default when absent). */
    timeoutMs?: number;
  };
  whatsapp: {
    baseUrl: string;
    phoneNumberId: string;
    /** Never logged. */
    accessToken: string;
    /** Checks the webhook's signatures; never logged. */
    appSecret: string;
    verifyToken: string;
    templates: Record<WhatsAppTemplateName, string>;
    /** The language code each template is approved in, per language of ours. */
    languages: Record<Locale, string>;
    timeoutMs?: number;
  };
  logLevel: LogLevel;
  logRequests: boolean;
  seedDemoData: boolean;
  cashfree: {
    env: (typeof CASHFREE_ENVS)[number];
    clientId: string;
    /** Signs webhooks too: never logged. */
    clientSecret: string;
    /** The PG API base: the local sandbox unless CASHFREE_PG_BASE_URL says otherwise. */
    pgBaseUrl: string;
    /** The verification API (PAN, bank account): the local sandbox by default. */
    verificationBaseUrl: string;
    /** The partner API (merchant onboarding, Aadhaar KYC): the local sandbox by default. */
    partnerBaseUrl: string;
    /** Sent as x-partner-apikey: never logged. */
    partnerApiKey: string;
    /** D120: the browser script the app loads for the hosted checkout. */
    checkoutScriptUrl: string;
  };
  /** D15: the only origin whose checkout pages the browser may be sent to. */
  checkoutOrigin: string;
  /** D15: the only origin whose KYC (onboarding_link) pages the browser may be sent to. */
  onboardingOrigin: string;
  /** D122: request ids from this header when set (a load balancer's), else random. */
  requestIdHeader: string | null;
  /** Issue 13: the support desk's numbers shown on the Aadhaar step; none when unset. */
  supportPhones: SupportPhone[];
  /** D111: when open orders are re-read, and when an unpaid checkout ends at the gateway. */
  reconcile: { firstCheckMs: number; orderExpiryMs: number };
  /** D108: how often a worker sends the sweep (one per interval across all workers). */
  sweepIntervalSeconds: number;
  /** D108: whether this web process also runs the job worker (PGlite: one process owns it). */
  workerInProcess: boolean;
  /** D115: Fastify's trustProxy: false (the socket's address), a hop count or addresses. */
  trustProxy: false | number | string[];
  /** D114. */
  otpFloods: OtpFloodLimits;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid server configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses `env` (process.env in main, a literal object in tests); throws ConfigError. */
/** A support number as configured: 'Toll-free', '1800 309 4455'. */
export interface SupportPhone {
  label: string;
  number: string;
}

export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  const nodeEnv = e.NODE_ENV ?? 'development';
  const production = nodeEnv === 'production';
  const host = e.HOST ?? '127.0.0.1';
  const port = e.PORT ?? 3000;
  const hostInUrl = host.includes(':') ? `[${host}]` : host; // an IPv6 address
  const publicOrigin = (e.PUBLIC_ORIGIN ?? `http://${hostInUrl}:${port}`).replace(/\/+$/, '');
  // D120: the sandbox imitates the gateway and reveals OTPs: never used in production unless
  // named (a staging deployment), and `none` turns it off anywhere.
  const namedSandbox = e.SANDBOX_ORIGIN ?? (production ? 'none' : DEFAULT_SANDBOX_ORIGIN);
  const sandboxOrigin = namedSandbox === 'none' ? null : namedSandbox.replace(/\/+$/, '');
  const cashfreeEnv = e.CASHFREE_ENV ?? 'sandbox';
  const baseUrl = (api: CashfreeApi, configured: string | undefined) =>
    (configured ?? defaultBaseUrl(api, cashfreeEnv, sandboxOrigin)).replace(/\/+$/, '');
  const templates = Object.fromEntries(
    SMS_TEMPLATE_NAMES.map((name) => [
      name,
      (e as Record<string, string | undefined>)[templateVariable(name)] ??
        DEV_SMS_TEMPLATE_IDS[name],
    ]),
  ) as Record<SmsTemplateName, string>;
  // Outside production the sandbox's Hindi templates; in production only those configured.
  const templatesHi: Partial<Record<SmsTemplateName, string>> = {};
  for (const name of SMS_TEMPLATE_NAMES) {
    const id =
      (e as Record<string, string | undefined>)[`${templateVariable(name)}_HI`] ??
      (production ? undefined : DEV_SMS_TEMPLATE_IDS_HI[name]);
    if (id) templatesHi[name] = id;
  }
  // D15: the browser goes to checkout and KYC pages of the sandbox, or of the real gateway.
  const gatewayPages = sandboxOrigin ?? publicOrigin;
  const config: Config = {
    nodeEnv,
    host,
    port,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR ?? '.data/pglite',
    poolMax: e.DATABASE_POOL_MAX ?? DEFAULT_POOL_MAX,
    appSecret: e.APP_SECRET ?? DEV_APP_SECRET,
    dataKeys: e.DATA_ENCRYPTION_KEYS ?? DEV_KEYRING,
    publicOrigin,
    sandboxOrigin,
    smsProvider: e.SMS_PROVIDER ?? 'msg91',
    msg91: {
      baseUrl: (
        e.MSG91_BASE_URL ?? (sandboxOrigin ? `${sandboxOrigin}/sandbox/msg91/api/v5` : MSG91_API)
      ).replace(/\/+$/, ''),
      authKey: e.MSG91_AUTH_KEY ?? DEV_MSG91_AUTH_KEY,
      webhookToken: e.MSG91_WEBHOOK_TOKEN ?? DEV_MSG91_WEBHOOK_TOKEN,
      templates,
      templatesHi,
    },
    whatsapp: {
      baseUrl: (
        e.WHATSAPP_BASE_URL ??
        (sandboxOrigin ? `${sandboxOrigin}/sandbox/whatsapp/v21.0` : WHATSAPP_API)
      ).replace(/\/+$/, ''),
      phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID ?? DEV_WHATSAPP_PHONE_NUMBER_ID,
      accessToken: e.WHATSAPP_ACCESS_TOKEN ?? DEV_WHATSAPP_ACCESS_TOKEN,
      appSecret: e.WHATSAPP_APP_SECRET ?? DEV_WHATSAPP_APP_SECRET,
      verifyToken: e.WHATSAPP_VERIFY_TOKEN ?? DEV_WHATSAPP_VERIFY_TOKEN,
      templates: Object.fromEntries(
        WHATSAPP_TEMPLATE_NAMES.map((name) => [
          name,
          (e as Record<string, string | undefined>)[whatsAppTemplateVariable(name)] ??
            WHATSAPP_TEMPLATES[name],
        ]),
      ) as Record<WhatsAppTemplateName, string>,
      languages: {
        en: e.WHATSAPP_LANGUAGE ?? WHATSAPP_LANGUAGE,
        hi: e.WHATSAPP_LANGUAGE_HI ?? WHATSAPP_LANGUAGE_HI,
      },
    },
    logLevel: e.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    logRequests: e.LOG_REQUESTS ?? true,
    seedDemoData: e.SEED_DEMO_DATA ?? !production,
    cashfree: {
      env: cashfreeEnv,
      clientId: e.CASHFREE_CLIENT_ID ?? DEV_CASHFREE_CLIENT_ID,
      clientSecret: e.CASHFREE_CLIENT_SECRET ?? DEV_CASHFREE_CLIENT_SECRET,
      pgBaseUrl: baseUrl('pg', e.CASHFREE_PG_BASE_URL),
      verificationBaseUrl: baseUrl('verification', e.CASHFREE_VERIFICATION_BASE_URL),
      partnerBaseUrl: baseUrl('partners', e.CASHFREE_PARTNER_BASE_URL),
      partnerApiKey: e.CASHFREE_PARTNER_API_KEY ?? DEV_CASHFREE_PARTNER_API_KEY,
      checkoutScriptUrl:
        e.CASHFREE_CHECKOUT_SCRIPT_URL ??
        (sandboxOrigin ? `${sandboxOrigin}/sandbox/cashfree/js/v3/cashfree.js` : CASHFREE_SDK_URL),
    },
    checkoutOrigin: new URL(e.CHECKOUT_ORIGIN ?? gatewayPages).origin,
    onboardingOrigin: new URL(e.ONBOARDING_ORIGIN ?? gatewayPages).origin,
    requestIdHeader: e.REQUEST_ID_HEADER?.toLowerCase() ?? null,
    supportPhones: (e.SUPPORT_PHONES ?? '')
      .split(',')
      .filter(Boolean)
      .map((pair) => {
        const [label = '', number = ''] = pair.split('=');
        return { label: label.trim(), number: number.trim() };
      }),
    reconcile: {
      firstCheckMs:
        (e.RECONCILE_FIRST_CHECK_SECONDS ?? DEFAULT_RECONCILE_TIMING.firstCheckMs / 1000) * 1000,
      orderExpiryMs:
        (e.ORDER_EXPIRY_SECONDS ?? DEFAULT_RECONCILE_TIMING.orderExpiryMs / 1000) * 1000,
    },
    sweepIntervalSeconds: e.SWEEP_INTERVAL_SECONDS ?? 15,
    workerInProcess:
      e.WORKER_IN_PROCESS ?? !(e.DATABASE_URL && /^postgres(ql)?:\/\//.test(e.DATABASE_URL)),
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    otpFloods: otpFloodsOf(e),
  };
  if (!production && !isLoopback(host)) {
    // D116: the known development secrets never face a network, whatever NODE_ENV says.
    const problems = secretProblems(config);
    if (problems.length > 0) {
      throw new ConfigError([
        `HOST=${host} is not a loopback address, so development defaults are refused:`,
        ...problems,
      ]);
    }
  }
  if (production) {
    const problems = secretProblems(config);
    // D15: with the real gateway, the pages the browser is sent to are on Cashfree's origins.
    if (!sandboxOrigin && e.CHECKOUT_ORIGIN === undefined) {
      problems.push("CHECKOUT_ORIGIN is missing: set it to the gateway's checkout origin");
    }
    if (!sandboxOrigin && e.ONBOARDING_ORIGIN === undefined) {
      problems.push("ONBOARDING_ORIGIN is missing: set it to the gateway's KYC pages' origin");
    }
    if (problems.length > 0) throw new ConfigError(problems);
  }
  return config;
}

function trustProxyOf(value: string | undefined): Config['trustProxy'] {
  if (value === undefined) return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((part) => part.trim());
}

function otpFloodsOf(e: z.infer<typeof envSchema>): OtpFloodLimits {
  const d = DEFAULT_OTP_FLOOD_LIMITS;
  const [codesHour, codesDay] = d.codesPerAddress;
  const [wrongHour, wrongDay] = d.wrongGuessesPerAddress;
  const limit = (max: number | undefined, fallback: RateLimit): RateLimit => ({
    max: max ?? fallback.max,
    windowMs: fallback.windowMs,
  });
  return {
    codesPerAddress: [
      limit(e.OTP_CODES_PER_ADDRESS_PER_HOUR, codesHour!),
      limit(e.OTP_CODES_PER_ADDRESS_PER_DAY, codesDay!),
    ],
    wrongGuessesPerAddress: [
      limit(e.OTP_WRONG_GUESSES_PER_ADDRESS_PER_HOUR, wrongHour!),
      limit(e.OTP_WRONG_GUESSES_PER_ADDRESS_PER_DAY, wrongDay!),
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
