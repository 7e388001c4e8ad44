// The Cashfree sandbox's merchant onboarding: the partner API (x-partner-apikey, merchants,
// onboarding links) and the KYC page behind each link, whose buttons send signed
// MERCHANT_ONBOARDING_STATUS webhooks to our server and the browser back to return_url.
import { randomBytes } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { createCashfreeMerchants } from '../../src/server/gateway/merchants';
import { testDatabases, useTestServer } from '../support/server';
import {
  decide,
  deliveries,
  eventually,
  KYC_ENV,
  kycPath,
  partners,
  resetSandbox,
} from './kyc.support';

const MERCHANT = {
  merchant_id: 'tp_tutor_sandbox_1',
  merchant_email: 'support+meera-iyer@tuitionpay.in',
  merchant_name: 'Meera Iyer',
  poc_phone: '9811122233',
};
// The app's own origin in tests: status webhooks go where the onboarding link returns to.
const RETURN_URL = 'http://127.0.0.1:3000/tutor/onboarding/aadhar-redirect';

describe.each(testDatabases())('the sandbox’s merchant onboarding on $name', (database) => {
  const server = useTestServer(database, { env: KYC_ENV });

  describe('partner API', () => {
    beforeEach(() => resetSandbox(server));

    it('refuses a call without the partner key, with another key or without a version', async () => {
      const none = await server.inject({
        method: 'GET',
        url: '/sandbox/cashfree/partners/merchants/x_1',
        headers: { 'x-api-version': '2023-01-01' },
      });
      expect(none.statusCode).toBe(401);
      expect(none.json()).toMatchObject({ type: 'authentication_error' });
      const wrong = await partners(server, 'GET', '/merchants/x_1', undefined, {
        'x-partner-apikey': 'not-the-key',
      });
      expect(wrong.statusCode).toBe(401);
      // The PG credentials are not the partner key.
      const pgKeys = await server.inject({
        method: 'GET',
        url: '/sandbox/cashfree/partners/merchants/x_1',
        headers: {
          'x-client-id': server.config.cashfree.clientId,
          'x-client-secret': server.config.cashfree.clientSecret,
          'x-api-version': '2023-01-01',
        },
      });
      expect(pgKeys.statusCode).toBe(401);
      const noVersion = await partners(server, 'GET', '/merchants/x_1', undefined, {
        'x-api-version': '',
      });
      expect(noVersion.statusCode).toBe(400);
    });

    it('creates a merchant, reports it, refuses the same id again with 409', async () => {
      const created = await partners(server, 'POST', '/merchants', MERCHANT);
      expect(created.statusCode).toBe(200);
      expect(created.json()).toMatchObject({
        merchant_id: MERCHANT.merchant_id,
        merchant_name: 'Meera Iyer',
        onboarding_status: 'CREATED',
        product_min_kyc_status: null,
      });
      const read = await partners(server, 'GET', `/merchants/${MERCHANT.merchant_id}`);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({ merchant_id: MERCHANT.merchant_id });
      const again = await partners(server, 'POST', '/merchants', MERCHANT);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'merchant_already_exists' });
      expect((await partners(server, 'GET', '/merchants/nobody_1')).statusCode).toBe(404);
    });

    it('refuses a merchant without the fields Cashfree needs', async () => {
      const res = await partners(server, 'POST', '/merchants', { ...MERCHANT, poc_phone: '12' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'poc_phone_invalid' });
      const missing = await partners(server, 'POST', '/merchants', { merchant_id: 'tp_x_1' });
      expect(missing.json()).toMatchObject({ code: 'merchant_email_missing' });
    });

    it('gives a one-hour onboarding link that opens the KYC step', async () => {
      await partners(server, 'POST', '/merchants', MERCHANT);
      const res = await partners(
        server,
        'POST',
        `/merchants/${MERCHANT.merchant_id}/onboarding_link`,
        {
          type: 'account_onboarding',
          return_url: RETURN_URL,
        },
      );
      expect(res.statusCode).toBe(200);
      const link = res.json<{ onboarding_link: string; created_at: string; expires_at: string }>();
      expect(link.onboarding_link).toMatch(
        new RegExp(`^${server.sandbox.config.origin}/sandbox/cashfree/kyc/[A-Za-z0-9_-]{32}$`),
      );
      expect(Date.parse(link.expires_at) - Date.parse(link.created_at)).toBe(60 * 60 * 1000);
      const read = await partners(server, 'GET', `/merchants/${MERCHANT.merchant_id}`);
      expect(read.json()).toMatchObject({ product_min_kyc_status: 'PENDING' });

      const wrongType = await partners(
        server,
        'POST',
        `/merchants/${MERCHANT.merchant_id}/onboarding_link`,
        { type: 'something_else', return_url: RETURN_URL },
      );
      expect(wrongType.statusCode).toBe(400);
      const unknown = await partners(server, 'POST', '/merchants/nobody_1/onboarding_link', {
        type: 'account_onboarding',
        return_url: RETURN_URL,
      });
      expect(unknown.statusCode).toBe(404);
    });

    it('answers 500 while the 5xx fault is on', async () => {
      await server.inject({
        method: 'POST',
        url: '/sandbox/cashfree/faults',
        payload: { failNextWith5xx: 1 },
      });
      expect((await partners(server, 'POST', '/merchants', MERCHANT)).statusCode).toBe(500);
      expect((await partners(server, 'POST', '/merchants', MERCHANT)).statusCode).toBe(200);
    });
  });

  describe('KYC page', () => {
    // A merchant of its own per test: the webhook log outlives resetSandbox.
    let merchantId = '';
    beforeEach(async () => {
      await resetSandbox(server);
      merchantId = `tp_tutor_${randomBytes(4).toString('hex')}`;
    });

    const newLink = async () => {
      await partners(server, 'POST', '/merchants', { ...MERCHANT, merchant_id: merchantId });
      const res = await partners(server, 'POST', `/merchants/${merchantId}/onboarding_link`, {
        type: 'account_onboarding',
        return_url: RETURN_URL,
      });
      return res.json<{ onboarding_link: string }>().onboarding_link;
    };
    const status = async () =>
      (await partners(server, 'GET', `/merchants/${merchantId}`)).json<{
        product_min_kyc_status: string | null;
      }>().product_min_kyc_status;

    it('shows the merchant and two buttons, and never asks for an Aadhaar number', async () => {
      const link = await newLink();
      const page = await server.inject({ method: 'GET', url: kycPath(link) });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('Meera Iyer');
      expect(page.body).toContain('stands in for the gateway');
      expect(page.body).toContain('>Approve Aadhaar</button>');
      expect(page.body).toContain('>Fail Aadhaar</button>');
      expect(page.body).not.toMatch(/<input(?![^>]*type="hidden")/);
      expect(page.body).not.toContain('<script');
      expect(page.body).toContain('name="viewport"');
    });

    it('Approve: SUBMITTED, then APPROVED after the review, each a signed webhook; back to the app', async () => {
      const link = await newLink();
      const res = await decide(server, link, 'approve');
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(RETURN_URL);

      const log = await eventually(
        () => deliveries(server, merchantId),
        (list) => list.length === 3 && list.every((d) => d.state === 'delivered'),
      );
      // The link opened the KYC (PENDING), then the two decisions of the page and the review.
      expect(log.map((d) => d.onboarding_status)).toEqual(['PENDING', 'SUBMITTED', 'APPROVED']);
      expect(log.every((d) => d.type === 'MERCHANT_ONBOARDING_STATUS')).toBe(true);
      expect(JSON.parse(log[2]!.body)).toMatchObject({
        type: 'MERCHANT_ONBOARDING_STATUS',
        data: { merchant_id: merchantId, product_min_kyc_status: 'APPROVED' },
      });
      // Each one reached our server, which verified its signature (a 401 would be retried).
      expect(log.every((d) => d.attempts.length === 1 && d.attempts[0]!.status === 200)).toBe(true);
      expect(await status()).toBe('APPROVED');

      // Done: the page says so, and a second decision is refused.
      const page = await server.inject({ method: 'GET', url: kycPath(link) });
      expect(page.body).toContain('Aadhaar already verified');
      expect((await decide(server, link, 'fail')).statusCode).toBe(409);
    });

    it('keeps a submitted KYC under review while the review time runs', async () => {
      const { startTestServer } = await import('../support/server');
      const slow = await startTestServer(database, { env: { SANDBOX_KYC_REVIEW_MS: '60000' } });
      try {
        await partners(slow, 'POST', '/merchants', MERCHANT);
        const link = (
          await partners(slow, 'POST', `/merchants/${MERCHANT.merchant_id}/onboarding_link`, {
            type: 'account_onboarding',
            return_url: RETURN_URL,
          })
        ).json<{ onboarding_link: string }>().onboarding_link;
        expect((await decide(slow, link, 'approve')).statusCode).toBe(303);
        const read = await partners(slow, 'GET', `/merchants/${MERCHANT.merchant_id}`);
        expect(read.json()).toMatchObject({ product_min_kyc_status: 'SUBMITTED' });
      } finally {
        await slow.close();
      }
    });

    it('Fail: REJECTED and a webhook; a new link opens the KYC again', async () => {
      const link = await newLink();
      const res = await decide(server, link, 'fail');
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(RETURN_URL);
      expect(await status()).toBe('REJECTED');
      const log = await eventually(
        () => deliveries(server, merchantId),
        (list) => list.length === 2 && list.every((d) => d.state === 'delivered'),
      );
      expect(log.map((d) => d.onboarding_status)).toEqual(['PENDING', 'REJECTED']);

      await partners(server, 'POST', `/merchants/${merchantId}/onboarding_link`, {
        type: 'account_onboarding',
        return_url: RETURN_URL,
      });
      expect(await status()).toBe('PENDING');
    });

    it('shows a clear page for an unknown link (404) and an expired one (410)', async () => {
      const unknown = await server.inject({ method: 'GET', url: '/sandbox/cashfree/kyc/nope' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.body).toContain('This KYC link is not valid.');

      const link = await newLink();
      server.clock.advance(60 * 60 * 1000 + 1000);
      const expired = await server.inject({ method: 'GET', url: kycPath(link) });
      expect(expired.statusCode).toBe(410);
      expect(expired.body).toContain('This KYC link has expired.');
      expect((await decide(server, link, 'approve')).statusCode).toBe(410);
      expect(await status()).toBe('PENDING');
    });

    it('refuses a post without a decision and changes nothing', async () => {
      const link = await newLink();
      const res = await server.inject({
        method: 'POST',
        url: kycPath(link),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'decision=maybe',
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('Choose Approve Aadhaar or Fail Aadhaar.');
      expect(await status()).toBe('PENDING');
    });

    it('is what the adapter reads: the statuses map to spec §4', async () => {
      const merchants = createCashfreeMerchants(server.config, {
        loopback: server.sandbox.transport,
      });
      const created = await merchants.createMerchant({
        merchantId: 'tp_tutor_adapter_1',
        email: 'support+a@tuitionpay.in',
        name: 'Meera Iyer',
        phone: '9811122233',
      });
      expect(created).toEqual({ merchantId: 'tp_tutor_adapter_1', status: 'INITIATED' });
      const link = await merchants.createOnboardingLink('tp_tutor_adapter_1', RETURN_URL);
      expect((await merchants.fetchMerchant('tp_tutor_adapter_1')).status).toBe('MIN_KYC_PENDING');
      await decide(server, link.url, 'fail');
      expect((await merchants.fetchMerchant('tp_tutor_adapter_1')).status).toBe('MIN_KYC_REJECTED');
    });
  });
});
