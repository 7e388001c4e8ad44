// The tutor's Aadhaar KYC through the API (D4, D8, D15, D16, D35): POST and GET
// payments/pg/onboarding/ against the sandbox's partner API and KYC page, and the gateway's
// status webhook. Every API answer is checked against the contract.
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiMessages } from '../../src/domain/apiMessages';
import { toIstIsoString } from '../../src/domain/time';
import { bankAccounts, pgOnboarding, users } from '../../src/server/db/schema';
import { DEMO_PHONES } from '../../src/server/demo';
import { onboardingWebhookKey } from '../../src/server/gateway/merchants';
import { signWebhook } from '../../src/server/gateway/signature';
import { seedDemoData } from '../../src/server/seed';
import { login, testDatabases, useTestServer, type TestServer } from '../support/server';
import {
  decide,
  eventually,
  KYC_ENV,
  ONBOARDING_URL,
  ONBOARDING_WEBHOOK_URL,
  partners,
  resetSandbox,
  tutor,
  type Tutor,
} from './kyc.support';
import { orderBody } from './payments.support';

interface Link {
  onboarding_link: string;
  expires_at: string;
}

const start = (server: TestServer, who: Tutor, userId = who.id) =>
  server.api('POST', ONBOARDING_URL, { token: who.token, body: { user_id: userId } });

const read = (server: TestServer, who: { token: string }, userId: number) =>
  server.api('GET', `${ONBOARDING_URL}${userId}/`, { token: who.token });

const statusOf = async (server: TestServer, who: Tutor) =>
  (await read(server, who, who.id)).json<{ status: string }>().status;

const setStatus = async (
  server: TestServer,
  userId: number,
  status: string,
  merchantId?: string,
) => {
  await server.db
    .insert(pgOnboarding)
    .values({ userId, pgName: 'cashfree', status, merchantId: merchantId ?? null })
    .onConflictDoUpdate({
      target: [pgOnboarding.userId, pgOnboarding.pgName],
      set: { status, ...(merchantId ? { merchantId } : {}) },
    });
};

const faults = (server: TestServer, switches: Record<string, unknown>) =>
  server.inject({ method: 'POST', url: '/sandbox/cashfree/faults', payload: switches });

/** The public profile's approval time (D8): what the KYC approval is for the world. */
const approvedAt = async (server: TestServer, username: string) =>
  (await server.api('GET', `/api/v1/user/search-action/?username=${username}`)).json<{
    kyc_approved_at: string | null;
  }>().kyc_approved_at;

