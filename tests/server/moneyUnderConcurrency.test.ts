// Issue 9, points 1 and 2 (D109, D112): the ₹50,000 minimum-KYC cap and one payment per link
// hold when many students act at once. Requests run truly in parallel (Promise.all through the
// app), on PGlite and PostgreSQL; payments that still land where they must not are refunded in
// full by the refund job, and both sides are told why.
import { describe, expect, it } from 'vitest';
import { apiMessages } from '../../src/domain/apiMessages';
import { messages } from '../../src/domain/messages';
import { toIstIsoString } from '../../src/domain/time';
import { testDatabases } from '../support/server';
import { sweepAndRunJobs } from '../support/jobs';
import { REFUNDS_URL, RECEIVED_URL } from './dashboards.support';
import {
  ORDER_URL,
  orderBody,
  payment,
  usePaymentsServer,
  webhookBody,
  type Actor,
} from './payments.support';

const CREATE_LINK = '/api/v1/payments/payment-link/create/';
const linkUrl = (id: string) => `/api/v1/payments/payment-link/${id}/`;
const MINUTE = 60_000;

describe.each(testDatabases())('money under concurrency on $name', (database) => {
  const t = usePaymentsServer(database);
  const { api, server } = t;
  let seq = 0;

  /** `n` new students, each with a name and PAN (they can pay). */
  const students = async (n: number): Promise<Actor[]> => {
    const list: Actor[] = [];
    for (let i = 0; i < n; i += 1) {
      seq += 1;
      list.push(await t.user(`70000${String(10_000 + seq).slice(-5)}`, 'student'));
    }
    return list;
  };

  const order = (student: Actor, tutor: Actor, rupees: number, extra = {}) =>
    api('POST', ORDER_URL, {
      token: student.token,
      body: orderBody(student.id, tutor.id, rupees, extra),
    });

  /** The gateway takes the whole payment of `orderId`, and its webhook reaches us. */
  let paymentSeq = 0;
  const pay = async (orderId: string, total: number, { webhook = true } = {}) => {
    paymentSeq += 1;
    const reported = {
      ...payment(orderId, total, 'SUCCESS', String(6_000_000_000 + paymentSeq)),
      time: toIstIsoString(server.clock.now()),
    };
    t.fake.pay(orderId, reported);
    if (webhook) expect((await t.postWebhook(webhookBody(reported))).statusCode).toBe(200);
  };

  const totalOf = (res: { json: () => unknown }) =>
    Math.round((res.json() as { amount: number }).amount * 100);

  const view = async (student: Actor, orderId: string) =>
    (await api('GET', `${ORDER_URL}${orderId}/`, { token: student.token })).json<{
      order: { status: string };
      refund: { status: string; amount: number; automatic_reason: string | null } | null;
    }>();

  /** Ravi, KYC approved (MIN_KYC_APPROVED): capped at ₹50,000 (D10). */
  const cappedTutor = async () => {
    const { ravi } = await t.demo();
    await t.setKyc(ravi.id, 'MIN_KYC_APPROVED');
    return ravi;
  };

  it('lets only what fits the cap through when many students order at once', async () => {
    const tutor = await cappedTutor();
    const [first, ...crowd] = await students(11);
    // ₹10,000 already paid: ₹40,000 is left, so only two of ten ₹20,000 orders fit.
    const paid = await order(first!, tutor, 10_000);
    await pay(paid.json<{ id: string }>().id, totalOf(paid));

    const answers = await Promise.all(crowd.map((student) => order(student, tutor, 20_000)));
    const accepted = answers.filter((res) => res.statusCode === 201);
    const refused = answers.filter((res) => res.statusCode === 400);
    expect([accepted.length, refused.length]).toEqual([2, 8]);
    for (const res of refused) {
      expect(res.json<{ message: string }>().message).toBe(
        apiMessages.orders.refused(messages.payment.acceptanceLimitReached),
      );
    }

    // Every accepted order is paid, all at once: the tutor ends with exactly ₹50,000.
    await Promise.all(accepted.map((res) => pay(res.json<{ id: string }>().id, totalOf(res))));
    const summary = await api('GET', RECEIVED_URL, { token: tutor.token });
    expect(summary.json()).toMatchObject({
      summary: { this_month: { received: 50_000 }, acceptance_limit: { remaining: 0 } },
    });
  });

  it('releases the share of an order that ends unpaid', async () => {
    const tutor = await cappedTutor();
    const [a, b] = await students(2);
    const big = await order(a!, tutor, 40_000);
    expect(big.statusCode).toBe(201);
    expect((await order(b!, tutor, 20_000)).statusCode).toBe(400);

    // The checkout expires unpaid; the reconcile job sees it and the share comes back.
    const id = big.json<{ id: string }>().id;
    t.fake.orders.set(id, { ...t.fake.orders.get(id)!, status: 'EXPIRED' });
    server.clock.advance(3 * MINUTE);
    await sweepAndRunJobs(t.app);
    expect((await view(a!, id)).order.status).toBe('EXPIRED');
    expect((await order(b!, tutor, 20_000)).statusCode).toBe(201);
  });

  it('refunds in full a payment that still lands over the cap, and both sides see why', async () => {
    const tutor = await cappedTutor();
    const [late, early] = await students(2);
    // A checkout past its expiry (and the grace) no longer holds its share...
    const stale = await order(late!, tutor, 30_000);
    const staleId = stale.json<{ id: string }>().id;
    server.clock.advance(45 * MINUTE);
    const fresh = await order(early!, tutor, 30_000);
    expect(fresh.statusCode).toBe(201);
    await pay(fresh.json<{ id: string }>().id, totalOf(fresh));
    // ... yet its payment still lands: ₹60,000 would be over the cap.
    await pay(staleId, totalOf(stale));

    expect(t.fake.refunds.size).toBe(1);
    expect([...t.fake.refunds.values()]).toMatchObject([
      { orderId: staleId, amount: totalOf(stale) },
    ]);
    expect(await view(late!, staleId)).toMatchObject({
      order: { status: 'PAID' },
      refund: {
        status: 'PENDING',
        amount: totalOf(stale) / 100,
        automatic_reason: messages.automaticRefund.over_cap,
      },
    });
    const tutorsRefunds = await api('GET', REFUNDS_URL, { token: tutor.token });
    expect(tutorsRefunds.json()).toMatchObject({
      count: 1,
      results: [{ order_id: staleId, automatic_reason: messages.automaticRefund.over_cap }],
    });
    const received = await api('GET', RECEIVED_URL, { token: tutor.token });
    expect(received.json()).toMatchObject({ summary: { this_month: { received: 30_000 } } });
  });

  it('takes one payment per link: the other checkouts end, a racing payment is refunded', async () => {
    const { asha } = await t.demo();
    const link = await api('POST', CREATE_LINK, {
      token: asha.token,
      body: { amount: 1500, purpose: 'February fees' },
    });
    const linkId = link.json<{ id: string }>().id;
    const crowd = await students(5);
    const opened = await Promise.all(
      crowd.map((student) => order(student, asha, 1500, { payment_link_id: linkId })),
    );
    expect(opened.map((res) => res.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const ids = opened.map((res) => res.json<{ id: string }>().id);

    // Two payments reach the gateway before we hear of either (a race at the gateway).
    await pay(ids[1]!, totalOf(opened[1]!), { webhook: false });
    await Promise.all([pay(ids[0]!, totalOf(opened[0]!)), pay(ids[1]!, totalOf(opened[1]!))]);
    await t.jobs();

    const views = await Promise.all(crowd.map((student, i) => view(student, ids[i]!)));
    const statuses = views.map((v) => v.order.status);
    expect(statuses.filter((s) => s === 'PAID')).toHaveLength(2);
    expect(statuses.filter((s) => s === 'TERMINATED')).toHaveLength(3);
    const refunded = views.filter((v) => v.refund);
    expect(refunded).toMatchObject([
      { refund: { automatic_reason: messages.automaticRefund.link_already_paid } },
    ]);
    expect(t.fake.refunds.size).toBe(1);
    expect((await api('GET', linkUrl(linkId))).json()).toMatchObject({ status: 'PAID' });
    // The link still takes no new checkout.
    const more = await order((await students(1))[0]!, asha, 1500, { payment_link_id: linkId });
    expect(more.statusCode).toBe(409);
  });
});
