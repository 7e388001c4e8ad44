// Payment links (D19, D34): tutors with approved KYC create them, list their own (by status),
// cancel an ACTIVE one, and anyone with the unguessable id can read the details; `payee` only
// with a login (D17). Creating them with an API key: apiKeys.test.ts.
import { describe, expect, it } from 'vitest';
import { apiMessages } from '../../src/domain/apiMessages';
import { DEMO_PAYMENT_LINK } from '../../src/server/demo';
import { testDatabases } from '../support/server';
import {
  ORDER_URL,
  orderBody,
  payment,
  usePaymentsServer,
  webhookBody,
  type Actor,
} from './payments.support';

const CREATE = '/api/v1/payments/payment-link/create/';
const LIST = '/api/v1/payments/payment-link/';
const cancelUrl = (id: string) => `/api/v1/payments/payment-link/${id}/cancel/`;
const DAY = 24 * 60 * 60 * 1000;

interface Link {
  id: string;
  status: string;
  order_id: string | null;
  paid_at: string | null;
}

describe.each(testDatabases())('payment links on $name', (database) => {
  const t = usePaymentsServer(database);
  const { api, server } = t;

  const createLink = async (tutor: Actor, body: Record<string, unknown> = {}) => {
    const res = await api('POST', CREATE, {
      token: tutor.token,
      body: { amount: 3000, purpose: 'January maths tuition', ...body },
    });
    expect(res.statusCode).toBe(201);
    return res.json<Link>();
  };

  /** A student pays the link through an order and the gateway's success webhook. */
  const payLink = async (student: Actor, tutor: Actor, linkId: string) => {
    const body = orderBody(student.id, tutor.id, 3000, { payment_link_id: linkId });
    const created = await api('POST', ORDER_URL, { token: student.token, body });
    expect(created.statusCode).toBe(201);
    const orderId = created.json<{ id: string }>().id;
    const paid = await t.postWebhook(
      webhookBody(payment(orderId, Math.round(body.amount * 100), 'SUCCESS')),
    );
    expect(paid.statusCode).toBe(200);
    return orderId;
  };

  it('lets a KYC-approved tutor create a link, 30 days by default', async () => {
    const { asha } = await t.demo();
    const res = await api('POST', CREATE, {
      token: asha.token,
      body: { amount: 3000, purpose: '  January   maths tuition ', student_phone: '9876543212' },
    });
    expect(res.statusCode).toBe(201);
    const link = res.json<{ id: string }>();
    const now = server.clock.now().getTime();
    expect(link).toEqual({
      id: expect.stringMatching(/^lnk_[A-Za-z0-9_-]{16}$/),
      url: `${server.config.publicOrigin}/payment-link/${link.id}`,
      amount: 3000,
      purpose: 'January maths tuition',
      status: 'ACTIVE',
      student_phone: '9876543212',
      expires_at: new Date(now + 30 * DAY).toISOString(),
      created_at: new Date(now).toISOString(),
      order_id: null,
      paid_at: null,
    });
  });

  it('refuses students, tutors without approved KYC and bad expiries', async () => {
    const { asha, ravi, priya } = await t.demo();
    const body = { amount: 500, purpose: 'Trial class' };
    const student = await api('POST', CREATE, { token: priya.token, body });
    expect(student.statusCode).toBe(403);
    const pending = await api('POST', CREATE, { token: ravi.token, body });
    expect(pending.statusCode).toBe(403);
    expect(pending.json()).toMatchObject({ message: apiMessages.links.kycRequired });
    await t.setKyc(ravi.id, 'MIN_KYC_APPROVED');
    expect((await api('POST', CREATE, { token: ravi.token, body })).statusCode).toBe(201);

    const now = server.clock.now().getTime();
    const past = await api('POST', CREATE, {
      token: asha.token,
      body: { ...body, expires_at: new Date(now - 1000).toISOString() },
    });
    expect(past.json()).toMatchObject({ message: apiMessages.links.expiryPast });
    const far = await api('POST', CREATE, {
      token: asha.token,
      body: { ...body, expires_at: new Date(now + 181 * DAY).toISOString() },
    });
    expect(far.statusCode).toBe(400);
    expect(far.json()).toMatchObject({ message: apiMessages.links.expiryTooFar });
    const blank = await api('POST', CREATE, {
      token: asha.token,
      body: { amount: 5, purpose: ' ' },
    });
    expect(blank.json()).toMatchObject({ message: apiMessages.links.purposeRequired });
    const big = await api('POST', CREATE, { token: asha.token, body: { ...body, amount: 50_001 } });
    expect(big.statusCode).toBe(400);
  });

  it('refuses an anonymous caller and an unknown API key (401)', async () => {
    const body = { amount: 500, purpose: 'Trial class' };
    expect((await api('POST', CREATE, { body })).statusCode).toBe(401);
    const key = await api('POST', CREATE, {
      body,
      headers: { authorization: 'Token tp_live_0123456789abcdef' },
    });
    expect(key.statusCode).toBe(401);
    expect(key.json()).toMatchObject({ message: apiMessages.apiKeys.invalid });
  });

  it("lists the tutor's own links, newest first, a page at a time", async () => {
    const { asha, priya } = await t.demo();
    const ids: string[] = [];
    for (let i = 1; i <= 3; i += 1) {
      server.clock.advance(1000);
      const res = await api('POST', CREATE, {
        token: asha.token,
        body: { amount: 100 * i, purpose: `Class ${i}` },
      });
      ids.push(res.json<{ id: string }>().id);
    }
    const first = await api('GET', `${LIST}?page_size=2`, { token: asha.token });
    // Three new links and the demo link seeded before them.
    expect(first.json()).toMatchObject({ count: 4, page: 1, page_size: 2 });
    expect(first.json<{ results: { id: string }[] }>().results.map((l) => l.id)).toEqual([
      ids[2],
      ids[1],
    ]);
    const second = await api('GET', `${LIST}?page=2&page_size=2`, { token: asha.token });
    expect(second.json<{ results: { id: string }[] }>().results.map((l) => l.id)).toEqual([
      ids[0],
      DEMO_PAYMENT_LINK.id,
    ]);
    const defaults = await api('GET', LIST, { token: asha.token });
    expect(defaults.json()).toMatchObject({ count: 4, page: 1, page_size: 20 });
    const other = await t.user('7012345675', 'teacher');
    expect((await api('GET', LIST, { token: other.token })).json()).toMatchObject({
      results: [],
      count: 0,
    });
    expect((await api('GET', LIST, { token: priya.token })).statusCode).toBe(403);
    expect((await api('GET', `${LIST}?page_size=101`, { token: asha.token })).statusCode).toBe(400);
    expect((await api('GET', LIST)).statusCode).toBe(401);
  });

  it('shows a link publicly, the payee id only with a login, EXPIRED past its expiry', async () => {
    const { asha, priya } = await t.demo();
    const created = await api('POST', CREATE, {
      token: asha.token,
      body: { amount: 3000, purpose: 'January maths tuition' },
    });
    const { id, expires_at } = created.json<{ id: string; expires_at: string }>();
    const url = `/api/v1/payments/payment-link/${id}/`;
    const anonymous = await api('GET', url);
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({
      id,
      amount: 3000,
      purpose: 'January maths tuition',
      status: 'ACTIVE',
      expires_at,
      payee_name: 'Asha Verma',
      payee_phone: asha.phone,
    });
    expect((await api('GET', url, { token: priya.token })).json()).toMatchObject({
      payee: asha.id,
    });
    expect((await api('GET', url, { token: 'made-up' })).statusCode).toBe(401);
    expect((await api('GET', '/api/v1/payments/payment-link/lnk_unknown1234/')).statusCode).toBe(
      404,
    );

    server.clock.advance(31 * DAY);
    expect((await api('GET', url)).json()).toMatchObject({ status: 'EXPIRED' });
  });

  it('seeds a demo link of Asha’s that any student can pay', async () => {
    const { asha, priya } = await t.demo();
    const res = await api('GET', `/api/v1/payments/payment-link/${DEMO_PAYMENT_LINK.id}/`, {
      token: priya.token,
    });
    expect(res.json()).toMatchObject({
      amount: 3000,
      purpose: 'Monthly maths tuition',
      status: 'ACTIVE',
      payee_name: 'Asha Verma',
      payee: asha.id,
    });
    const order = await api('POST', ORDER_URL, {
      token: priya.token,
      body: orderBody(priya.id, asha.id, 3000, { payment_link_id: DEMO_PAYMENT_LINK.id }),
    });
    expect(order.statusCode).toBe(201);
  });

  it('checks a link when an order pays it: payee, amount, student and expiry (409)', async () => {
    const { asha, priya } = await t.demo();
    const other = await t.user('7012345676', 'student');
    const ravi2 = await t.user('7012345677', 'teacher', {
      firstName: 'Ravi',
      lastName: 'Rao',
      pan: 'CDEPR2345F',
      username: 'ravi-rao',
    });
    await t.setKyc(ravi2.id, 'ACTIVE');
    const created = await api('POST', CREATE, {
      token: asha.token,
      body: {
        amount: 3000,
        purpose: 'January',
        student_phone: priya.phone,
        expires_at: new Date(server.clock.now().getTime() + 60 * 60_000).toISOString(),
      },
    });
    const linkId = created.json<{ id: string }>().id;
    const attempt = async (token: string, payerId: number, payeeId: number, rupees: number) => {
      server.clock.advance(3 * 60_000);
      return api('POST', ORDER_URL, {
        token,
        body: orderBody(payerId, payeeId, rupees, { payment_link_id: linkId }),
      });
    };
    const wrongTutor = await attempt(priya.token, priya.id, ravi2.id, 3000);
    expect(wrongTutor.statusCode).toBe(409);
    expect(wrongTutor.json()).toMatchObject({
      message: 'Order refused: This payment link is for another tutor.',
    });
    const wrongAmount = await attempt(priya.token, priya.id, asha.id, 2999);
    expect(wrongAmount.json()).toMatchObject({
      message: 'Order refused: The amount does not match this payment link.',
    });
    const wrongStudent = await attempt(other.token, other.id, asha.id, 3000);
    expect(wrongStudent.json()).toMatchObject({
      message: 'Order refused: This payment link is for another student.',
    });
    const unknown = await api('POST', ORDER_URL, {
      token: priya.token,
      body: orderBody(priya.id, asha.id, 3000, { payment_link_id: 'lnk_unknown1234' }),
    });
    expect(unknown.statusCode).toBe(404);
    expect((await attempt(priya.token, priya.id, asha.id, 3000)).statusCode).toBe(201);
    server.clock.advance(60 * 60_000); // past the link's expiry, within the session's 12 h
    const expired = await attempt(priya.token, priya.id, asha.id, 3000);
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toMatchObject({
      message: 'Order refused: This payment link has expired.',
    });
  });

  it('lets the tutor cancel an ACTIVE link, which then cannot be paid', async () => {
    const { asha, priya } = await t.demo();
    const link = await createLink(asha);
    const res = await api('POST', cancelUrl(link.id), { token: asha.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...link, status: 'CANCELLED' });
    const details = await api('GET', `/api/v1/payments/payment-link/${link.id}/`);
    expect(details.json()).toMatchObject({ status: 'CANCELLED' });

    const order = await api('POST', ORDER_URL, {
      token: priya.token,
      body: orderBody(priya.id, asha.id, 3000, { payment_link_id: link.id }),
    });
    expect(order.statusCode).toBe(409);
    expect(order.json()).toMatchObject({
      message: apiMessages.orders.refused(apiMessages.orders.linkCancelled),
    });

    const again = await api('POST', cancelUrl(link.id), { token: asha.token });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: apiMessages.links.cancelCancelled });
  });

  it('refuses to cancel a link that is paid or expired (409) and leaves it as it was', async () => {
    const { asha, priya } = await t.demo();
    const paid = await createLink(asha);
    const orderId = await payLink(priya, asha, paid.id);
    const paidRes = await api('POST', cancelUrl(paid.id), { token: asha.token });
    expect(paidRes.statusCode).toBe(409);
    expect(paidRes.json()).toMatchObject({ message: apiMessages.links.cancelPaid });

    const soon = await createLink(asha, {
      expires_at: new Date(server.clock.now().getTime() + 60 * 60_000).toISOString(),
    });
    server.clock.advance(60 * 60_000);
    const expiredRes = await api('POST', cancelUrl(soon.id), { token: asha.token });
    expect(expiredRes.statusCode).toBe(409);
    expect(expiredRes.json()).toMatchObject({ message: apiMessages.links.cancelExpired });

    const list = await api('GET', LIST, { token: asha.token });
    const byId = new Map(list.json<{ results: Link[] }>().results.map((l) => [l.id, l]));
    expect(byId.get(paid.id)).toMatchObject({ status: 'PAID', order_id: orderId });
    expect(byId.get(soon.id)).toMatchObject({ status: 'EXPIRED', order_id: null });
  });

  it("answers 404 for another tutor's link or an unknown id, and changes nothing", async () => {
    const { asha, ravi, priya } = await t.demo();
    const link = await createLink(asha);
    for (const id of [link.id, 'lnk_unknown1234']) {
      const res = await api('POST', cancelUrl(id), { token: ravi.token });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: apiMessages.links.notFound });
    }
    const student = await api('POST', cancelUrl(link.id), { token: priya.token });
    expect(student.statusCode).toBe(403);
    expect(student.json()).toMatchObject({ message: apiMessages.links.onlyTutors });
    expect((await api('POST', cancelUrl(link.id))).statusCode).toBe(401);
    const details = await api('GET', `/api/v1/payments/payment-link/${link.id}/`);
    expect(details.json()).toMatchObject({ status: 'ACTIVE' });
  });

  it('lists links by status, EXPIRED past the expiry, a paid one with its order and time', async () => {
    const { asha, priya } = await t.demo();
    const active = await createLink(asha);
    const soon = await createLink(asha, {
      expires_at: new Date(server.clock.now().getTime() + 60 * 60_000).toISOString(),
    });
    const cancelled = await createLink(asha);
    await api('POST', cancelUrl(cancelled.id), { token: asha.token });
    const paid = await createLink(asha);
    const orderId = await payLink(priya, asha, paid.id);
    server.clock.advance(60 * 60_000);

    const ids = async (status: string) => {
      const res = await api('GET', `${LIST}?status=${status}`, { token: asha.token });
      expect(res.statusCode).toBe(200);
      const page = res.json<{ results: Link[]; count: number }>();
      expect(page.count).toBe(page.results.length);
      for (const link of page.results) expect(link.status).toBe(status);
      return page.results.map((l) => l.id);
    };
    expect(await ids('ACTIVE')).toEqual([active.id, DEMO_PAYMENT_LINK.id]);
    expect(await ids('EXPIRED')).toEqual([soon.id]);
    expect(await ids('CANCELLED')).toEqual([cancelled.id]);
    expect(await ids('PAID')).toEqual([paid.id]);
    const [paidLink] = (await api('GET', `${LIST}?status=PAID`, { token: asha.token })).json<{
      results: Link[];
    }>().results;
    // The fake gateway reports the payment at 10:05 IST on the day the test clock starts.
    expect(paidLink).toMatchObject({ order_id: orderId, paid_at: '2025-01-15T04:35:00.000Z' });
    expect((await api('GET', `${LIST}?status=GONE`, { token: asha.token })).statusCode).toBe(400);
  });
});
