// Server configuration: the environment, parsed by one zod schema (ARCHITECTURE.md, Server).
// Every variable has a default that gives a working local run; production refuses to start
// until the defaults that are only safe on a developer's machine have been replaced.
import { z } from 'zod';

/** The development HMAC key. Fine locally, refused in production. */
export const DEV_APP_SECRET = 'tuitionpay-dev-secret-not-for-production';
const MIN_SECRET_LENGTH = 32;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
// Only the dev outbox exists today; a real provider adds its name here and an SmsSender.
const SMS_PROVIDERS = ['dev'] as const;

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
  APP_SECRET: optional(z.string()),
  PUBLIC_ORIGIN: optional(z.url()),
  SANDBOX_ENABLED: optional(z.stringbool()),
  SMS_PROVIDER: optional(z.enum(SMS_PROVIDERS)),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS)),
  SEED_DEMO_DATA: optional(z.stringbool()),
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
  appSecret: string;
  publicOrigin: string;
  sandboxEnabled: boolean;
  smsProvider: (typeof SMS_PROVIDERS)[number];
  logLevel: LogLevel;
  seedDemoData: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid server configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses `env` (process.env in main, a literal object in tests); throws ConfigError. */
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
  const config: Config = {
    nodeEnv,
    host,
    port,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR ?? '.data/pglite',
    appSecret: e.APP_SECRET ?? DEV_APP_SECRET,
    publicOrigin: (e.PUBLIC_ORIGIN ?? `http://${host}:${port}`).replace(/\/+$/, ''),
    // The sandbox imitates the gateway and reveals OTPs: never on in production by accident.
    sandboxEnabled: e.SANDBOX_ENABLED ?? !production,
    smsProvider: e.SMS_PROVIDER ?? 'dev',
    logLevel: e.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    seedDemoData: e.SEED_DEMO_DATA ?? !production,
  };
  if (production) {
    const problems = productionProblems(config, e.SANDBOX_ENABLED);
    if (problems.length > 0) throw new ConfigError(problems);
  }
  return config;
}

function productionProblems(config: Config, sandboxExplicit: boolean | undefined): string[] {
  const problems: string[] = [];
  if (config.appSecret === DEV_APP_SECRET) {
    problems.push('APP_SECRET is missing (the development default is refused in production)');
  } else if (config.appSecret.length < MIN_SECRET_LENGTH) {
    problems.push(`APP_SECRET must be at least ${MIN_SECRET_LENGTH} characters`);
  }
  if (config.smsProvider === 'dev') {
    problems.push('SMS_PROVIDER is "dev": production needs a real SMS provider');
  }
  if (config.sandboxEnabled && sandboxExplicit !== true) {
    problems.push('the sandbox is on: set SANDBOX_ENABLED=true explicitly to allow it');
  }
  return problems;
}
