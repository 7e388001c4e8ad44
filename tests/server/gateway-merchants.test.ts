// The partner API adapter (gateway/merchants.ts): Cashfree's status fields → spec §4, an
// existing merchant read instead of created, failures as GatewayError, and the status
// webhook's signature check.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createCashfreeMerchants,
  merchantStatus,
  onboardingWebhookKey,
  UNKNOWN_STATUS_FALLBACK,
} from '../../src/server/gateway/merchants';
import { signWebhook } from '../../src/server/gateway/signature';
import { GatewayError } from '../../src/server/gateway/types';
import { testDatabases, useTestServer } from '../support/server';
import { KYC_ENV, resetSandbox } from './kyc.support';

describe('merchantStatus', () => {
  const cases: [string | null, string | null, string][] = [
    ['CREATED', null, 'INITIATED'],
    ['Email Verified', null, 'EMAIL_VERIFIED'],
    ['CREATED', 'PENDING', 'MIN_KYC_PENDING'],
    ['CREATED', 'SUBMITTED', 'MIN_KYC_SUBMITTED'],
    ['EMAIL_VERIFIED', 'approved', 'MIN_KYC_APPROVED'],
    ['CREATED', 'REJECTED', 'MIN_KYC_REJECTED'],
    ['ACTIVE', 'APPROVED', 'ACTIVE'],
    ['MIN_KYC_SUBMITTED', null, 'MIN_KYC_SUBMITTED'],
  ];
  it.each(cases)('onboarding_status %s, product_min_kyc_status %s → %s', (o, k, status) => {
    const warn = vi.fn();
    expect(merchantStatus({ onboarding_status: o, product_min_kyc_status: k }, warn)).toBe(status);
    expect(warn).not.toHaveBeenCalled();
  });

  it('reads an unknown spelling as a status that cannot be paid, and says so', () => {
    const warn = vi.fn();
    expect(
      merchantStatus({ onboarding_status: 'CREATED', product_min_kyc_status: 'ON_HOLD' }, warn),
    ).toBe(UNKNOWN_STATUS_FALLBACK);
    expect(merchantStatus({ onboarding_status: 'SUSPENDED' }, warn)).toBe('MIN_KYC_PENDING');
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith({ onboarding_status: 'SUSPENDED' });
  });
});

describe.each(testDatabases())('the partner API adapter on $name', (database) => {
  const server = useTestServer(database, { env: KYC_ENV });
  beforeEach(() => resetSandbox(server));

  const adapter = (log?: { warn: (details: object, message: string) => void }) =>
    createCashfreeMerchants(server.config, {
      loopback: server.sandbox.transport,
      ...(log ? { log } : {}),
    });
  const input = {
    merchantId: 'tp_tutor_42',
    email: 'support+meera-iyer@tuitionpay.in',
    name: 'Meera Iyer',
    phone: '9811122233',
  };

  it('creates a merchant, and reads one that exists instead of failing', async () => {
    const merchants = adapter();
    expect(await merchants.createMerchant(input)).toEqual({
      merchantId: 'tp_tutor_42',
      status: 'INITIATED',
    });
    await merchants.createOnboardingLink('tp_tutor_42', 'https://app.example.in/back');
    // A second start: Cashfree answers 409, the adapter reads the merchant as it is now.
    expect(await merchants.createMerchant(input)).toEqual({
      merchantId: 'tp_tutor_42',
      status: 'MIN_KYC_PENDING',
    });
  });

  it('returns the link and its expiry', async () => {
    const merchants = adapter();
    await merchants.createMerchant(input);
    const link = await merchants.createOnboardingLink('tp_tutor_42', 'https://app.example.in/back');
    expect(link.url.startsWith(`${server.sandbox.config.origin}/sandbox/cashfree/kyc/`)).toBe(true);
    expect(Date.parse(link.expiresAt)).toBe(server.clock.now().getTime() + 60 * 60 * 1000);
  });

  it('turns refusals and failures into GatewayError without the partner key', async () => {
    const merchants = adapter();
    const missing = await merchants.fetchMerchant('tp_tutor_404').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(GatewayError);
    expect(missing).toMatchObject({ status: 404, code: 'merchant_not_found' });

    await server.inject({
      method: 'POST',
      url: '/sandbox/cashfree/faults',
      payload: { failNextWith5xx: 1 },
    });
    const failed = await merchants.createMerchant(input).catch((e: unknown) => e);
    expect(failed).toMatchObject({ status: 500 });
    expect(String((failed as Error).message)).not.toContain(server.config.cashfree.partnerApiKey);

    const wrongKey = createCashfreeMerchants(
      { ...server.config, cashfree: { ...server.config.cashfree, partnerApiKey: 'wrong' } },
      { loopback: server.sandbox.transport },
    );
    expect(await wrongKey.fetchMerchant('tp_tutor_42').catch((e: unknown) => e)).toMatchObject({
      status: 401,
    });
  });

  it('logs a status it cannot read and reports the safe one', async () => {
    const warn = vi.fn();
    const merchants = createCashfreeMerchants(server.config, {
      baseUrl: `${server.sandbox.config.origin}/sandbox/cashfree/partners`,
      loopback: {
        origin: server.sandbox.config.origin,
        inject: async () => ({
          statusCode: 200,
          headers: {},
          body: JSON.stringify({ merchant_id: 'tp_tutor_42', onboarding_status: 'FROZEN' }),
        }),
      },
      log: { warn },
    });
    expect(await merchants.fetchMerchant('tp_tutor_42')).toEqual({
      merchantId: 'tp_tutor_42',
      status: UNKNOWN_STATUS_FALLBACK,
    });
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ merchantId: 'tp_tutor_42', onboarding_status: 'FROZEN' }),
      expect.any(String),
    );
  });

  describe('verifyStatusWebhook', () => {
    const body = JSON.stringify({
      data: {
        merchant_id: 'tp_tutor_42',
        onboarding_status: 'CREATED',
        product_min_kyc_status: 'APPROVED',
      },
      event_time: '2025-01-15T10:00:05+05:30',
      type: 'MERCHANT_ONBOARDING_STATUS',
    });
    const signed = (
      raw: string,
      at: number,
      key = onboardingWebhookKey(server.config.cashfree),
    ) => ({
      rawBody: raw,
      timestamp: String(at),
      signature: signWebhook(key, String(at), raw),
      now: server.clock.now(),
    });

    it('reads a signed event', () => {
      const event = adapter().verifyStatusWebhook(signed(body, server.clock.now().getTime()));
      expect(event).toEqual({
        merchantId: 'tp_tutor_42',
        status: 'MIN_KYC_APPROVED',
        eventTime: new Date('2025-01-15T04:30:05Z'),
      });
    });

    it('refuses another key, a changed body, an old timestamp and another event type', () => {
      const merchants = adapter();
      const now = server.clock.now().getTime();
      expect(merchants.verifyStatusWebhook(signed(body, now, 'another-secret'))).toBeNull();
      const changed = { ...signed(body, now), rawBody: body.replace('APPROVED', 'REJECTED') };
      expect(merchants.verifyStatusWebhook(changed)).toBeNull();
      expect(merchants.verifyStatusWebhook(signed(body, now - 6 * 60 * 1000))).toBeNull();
      const payment = body.replace('MERCHANT_ONBOARDING_STATUS', 'PAYMENT_SUCCESS_WEBHOOK');
      expect(merchants.verifyStatusWebhook(signed(payment, now))).toBeNull();
      expect(
        merchants.verifyStatusWebhook({ ...signed(body, now), signature: undefined }),
      ).toBeNull();
    });
  });
});
