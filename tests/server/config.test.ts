// The environment, parsed by one schema: working local defaults, strict production.
import { DEFAULT_OTP_FLOOD_LIMITS } from '../../src/server/auth/otpFloods';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  DEV_APP_SECRET,
  DEV_CASHFREE_CLIENT_ID,
  DEV_CASHFREE_CLIENT_SECRET,
  DEV_CASHFREE_PARTNER_API_KEY,
  loadConfig,
} from '../../src/server/config';

const REAL_SECRET = 'k'.repeat(48);
const REAL_GATEWAY = {
  CASHFREE_CLIENT_ID: 'live-id',
  CASHFREE_CLIENT_SECRET: 'live-secret',
  CASHFREE_PARTNER_API_KEY: 'live-partner-key',
  CHECKOUT_ORIGIN: 'https://payments.cashfree.com',
  ONBOARDING_ORIGIN: 'https://merchant.cashfree.com',
};

describe('configuration', () => {
  it('runs locally with no environment at all', () => {
    expect(loadConfig({})).toEqual({
      nodeEnv: 'development',
      host: '127.0.0.1',
      port: 3000,
      databaseUrl: undefined,
      dataDir: '.data/pglite',
      appSecret: DEV_APP_SECRET,
      publicOrigin: 'http://127.0.0.1:3000',
      sandboxEnabled: true,
      smsProvider: 'dev',
      logLevel: 'info',
      logRequests: true,
      seedDemoData: true,
      cashfree: {
        env: 'sandbox',
        clientId: DEV_CASHFREE_CLIENT_ID,
        clientSecret: DEV_CASHFREE_CLIENT_SECRET,
        pgBaseUrl: 'http://127.0.0.1:3000/sandbox/cashfree/pg',
        verificationBaseUrl: 'http://127.0.0.1:3000/sandbox/cashfree/verification',
        partnerBaseUrl: 'http://127.0.0.1:3000/sandbox/cashfree/partners',
        partnerApiKey: DEV_CASHFREE_PARTNER_API_KEY,
      },
      checkoutOrigin: 'http://127.0.0.1:3000',
      onboardingOrigin: 'http://127.0.0.1:3000',
      sandboxKycReviewMs: 30_000,
      reconcile: { firstCheckMs: 120_000, orderExpiryMs: 1_800_000 },
      sweepIntervalSeconds: 15,
      workerInProcess: true,
      trustProxy: false,
      otpFloods: DEFAULT_OTP_FLOOD_LIMITS,
    });
  });

  it('runs the job worker in the web process on PGlite only, unless told (D108)', () => {
    expect(loadConfig({}).workerInProcess).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'memory://' }).workerInProcess).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/app' }).workerInProcess).toBe(false);
    expect(
      loadConfig({ DATABASE_URL: 'postgres://db/app', WORKER_IN_PROCESS: 'true' }).workerInProcess,
    ).toBe(true);
  });

  it('points the gateway at the sandbox by default, at Cashfree in production, or where told', () => {
    expect(loadConfig({ CASHFREE_ENV: 'production' }).cashfree).toMatchObject({
      pgBaseUrl: 'https://api.cashfree.com/pg',
      verificationBaseUrl: 'https://api.cashfree.com/verification',
      partnerBaseUrl: 'https://api.cashfree.com/partners',
    });
    expect(loadConfig({ SANDBOX_ENABLED: 'false' }).cashfree).toMatchObject({
      pgBaseUrl: 'https://sandbox.cashfree.com/pg',
      verificationBaseUrl: 'https://sandbox.cashfree.com/verification',
      partnerBaseUrl: 'https://sandbox.cashfree.com/partners',
    });
    expect(
      loadConfig({
        CASHFREE_PARTNER_BASE_URL: 'http://127.0.0.1:4000/partners/',
        ONBOARDING_ORIGIN: 'https://kyc.example/onboarding',
        SANDBOX_KYC_REVIEW_MS: '0',
      }),
    ).toMatchObject({
      cashfree: { partnerBaseUrl: 'http://127.0.0.1:4000/partners' },
      onboardingOrigin: 'https://kyc.example',
      sandboxKycReviewMs: 0,
    });
    expect(
      loadConfig({
        CASHFREE_PG_BASE_URL: 'http://127.0.0.1:4000/pg/',
        CHECKOUT_ORIGIN: 'https://pay.example/x',
      }),
    ).toMatchObject({
      cashfree: { pgBaseUrl: 'http://127.0.0.1:4000/pg' },
      checkoutOrigin: 'https://pay.example',
    });
  });

  it('reads the variables e2e and CI set', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '4173',
      DATABASE_URL: 'memory://',
      SEED_DEMO_DATA: 'true',
      SANDBOX_ENABLED: 'false',
      PUBLIC_ORIGIN: 'http://127.0.0.1:4173/',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      nodeEnv: 'test',
      port: 4173,
      databaseUrl: 'memory://',
      seedDemoData: true,
      sandboxEnabled: false,
      publicOrigin: 'http://127.0.0.1:4173',
      logLevel: 'warn',
    });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });

  it('refuses nonsense with a readable list', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect((error as ConfigError).problems).toHaveLength(2);
      expect((error as ConfigError).message).toMatch(/PORT/);
      expect((error as ConfigError).message).toMatch(/DATABASE_URL/);
    }
  });

  it('refuses to start production without a real secret and SMS provider, listing both', () => {
    let problems: string[] = [];
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (error) {
      problems = (error as ConfigError).problems;
    }
    expect(problems).toEqual([
      expect.stringMatching(/^APP_SECRET is missing/),
      expect.stringMatching(/^CASHFREE_CLIENT_ID is missing/),
      expect.stringMatching(/^CASHFREE_CLIENT_SECRET is missing/),
      expect.stringMatching(/^CASHFREE_PARTNER_API_KEY is missing/),
      expect.stringMatching(/^SMS_PROVIDER is "dev"/),
      // D15: the real gateway's page origins must be named, never defaulted to our own.
      expect.stringMatching(/^CHECKOUT_ORIGIN is missing/),
      expect.stringMatching(/^ONBOARDING_ORIGIN is missing/),
    ]);
  });

  it('refuses development defaults on any address but loopback, whatever NODE_ENV (9.4)', () => {
    for (const NODE_ENV of [undefined, 'development', 'test']) {
      let problems: string[] = [];
      try {
        loadConfig({ NODE_ENV, HOST: '0.0.0.0' });
      } catch (error) {
        problems = (error as ConfigError).problems;
      }
      expect(problems).toEqual([
        expect.stringMatching(/^HOST=0.0.0.0 is not a loopback address/),
        expect.stringMatching(/^APP_SECRET is missing/),
        expect.stringMatching(/^CASHFREE_CLIENT_ID is missing/),
        expect.stringMatching(/^CASHFREE_CLIENT_SECRET is missing/),
        expect.stringMatching(/^CASHFREE_PARTNER_API_KEY is missing/),
        expect.stringMatching(/^SANDBOX_ENABLED: the sandbox and dev outbox serve a loopback/),
      ]);
    }
    const real = { APP_SECRET: REAL_SECRET, ...REAL_GATEWAY, SANDBOX_ENABLED: 'false' };
    expect(loadConfig({ HOST: '10.0.0.5', ...real }).host).toBe('10.0.0.5');
    for (const HOST of ['127.0.0.1', '127.0.1.1', 'localhost', '::1']) {
      expect(loadConfig({ HOST }).sandboxEnabled).toBe(true);
    }
  });

  it('refuses a short or development secret in production', () => {
    for (const APP_SECRET of ['short-secret', DEV_APP_SECRET]) {
      expect(() => loadConfig({ NODE_ENV: 'production', APP_SECRET })).toThrow(/APP_SECRET/);
    }
  });

  it('keeps the sandbox and demo data off in production unless explicitly enabled', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig({ NODE_ENV: 'production', APP_SECRET: REAL_SECRET, ...REAL_GATEWAY, ...env });
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    // SMS_PROVIDER=dev is the only provider so far, so production still refuses; but the
    // sandbox is not among the reasons unless it is switched on.
    expect(problems({})).toEqual([expect.stringMatching(/SMS_PROVIDER/)]);
    expect(problems({ SANDBOX_ENABLED: 'true' })).toEqual([expect.stringMatching(/SMS_PROVIDER/)]);
  });
});