describe.each(testDatabases())('the Aadhaar KYC on $name', (database) => {
  const server = useTestServer(database, { env: KYC_ENV });
  beforeEach(() => resetSandbox(server));

  describe('starting it', () => {
    it('answers a one-hour link to the gateway’s KYC page and records the tutor', async () => {
      const meera = await tutor(server, '9811100001');
      const res = await start(server, meera);
      expect(res.statusCode).toBe(201);
      const link = res.json<Link>();
      expect(
        link.onboarding_link.startsWith(`${server.sandbox.config.origin}/sandbox/cashfree/kyc/`),
      ).toBe(true);
      expect(Date.parse(link.expires_at)).toBe(server.clock.now().getTime() + 60 * 60 * 1000);
      // The link opened the KYC on the gateway: Aadhaar step pending (D4 step 3).
      expect(await statusOf(server, meera)).toBe('MIN_KYC_PENDING');
      const me = await server.api('GET', '/api/v1/user/me/', { token: meera.token });
      expect(me.json()).toMatchObject({
        pg_onboarding_status: [{ pg_name: 'cashfree', status: 'MIN_KYC_PENDING' }],
      });
      // The gateway knows the tutor by name and phone; the link comes back to aadhar-redirect.
      const merchant = await partners(server, 'GET', `/merchants/tp_tutor_${meera.id}`);
      expect(merchant.json()).toMatchObject({
        merchant_name: 'Meera Iyer',
        poc_phone: meera.phone,
      });
      const approved = await decide(server, link.onboarding_link, 'approve');
      expect(approved.headers.location).toBe(
        `${server.config.publicOrigin}/tutor/onboarding/aadhar-redirect`,
      );
    });

    it('needs a login, and is for tutors, each for their own account only (403)', async () => {
      const meera = await tutor(server, '9811100001');
      const asha = await tutor(server, '9811100002');
      const anonymous = await server.api('POST', ONBOARDING_URL, { body: { user_id: meera.id } });
      expect(anonymous.statusCode).toBe(401);

      const other = await start(server, meera, asha.id);
      expect(other.statusCode).toBe(403);
      expect(other.json()).toMatchObject({ message: apiMessages.kyc.ownAccountOnly });

      const student = await login(server, '9811100003', 'student');
      const res = await server.api('POST', ONBOARDING_URL, {
        token: student.access_token,
        body: { user_id: student.id },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ message: apiMessages.kyc.onlyTutors });
    });

    it('needs a verified PAN and a verified bank account first (409)', async () => {
      const noPan = await tutor(server, '9811100001', { pan: false, bank: false });
      const res = await start(server, noPan);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: apiMessages.kyc.panRequired });

      const noBank = await tutor(server, '9811100002', { bank: false });
      await server.db.insert(bankAccounts).values({
        userId: noBank.id,
        accountNumberMasked: 'XXXXXXXX9999',
        ifsc: 'HDFC0001234',
        verified: false,
      });
      const refused = await start(server, noBank);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ message: apiMessages.kyc.bankAccountRequired });
      expect(await statusOf(server, noBank)).toBe('NONE');
    });

    it('refuses a KYC already submitted or approved (409), as we know it or as the gateway does', async () => {
      const submitted = await tutor(server, '9811100001');
      await setStatus(server, submitted.id, 'MIN_KYC_SUBMITTED');
      expect((await start(server, submitted)).json()).toMatchObject({
        message: apiMessages.kyc.underReview,
      });

      for (const [phone, status] of [
        ['9811100011', 'MIN_KYC_APPROVED'],
        ['9811100012', 'ACTIVE'],
      ] as const) {
        const done = await tutor(server, phone);
        await setStatus(server, done.id, status);
        const res = await start(server, done);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({ message: apiMessages.kyc.alreadyApproved });
      }

      // Approved on the gateway while its webhooks were lost: the gateway's word counts.
      const lost = await tutor(server, '9811100009');
      const link = (await start(server, lost)).json<Link>().onboarding_link;
      await faults(server, { dropWebhooks: true });
      await decide(server, link, 'approve');
      await eventually(
        async () => (await partners(server, 'GET', `/merchants/tp_tutor_${lost.id}`)).json(),
        (m: { product_min_kyc_status: string }) => m.product_min_kyc_status === 'APPROVED',
      );
      const again = await start(server, lost);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ message: apiMessages.kyc.alreadyApproved });
    });

    it('reuses the merchant on a second start, and after a rejection starts again (D4)', async () => {
      const meera = await tutor(server, '9811100001');
      const first = (await start(server, meera)).json<Link>();
      const second = await start(server, meera);
      expect(second.statusCode).toBe(201);
      expect(second.json<Link>().onboarding_link).not.toBe(first.onboarding_link);

      await decide(server, second.json<Link>().onboarding_link, 'fail');
      expect(
        await eventually(
          () => statusOf(server, meera),
          (s) => s === 'MIN_KYC_REJECTED',
        ),
      ).toBe('MIN_KYC_REJECTED');
      const retry = await start(server, meera);
      expect(retry.statusCode).toBe(201);
      expect(
        await eventually(
          () => statusOf(server, meera),
          (s) => s === 'MIN_KYC_PENDING',
        ),
      ).toBe('MIN_KYC_PENDING');
      const rows = await server.db
        .select()
        .from(pgOnboarding)
        .where(eq(pgOnboarding.userId, meera.id));
      expect(rows).toEqual([expect.objectContaining({ merchantId: `tp_tutor_${meera.id}` })]);
    });

    it('lets the demo tutor Ravi start: his merchant is created on the gateway if missing', async () => {
      await seedDemoData(server.db, server.clock, server.pans);
      const { id, access_token: token } = await login(server, DEMO_PHONES.pendingTutor, 'teacher');
      const res = await server.api('POST', ONBOARDING_URL, { token, body: { user_id: id } });
      expect(res.statusCode).toBe(201);
      const merchant = await partners(server, 'GET', '/merchants/demo_ravi_kumar');
      expect(merchant.statusCode).toBe(200);
      expect(merchant.json()).toMatchObject({
        merchant_name: 'Ravi Kumar',
        poc_phone: DEMO_PHONES.pendingTutor,
        merchant_email: 'support+ravi-kumar@tuitionpay.in',
      });
    });

    it('answers 502 when the gateway fails, and the tutor can try again', async () => {
      const meera = await tutor(server, '9811100001');
      await faults(server, { failNextWith5xx: 1 });
      const res = await start(server, meera);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ message: apiMessages.kyc.gatewayFailed });
      expect((await start(server, meera)).statusCode).toBe(201);
    });
  });

  describe('reading its status', () => {
    it('answers only the caller’s own status (404 otherwise); NONE before any KYC', async () => {
      const meera = await tutor(server, '9811100001');
      const asha = await tutor(server, '9811100002');
      const res = await read(server, meera, meera.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        user_id: meera.id,
        pg_name: 'cashfree',
        status: 'NONE',
        updated_at: expect.any(String),
      });
      const other = await read(server, meera, asha.id);
      expect(other.statusCode).toBe(404);
      expect(other.json()).toMatchObject({ message: apiMessages.kyc.notFound });
      const student = await login(server, '9811100003', 'student');
      expect((await read(server, { token: student.access_token }, student.id)).statusCode).toBe(
        404,
      );
    });

    it('re-reads the gateway: a lost webhook does not leave the tutor behind', async () => {
      const meera = await tutor(server, '9811100001');
      const link = (await start(server, meera)).json<Link>().onboarding_link;
      await faults(server, { dropWebhooks: true });
      await decide(server, link, 'approve');
      const approved = await eventually(
        () => statusOf(server, meera),
        (s) => s === 'MIN_KYC_APPROVED',
      );
      expect(approved).toBe('MIN_KYC_APPROVED');
      expect(await approvedAt(server, meera.username)).toBe(server.clock.now().toISOString());
    });

    it('answers the stored status when the gateway fails', async () => {
      const meera = await tutor(server, '9811100001');
      const link = (await start(server, meera)).json<Link>().onboarding_link;
      // The link's own status webhook (→ MIN_KYC_PENDING) arrives on a timer: let it land.
      await eventually(
        () => statusOf(server, meera),
        (s) => s === 'MIN_KYC_PENDING',
      );
      await faults(server, { dropWebhooks: true });
      await decide(server, link, 'fail');
      // A read is tried three times (gateway/transport.ts): all three fail.
      await faults(server, { failNextWith5xx: 3 });
      const res = await read(server, meera, meera.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'MIN_KYC_PENDING' });
      expect(server.logs.lines.some((line) => line.includes('merchant re-read'))).toBe(true);
      expect(await statusOf(server, meera)).toBe('MIN_KYC_REJECTED');
    });
  });

  describe('the status webhook', () => {
    const body = (merchantId: string, minKyc: string | null, at: Date, onboarding = 'CREATED') =>
      JSON.stringify({
        data: {
          merchant_id: merchantId,
          merchant_name: 'Meera Iyer',
          onboarding_status: onboarding,
          product_min_kyc_status: minKyc,
        },
        event_time: toIstIsoString(at),
        type: 'MERCHANT_ONBOARDING_STATUS',
      });

    const post = (
      raw: string,
      options: { at?: number; key?: string; headers?: Record<string, string> } = {},
    ) => {
      const timestamp = String(options.at ?? server.clock.now().getTime());
      return server.inject({
        method: 'POST',
        url: ONBOARDING_WEBHOOK_URL,
        headers: {
          'content-type': 'application/json',
          'x-webhook-timestamp': timestamp,
          'x-webhook-signature': signWebhook(
            options.key ?? onboardingWebhookKey(server.config.cashfree),
            timestamp,
            raw,
          ),
          'x-webhook-version': '2025-01-01',
          ...options.headers,
        },
        payload: raw,
      });
    };

    /** A tutor whose merchant the gateway knows, at `status`. */
    const withMerchant = async (phone: string, status: string) => {
      const who = await tutor(server, phone);
      await setStatus(server, who.id, status, `tp_tutor_${who.id}`);
      return { ...who, merchantId: `tp_tutor_${who.id}` };
    };

    it('refuses a wrong, missing or old signature (401) and a body that is not JSON (400)', async () => {
      const meera = await withMerchant('9811100001', 'MIN_KYC_PENDING');
      const raw = body(meera.merchantId, 'APPROVED', server.clock.now());
      const wrong = await post(raw, { key: 'not-the-secret' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({ message: apiMessages.webhooks.invalidSignature });
      const old = await post(raw, { at: server.clock.now().getTime() - 10 * 60 * 1000 });
      expect(old.statusCode).toBe(401);
      const unsigned = await server.inject({
        method: 'POST',
        url: ONBOARDING_WEBHOOK_URL,
        headers: { 'content-type': 'application/json' },
        payload: raw,
      });
      expect(unsigned.statusCode).toBe(401);
      expect((await post('{"type": ')).statusCode).toBe(400);
      expect(await statusOf(server, meera)).toBe('MIN_KYC_PENDING');
    });

    it('applies a status, acknowledges the same one again as a duplicate', async () => {
      const meera = await withMerchant('9811100001', 'MIN_KYC_PENDING');
      const raw = body(meera.merchantId, 'SUBMITTED', server.clock.now());
      expect((await post(raw)).json()).toEqual({ result: 'processed' });
      expect((await post(raw)).json()).toEqual({ result: 'duplicate' });
      const [row] = await server.db
        .select()
        .from(pgOnboarding)
        .where(and(eq(pgOnboarding.userId, meera.id), eq(pgOnboarding.pgName, 'cashfree')));
      expect(row?.status).toBe('MIN_KYC_SUBMITTED');
    });

    it('acknowledges an event about a merchant we do not know as ignored', async () => {
      const res = await post(body('tp_tutor_999', 'APPROVED', server.clock.now()));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ result: 'ignored' });
    });

    it('never moves an approved tutor back; APPROVED → ACTIVE still counts', async () => {
      const meera = await withMerchant('9811100001', 'MIN_KYC_SUBMITTED');
      expect((await post(body(meera.merchantId, 'APPROVED', server.clock.now()))).json()).toEqual({
        result: 'processed',
      });
      const approvedTime = await approvedAt(server, meera.username);
      expect(approvedTime).not.toBeNull();
      server.clock.advance(60_000);
      // Late and repeated deliveries, even ones newer than the approval.
      for (const late of ['SUBMITTED', 'PENDING', 'REJECTED']) {
        const res = await post(body(meera.merchantId, late, server.clock.now()));
        expect(res.json()).toEqual({ result: 'duplicate' });
      }
      expect(await statusOf(server, meera)).toBe('MIN_KYC_APPROVED');
      const active = await post(body(meera.merchantId, 'APPROVED', server.clock.now(), 'ACTIVE'));
      expect(active.json()).toEqual({ result: 'processed' });
      expect(await statusOf(server, meera)).toBe('ACTIVE');
      // D8: the first approval's time stays.
      expect(await approvedAt(server, meera.username)).toBe(approvedTime);
    });

    it('takes a retry after a rejection, but not an old event delivered late', async () => {
      const meera = await withMerchant('9811100001', 'MIN_KYC_PENDING');
      const opened = server.clock.now();
      server.clock.advance(60_000);
      expect((await post(body(meera.merchantId, 'REJECTED', server.clock.now()))).json()).toEqual({
        result: 'processed',
      });
      // The PENDING of the first link, delivered again after the rejection: older, dropped.
      expect((await post(body(meera.merchantId, 'PENDING', opened))).json()).toEqual({
        result: 'duplicate',
      });
      expect(await statusOf(server, meera)).toBe('MIN_KYC_REJECTED');
      // A new link after the rejection: newer, taken.
      server.clock.advance(60_000);
      expect((await post(body(meera.merchantId, 'PENDING', server.clock.now()))).json()).toEqual({
        result: 'processed',
      });
      expect(await statusOf(server, meera)).toBe('MIN_KYC_PENDING');
    });
  });

  describe('a tutor who passed it on the sandbox', () => {
    it('can be paid: a student’s order to them is accepted', async () => {
      const meera = await tutor(server, '9811100001');
      server.clock.advance(31_000);
      const student = await login(server, '9811100003', 'student');
      await server.db
        .update(users)
        .set({ firstName: 'Rohan', lastName: 'Mehta', ...server.pans.columns('BXKPM4821Q') })
        .where(eq(users.id, student.id));

      const before = await server.api('POST', '/api/v1/payments/pg/order/', {
        token: student.access_token,
        body: orderBody(student.id, meera.id, 500),
      });
      expect(before.statusCode).toBe(400);

      const link = (await start(server, meera)).json<Link>().onboarding_link;
      expect((await decide(server, link, 'approve')).statusCode).toBe(303);
      // The webhooks (SUBMITTED, then APPROVED at once in tests) move the tutor on their own.
      const row = await eventually(
        async () =>
          (await server.db.select().from(pgOnboarding).where(eq(pgOnboarding.userId, meera.id)))[0],
        (r) => r?.status === 'MIN_KYC_APPROVED',
      );
      expect(row?.status).toBe('MIN_KYC_APPROVED');

      const order = await server.api('POST', '/api/v1/payments/pg/order/', {
        token: student.access_token,
        body: orderBody(student.id, meera.id, 500),
      });
      expect(order.statusCode).toBe(201);
      expect(order.json()).toMatchObject({ order_status: 'ACTIVE', base_amount: 500 });
    });
  });
});

describe.each(testDatabases())('a KYC link on another origin on $name', (database) => {
  const server = useTestServer(database, {
    env: { ...KYC_ENV, ONBOARDING_ORIGIN: 'https://kyc.cashfree.example' },
  });

  it('is never handed to the browser (D15): 502, and the link is not logged', async () => {
    const meera = await tutor(server, '9811100001');
    const res = await start(server, meera);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ message: apiMessages.kyc.gatewayFailed });
    expect(server.logs.lines.join('\n')).not.toMatch(/\/sandbox\/cashfree\/kyc\/[A-Za-z0-9_-]{8}/);
  });
});
