// The environment, parsed by one schema: working local defaults, strict production.
import { DEFAULT_OTP_FLOOD_LIMITS } from '../../src/server/auth/otpFloods';
import { DEV_SMS_TEMPLATE_IDS, DEV_SMS_TEMPLATE_IDS_HI } from '../../src/server/sms/templates';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  DEV_MSG91_AUTH_KEY,
  DEV_MSG91_WEBHOOK_TOKEN,
  DEV_APP_SECRET,
  DEV_PLATFORM_ADDRESS,
  DEV_PLATFORM_GSTIN,
  DEV_CASHFREE_CLIENT_ID,
  DEV_CASHFREE_CLIENT_SECRET,
  DEV_CASHFREE_PARTNER_API_KEY,
  DEV_WHATSAPP_ACCESS_TOKEN,
  DEV_WHATSAPP_APP_SECRET,
  DEV_WHATSAPP_PHONE_NUMBER_ID,
  DEV_WHATSAPP_VERIFY_TOKEN,
  loadConfig,
  modeLine,
} from '../../src/server/config';
import { DEV_DATA_ENCRYPTION_KEYS, parseKeyring } from '../../src/server/crypto/sealing';

const REAL_SECRET = 'k'.repeat(48);
/** D315: a real data key (32 random bytes, base64). */
const REAL_KEYS = `k1:${Buffer.alloc(32, 7).toString('base64')}`;
const REAL_SMS = {
  MSG91_AUTH_KEY: 'live-msg91-key',
  MSG91_WEBHOOK_TOKEN: 'live-msg91-webhook-token-0123456789',
  MSG91_TEMPLATE_OTP: '65f0c0ffee0123456789abcd',
  MSG91_TEMPLATE_INVITATION: '65f0c0ffee0123456789abce',
  MSG91_TEMPLATE_INVITATION_WITH_AMOUNT: '65f0c0ffee0123456789abcf',
  MSG91_TEMPLATE_FEE_REMINDER: '65f0c0ffee0123456789abd0',
  MSG91_TEMPLATE_AUTOPAY_NOTICE: '65f0c0ffee0123456789abd2',
  MSG91_TEMPLATE_AUTOPAY_FAILED: '65f0c0ffee0123456789abd3',
  WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
  WHATSAPP_ACCESS_TOKEN: 'EAAlive-whatsapp-access-token',
  WHATSAPP_APP_SECRET: 'live-whatsapp-app-secret-0123',
  WHATSAPP_VERIFY_TOKEN: 'live-whatsapp-verify-token-0123',
};

const REAL_GATEWAY = {
  CASHFREE_CLIENT_ID: 'live-id',
  CASHFREE_CLIENT_SECRET: 'live-secret',
  CASHFREE_PARTNER_API_KEY: 'live-partner-key',
  CHECKOUT_ORIGIN: 'https://payments.cashfree.com',
  ONBOARDING_ORIGIN: 'https://merchant.cashfree.com',
  PLATFORM_GSTIN: '27AAPFU0939F1ZV',
  PLATFORM_ADDRESS: 'TuitionPay, 5 Linking Road, Mumbai 400050',
};

describe('configuration', () => {
  it('runs locally with no environment at all, against the sandbox server (D120)', () => {
    expect(loadConfig({})).toEqual({
      nodeEnv: 'development',
      modeSource: 'host',
      host: '127.0.0.1',
      port: 3000,
      databaseUrl: undefined,
      dataDir: '.data/pglite',
      appSecret: DEV_APP_SECRET,
      dataKeys: parseKeyring(DEV_DATA_ENCRYPTION_KEYS),
      publicOrigin: 'http://127.0.0.1:3000',
      sandboxOrigin: 'http://127.0.0.1:3100',
      smsProvider: 'msg91',
      msg91: {
        baseUrl: 'http://127.0.0.1:3100/sandbox/msg91/api/v5',
        authKey: DEV_MSG91_AUTH_KEY,
        webhookToken: DEV_MSG91_WEBHOOK_TOKEN,
        templates: DEV_SMS_TEMPLATE_IDS,
        templatesHi: DEV_SMS_TEMPLATE_IDS_HI,
      },
      whatsapp: {
        baseUrl: 'http://127.0.0.1:3100/sandbox/whatsapp/v21.0',
        phoneNumberId: DEV_WHATSAPP_PHONE_NUMBER_ID,
        accessToken: DEV_WHATSAPP_ACCESS_TOKEN,
        appSecret: DEV_WHATSAPP_APP_SECRET,
        verifyToken: DEV_WHATSAPP_VERIFY_TOKEN,
        templates: {
          feeReminder: 'fee_reminder',
          autopayNotice: 'autopay_notice',
          autopayFailed: 'autopay_failed',
        },
        languages: { en: 'en', hi: 'hi' },
      },
      logLevel: 'info',
      logRequests: true,
      seedDemoData: true,
      cashfree: {
        env: 'sandbox',
        clientId: DEV_CASHFREE_CLIENT_ID,
        clientSecret: DEV_CASHFREE_CLIENT_SECRET,
        pgBaseUrl: 'http://127.0.0.1:3100/sandbox/cashfree/pg',
        verificationBaseUrl: 'http://127.0.0.1:3100/sandbox/cashfree/verification',
        partnerBaseUrl: 'http://127.0.0.1:3100/sandbox/cashfree/partners',
        partnerApiKey: DEV_CASHFREE_PARTNER_API_KEY,
        checkoutScriptUrl: 'http://127.0.0.1:3100/sandbox/cashfree/js/v3/cashfree.js',
      },
      checkoutOrigin: 'http://127.0.0.1:3100',
      onboardingOrigin: 'http://127.0.0.1:3100',
      requestIdHeader: null,
      supportPhones: [],
      reconcile: { firstCheckMs: 120_000, orderExpiryMs: 1_800_000 },
      sweepIntervalSeconds: 15,
      testClockFile: null,
      workerInProcess: true,
      poolMax: 5,
      trustProxy: false,
      otpFloods: DEFAULT_OTP_FLOOD_LIMITS,
      remindersPerDay: { sms: 100_000, whatsapp: 1_000 },
      reminderBatchSize: 5_000,
      platform: { name: 'TuitionPay', gstin: DEV_PLATFORM_GSTIN, address: DEV_PLATFORM_ADDRESS },
    });
  });

  it('sizes the PostgreSQL pool from DATABASE_POOL_MAX, refusing what is not a count (issue 11)', () => {
    expect(loadConfig({ DATABASE_POOL_MAX: '40' }).poolMax).toBe(40);
    for (const value of ['0', '-5', 'twenty', '2.5']) {
      expect(() => loadConfig({ DATABASE_POOL_MAX: value })).toThrow(/DATABASE_POOL_MAX/);
    }
  });

  it("sizes the reminder pass's batches from REMINDER_BATCH_SIZE, refusing what is not a count (D275)", () => {
    expect(loadConfig({ REMINDER_BATCH_SIZE: '1000' }).reminderBatchSize).toBe(1000);
    for (const value of ['0', '-5', 'many', '2.5', '50000']) {
      expect(() => loadConfig({ REMINDER_BATCH_SIZE: value })).toThrow(/REMINDER_BATCH_SIZE/);
    }
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
    expect(loadConfig({ SANDBOX_ORIGIN: 'none' })).toMatchObject({
      sandboxOrigin: null,
      cashfree: {
        pgBaseUrl: 'https://sandbox.cashfree.com/pg',
        verificationBaseUrl: 'https://sandbox.cashfree.com/verification',
        partnerBaseUrl: 'https://sandbox.cashfree.com/partners',
        checkoutScriptUrl: 'https://sdk.cashfree.com/js/v3/cashfree.js',
      },
      msg91: { baseUrl: 'https://control.msg91.com/api/v5' },
    });
    expect(loadConfig({ SANDBOX_ORIGIN: 'http://127.0.0.1:4001/' })).toMatchObject({
      sandboxOrigin: 'http://127.0.0.1:4001',
      cashfree: { pgBaseUrl: 'http://127.0.0.1:4001/sandbox/cashfree/pg' },
      checkoutOrigin: 'http://127.0.0.1:4001',
    });
    expect(
      loadConfig({
        CASHFREE_PARTNER_BASE_URL: 'http://127.0.0.1:4000/partners/',
        ONBOARDING_ORIGIN: 'https://kyc.example/onboarding',
      }),
    ).toMatchObject({
      cashfree: { partnerBaseUrl: 'http://127.0.0.1:4000/partners' },
      onboardingOrigin: 'https://kyc.example',
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
      SANDBOX_ORIGIN: 'http://127.0.0.1:4174',
      PUBLIC_ORIGIN: 'http://127.0.0.1:4173/',
      LOG_LEVEL: 'warn',
      REQUEST_ID_HEADER: 'X-Request-Id',
    });
    expect(config).toMatchObject({
      nodeEnv: 'test',
      port: 4173,
      databaseUrl: 'memory://',
      seedDemoData: true,
      sandboxOrigin: 'http://127.0.0.1:4174',
      publicOrigin: 'http://127.0.0.1:4173',
      logLevel: 'warn',
      requestIdHeader: 'x-request-id',
    });
  });

  it('reads the support numbers, none when unset, and refuses a malformed list', () => {
    expect(loadConfig({}).supportPhones).toEqual([]);
    expect(
      loadConfig({ SUPPORT_PHONES: 'Toll-free=1800 309 4455, WhatsApp=+91 80690 45500' })
        .supportPhones,
    ).toEqual([
      { label: 'Toll-free', number: '1800 309 4455' },
      { label: 'WhatsApp', number: '+91 80690 45500' },
    ]);
    expect(() => loadConfig({ SUPPORT_PHONES: '1800 309 4455' })).toThrow(/SUPPORT_PHONES/);
    expect(() => loadConfig({ SUPPORT_PHONES: 'Call=<script>' })).toThrow(/SUPPORT_PHONES/);
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

  const problemsOf = (env: Record<string, string | undefined>) => {
    try {
      loadConfig(env);
      return [];
    } catch (error) {
      return (error as ConfigError).problems;
    }
  };

  it('refuses to start production without real secrets, naming each one', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      expect.stringMatching(/^APP_SECRET is missing/),
      expect.stringMatching(/^DATA_ENCRYPTION_KEYS is missing/),
      expect.stringMatching(/^CASHFREE_CLIENT_ID is missing/),
      expect.stringMatching(/^CASHFREE_CLIENT_SECRET is missing/),
      expect.stringMatching(/^CASHFREE_PARTNER_API_KEY is missing/),
      expect.stringMatching(/^MSG91_WEBHOOK_TOKEN is missing/),
      expect.stringMatching(/^MSG91_AUTH_KEY is missing/),
      expect.stringMatching(/^MSG91_TEMPLATE_OTP is missing/),
      expect.stringMatching(/^MSG91_TEMPLATE_INVITATION is missing/),
      expect.stringMatching(/^MSG91_TEMPLATE_INVITATION_WITH_AMOUNT is missing/),
      expect.stringMatching(/^MSG91_TEMPLATE_FEE_REMINDER is missing/),
      expect.stringMatching(/^MSG91_TEMPLATE_AUTOPAY_NOTICE is missing/),
      expect.stringMatching(/^MSG91_TEMPLATE_AUTOPAY_FAILED is missing/),
      expect.stringMatching(/^WHATSAPP_PHONE_NUMBER_ID is missing/),
      expect.stringMatching(/^WHATSAPP_ACCESS_TOKEN is missing/),
      expect.stringMatching(/^WHATSAPP_APP_SECRET is missing/),
      expect.stringMatching(/^WHATSAPP_VERIFY_TOKEN is missing/),
      // D15: the real gateway's page origins must be named, never defaulted to our own.
      expect.stringMatching(/^CHECKOUT_ORIGIN is missing/),
      expect.stringMatching(/^ONBOARDING_ORIGIN is missing/),
      expect.stringMatching(/^PLATFORM_GSTIN and PLATFORM_ADDRESS are missing/),
    ]);
  });

  it('starts production with real secrets and the SMS provider configured (10.1)', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      APP_SECRET: REAL_SECRET,
      DATA_ENCRYPTION_KEYS: REAL_KEYS,
      ...REAL_GATEWAY,
      ...REAL_SMS,
    });
    expect(config).toMatchObject({
      sandboxOrigin: null,
      seedDemoData: false,
      smsProvider: 'msg91',
      msg91: { baseUrl: 'https://control.msg91.com/api/v5', authKey: 'live-msg91-key' },
      whatsapp: {
        baseUrl: 'https://graph.facebook.com/v21.0',
        phoneNumberId: '106540352242922',
        templates: { feeReminder: 'fee_reminder' },
      },
    });
    expect(
      loadConfig({
        NODE_ENV: 'production',
        APP_SECRET: REAL_SECRET,
        DATA_ENCRYPTION_KEYS: REAL_KEYS,
        ...REAL_GATEWAY,
        ...REAL_SMS,
        WHATSAPP_TEMPLATE_FEE_REMINDER: 'tuition_fee_due_v2',
        WHATSAPP_LANGUAGE: 'en_US',
      }).whatsapp,
    ).toMatchObject({
      templates: { feeReminder: 'tuition_fee_due_v2' },
      languages: { en: 'en_US', hi: 'hi' },
    });
    // Issue 15: in production only the Hindi templates registered; the others go in English.
    expect(
      loadConfig({
        NODE_ENV: 'production',
        APP_SECRET: REAL_SECRET,
        DATA_ENCRYPTION_KEYS: REAL_KEYS,
        ...REAL_GATEWAY,
        ...REAL_SMS,
        MSG91_TEMPLATE_OTP_HI: '65f0c0ffee0123456789abd1',
      }).msg91.templatesHi,
    ).toEqual({ otp: '65f0c0ffee0123456789abd1' });
  });

  it('refuses development defaults on any address but loopback, whatever NODE_ENV (9.4)', () => {
    for (const NODE_ENV of ['development', 'test']) {
      expect(problemsOf({ NODE_ENV, HOST: '0.0.0.0' })).toEqual([
        expect.stringMatching(/^HOST=0.0.0.0 is not a loopback address/),
        expect.stringMatching(/^APP_SECRET is missing/),
        expect.stringMatching(/^DATA_ENCRYPTION_KEYS is missing/),
        expect.stringMatching(/^CASHFREE_CLIENT_ID is missing/),
        expect.stringMatching(/^CASHFREE_CLIENT_SECRET is missing/),
        expect.stringMatching(/^CASHFREE_PARTNER_API_KEY is missing/),
        expect.stringMatching(/^MSG91_WEBHOOK_TOKEN is missing/),
        expect.stringMatching(/^MSG91_AUTH_KEY is missing/),
        expect.stringMatching(/^MSG91_TEMPLATE_OTP is missing/),
        expect.stringMatching(/^MSG91_TEMPLATE_INVITATION is missing/),
        expect.stringMatching(/^MSG91_TEMPLATE_INVITATION_WITH_AMOUNT is missing/),
        expect.stringMatching(/^MSG91_TEMPLATE_FEE_REMINDER is missing/),
        expect.stringMatching(/^MSG91_TEMPLATE_AUTOPAY_NOTICE is missing/),
        expect.stringMatching(/^MSG91_TEMPLATE_AUTOPAY_FAILED is missing/),
        expect.stringMatching(/^WHATSAPP_PHONE_NUMBER_ID is missing/),
        expect.stringMatching(/^WHATSAPP_ACCESS_TOKEN is missing/),
        expect.stringMatching(/^WHATSAPP_APP_SECRET is missing/),
        expect.stringMatching(/^WHATSAPP_VERIFY_TOKEN is missing/),
      ]);
    }
    const real = {
      APP_SECRET: REAL_SECRET,
      DATA_ENCRYPTION_KEYS: REAL_KEYS,
      ...REAL_GATEWAY,
      ...REAL_SMS,
    };
    expect(loadConfig({ NODE_ENV: 'development', HOST: '10.0.0.5', ...real }).host).toBe(
      '10.0.0.5',
    );
    for (const HOST of ['127.0.0.1', '127.0.1.1', 'localhost', '::1']) {
      expect(loadConfig({ HOST }).host).toBe(HOST);
    }
  });

  it('treats a server others can reach with no NODE_ENV as production, and says so (D214)', () => {
    const { CHECKOUT_ORIGIN, ONBOARDING_ORIGIN, ...gateway } = REAL_GATEWAY;
    const real = {
      APP_SECRET: REAL_SECRET,
      DATA_ENCRYPTION_KEYS: REAL_KEYS,
      ...gateway,
      ...REAL_SMS,
    };
    // Production's own rules apply: without real secrets it refuses, as production does.
    expect(problemsOf({ HOST: '0.0.0.0' })).toEqual(problemsOf({ NODE_ENV: 'production' }));
    expect(problemsOf({ HOST: '0.0.0.0', ...real })).toEqual([
      expect.stringMatching(/^CHECKOUT_ORIGIN is missing/),
      expect.stringMatching(/^ONBOARDING_ORIGIN is missing/),
    ]);
    const config = loadConfig({ HOST: '0.0.0.0', ...real, CHECKOUT_ORIGIN, ONBOARDING_ORIGIN });
    expect(config).toMatchObject({
      nodeEnv: 'production',
      seedDemoData: false,
      sandboxOrigin: null,
    });
    expect(modeLine(config)).toBe(
      'Mode: production (NODE_ENV unset, HOST=0.0.0.0 is not loopback); demo data off',
    );
    expect(modeLine(loadConfig({}))).toBe(
      'Mode: development (NODE_ENV unset, HOST=127.0.0.1 is loopback); demo data on',
    );
  });

  it('refuses demo data on a server others can reach, whatever NODE_ENV (D214)', () => {
    const real = {
      APP_SECRET: REAL_SECRET,
      DATA_ENCRYPTION_KEYS: REAL_KEYS,
      ...REAL_GATEWAY,
      ...REAL_SMS,
    };
    const refusal = [
      expect.stringMatching(/^SEED_DEMO_DATA: demo data is refused on HOST=0\.0\.0\.0/),
    ];
    for (const NODE_ENV of ['development', 'production', undefined]) {
      expect(problemsOf({ NODE_ENV, HOST: '0.0.0.0', SEED_DEMO_DATA: 'true', ...real })).toEqual(
        refusal,
      );
    }
    // Unasked, a development server on the network seeds none.
    expect(loadConfig({ NODE_ENV: 'development', HOST: '0.0.0.0', ...real }).seedDemoData).toBe(
      false,
    );
    expect(loadConfig({ SEED_DEMO_DATA: 'true' }).seedDemoData).toBe(true);
  });

  it('refuses a short or development secret in production', () => {
    for (const APP_SECRET of ['short-secret', DEV_APP_SECRET]) {
      expect(() => loadConfig({ NODE_ENV: 'production', APP_SECRET })).toThrow(/APP_SECRET/);
    }
  });

  it('uses no sandbox in production unless one is named (staging), and seeds no demo data', () => {
    const env = {
      NODE_ENV: 'production',
      APP_SECRET: REAL_SECRET,
      DATA_ENCRYPTION_KEYS: REAL_KEYS,
      ...REAL_GATEWAY,
      ...REAL_SMS,
    };
    expect(loadConfig(env)).toMatchObject({ sandboxOrigin: null, seedDemoData: false });
    expect(loadConfig({ ...env, SANDBOX_ORIGIN: 'http://127.0.0.1:3100' })).toMatchObject({
      sandboxOrigin: 'http://127.0.0.1:3100',
    });
  });

  it('reads the data keys, the first current, and refuses the development key in production (D315)', () => {
    const old = `k1:${Buffer.alloc(32, 1).toString('base64')}`;
    const next = `k2:${Buffer.alloc(32, 2).toString('base64')}`;
    const keys = loadConfig({ DATA_ENCRYPTION_KEYS: `${next}, ${old}` }).dataKeys;
    expect(keys.current.id).toBe('k2');
    expect([...keys.all.keys()]).toEqual(['k2', 'k1']);
    for (const bad of [
      'k1',
      'k1:short',
      `bad id:${Buffer.alloc(32).toString('base64')}`,
      `${old},${old}`,
    ]) {
      expect(problemsOf({ DATA_ENCRYPTION_KEYS: bad })).toEqual([
        expect.stringMatching(/^DATA_ENCRYPTION_KEYS: /),
      ]);
    }
    const production = {
      NODE_ENV: 'production',
      APP_SECRET: REAL_SECRET,
      ...REAL_GATEWAY,
      ...REAL_SMS,
    };
    expect(problemsOf(production)).toEqual([
      expect.stringMatching(/^DATA_ENCRYPTION_KEYS is missing/),
    ]);
    // A rotation away from the development key still holds it: refused too.
    expect(
      problemsOf({ ...production, DATA_ENCRYPTION_KEYS: `${next},${DEV_DATA_ENCRYPTION_KEYS}` }),
    ).toEqual([expect.stringMatching(/^DATA_ENCRYPTION_KEYS is missing or holds/)]);
    expect(loadConfig({ ...production, DATA_ENCRYPTION_KEYS: REAL_KEYS }).dataKeys.current.id).toBe(
      'k1',
    );
  });
});
