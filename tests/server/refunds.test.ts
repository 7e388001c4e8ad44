// Refund requests (spec §2 terms: within 24 hours of payment and before settlement) and the
// tutor's decision: an approved refund reaches the gateway once, for what was paid.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiMessages } from '../../src/domain/apiMessages';
import { refunds } from '../../src/server/db/schema';
import { GatewayError } from '../../src/server/gateway/types';
import { sweepAndRunJobs } from '../support/jobs';
import { login, testDatabases } from '../support/server';
import {
  HOUR_MS,
  MADE_URL,
  MINUTE_MS,
  RECEIVED_URL,
  REFUNDS_URL,
  approveUrl,
  declineUrl,
  failOrder,
  moveClockTo,
  payOrder,
  requestRefund,
} from './dashboards.support';
import { refundWebhookBody, usePaymentsServer, type Actor } from './payments.support';

describe.each(testDatabases())('refunds on $name', (database) => {
  const t = usePaymentsServer(database);
  const { api, server } = t;

  /** A new session for `actor` (sessions last 12 hours, D13). */
  const relogin = async (actor: Actor, role: 'student' | 'teacher'): Promise<Actor> => {
    const { access_token } = await login(server, actor.phone, role);
    return { ...actor, token: access_token };
  };
  const ask = (student: Actor, orderId: string, reason = 'The class was cancelled.') =>
    api('POST', REFUNDS_URL, { token: student.token, body: { order_id: orderId, reason } });
  const refundRows = () => server.db.select().from(refunds);

  it('takes a request 23h59 after payment; the approval refunds once, for what was paid', async () => {
    const demo = await t.demo();
    const paidAt = server.clock.now();
    const orderId = await payOrder(t, demo.priya, demo.asha, 2000);
    server.clock.advance(24 * HOUR_MS - MINUTE_MS);
    const priya = await relogin(demo.priya, 'student');
    const asha = await relogin(demo.asha, 'teacher');

    const asked = await ask(priya, orderId);
    expect(asked.statusCode).toBe(201);
    const requested = asked.json<{ id: string }>();
    expect(requested).toEqual({
      id: expect.stringMatching(/^rfd_[A-Za-z0-9_-]{16}$/),
      order_id: orderId,
      amount: 2023.88,
      reason: 'The class was cancelled.',
      automatic_reason: null,
      status: 'REQUESTED',
      requested_at: server.clock.now().toISOString(),
      decided_at: null,
      refunded_at: null,
      paid_at: paidAt.toISOString(),
      student: { id: priya.id, name: 'Priya Sharma', phone: priya.phone },
      tutor: { id: asha.id, name: 'Asha Verma', username: 'asha-verma' },
    });
    const toDecide = await api('GET', `${REFUNDS_URL}?status=REQUESTED`, { token: asha.token });
    expect(toDecide.json()).toEqual({ results: [requested], count: 1, page: 1, page_size: 20 });

    server.clock.advance(MINUTE_MS);
    const approved = await api('POST', approveUrl(requested.id), { token: asha.token });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      id: requested.id,
      status: 'PENDING',
      decided_at: server.clock.now().toISOString(),
      refunded_at: null,
    });
    expect(t.fake.calls.createRefund).toBe(1);
    expect([...t.fake.refunds.values()]).toEqual([
      expect.objectContaining({ refundId: requested.id, orderId, amount: 202_388 }),
    ]);

    // A second approval, or a decline now, changes nothing and never reaches the gateway.
    const again = await api('POST', approveUrl(requested.id), { token: asha.token });
    expect([again.statusCode, again.json()]).toEqual([
      409,
      expect.objectContaining({ message: apiMessages.refunds.alreadyApproved }),
    ]);
    const decline = await api('POST', declineUrl(requested.id), { token: asha.token });
    expect(decline.statusCode).toBe(409);
    expect(t.fake.calls.createRefund).toBe(1);
    expect((await refundRows())[0]?.status).toBe('PENDING');

    // The gateway finishes; the refund job re-reads it, and both sides see it.
    t.fake.settleRefund(requested.id, 'SUCCESS');
    server.clock.advance(MINUTE_MS);
    await sweepAndRunJobs(t.app);
    const mine = await api('GET', REFUNDS_URL, { token: priya.token });
    expect(mine.json()).toMatchObject({
      results: [{ id: requested.id, status: 'SUCCESS', refunded_at: '2025-01-15T07:00:00.000Z' }],
    });
    expect(t.fake.calls.fetchRefund).toBe(1);
    const made = await api('GET', MADE_URL, { token: priya.token });
    expect(made.json()).toMatchObject({
      results: [
        { order_id: orderId, refund: { id: requested.id, status: 'SUCCESS', amount: 2023.88 } },
      ],
    });
    const received = await api('GET', RECEIVED_URL, { token: asha.token });
    expect(received.json()).toMatchObject({
      results: [{ order_id: orderId, refund: { status: 'SUCCESS' }, settles_at: null }],
    });
    // SUCCESS is final: no more re-reads.
    server.clock.advance(10 * MINUTE_MS);
    await sweepAndRunJobs(t.app);
    expect(t.fake.calls.fetchRefund).toBe(1);
  });

  it('refuses a request 24h01 after payment, and one after settlement', async () => {
    const demo = await t.demo();
    const late = await payOrder(t, demo.priya, demo.asha, 2000);
    server.clock.advance(24 * HOUR_MS + MINUTE_MS);
    const priya = await relogin(demo.priya, 'student');
    const res = await ask(priya, late);
    expect([res.statusCode, res.json()]).toEqual([
      400,
      expect.objectContaining({ message: apiMessages.refunds.windowPassed }),
    ]);
    expect(await refundRows()).toEqual([]);
  });

  it('refuses a request after settlement even within 24 hours', async () => {
    // Paid at 23:30 IST on Wednesday; settled on Thursday at 17:00 IST, 17.5 hours later.
    moveClockTo(t, '2025-01-15T17:50:00.000Z');
    const demo = await t.demo();
    moveClockTo(t, '2025-01-15T18:00:00.000Z');
    const first = await payOrder(t, demo.priya, demo.asha, 1000);
    server.clock.advance(MINUTE_MS);
    const second = await payOrder(t, demo.priya, demo.asha, 2000);
    moveClockTo(t, '2025-01-16T11:29:00.000Z');
    const priya = await relogin(demo.priya, 'student');
    expect((await ask(priya, first)).statusCode).toBe(201); // 16:59 IST: not settled yet
    server.clock.advance(MINUTE_MS);
    const res = await ask(priya, second);
    expect([res.statusCode, res.json()]).toEqual([
      400,
      expect.objectContaining({ message: apiMessages.refunds.settled }),
    ]);
  });

  it('takes one request per paid order of the caller’s own', async () => {
    const { asha, priya } = await t.demo();
    const paid = await payOrder(t, priya, asha, 2000);
    const failed = await failOrder(t, priya, asha, 900);
    const blank = await ask(priya, paid, '   ');
    expect([blank.statusCode, blank.json()]).toEqual([
      400,
      expect.objectContaining({ message: apiMessages.refunds.reasonRequired }),
    ]);
    const notPaid = await ask(priya, failed);
    expect([notPaid.statusCode, notPaid.json()]).toEqual([
      409,
      expect.objectContaining({ message: apiMessages.refunds.notPaid }),
    ]);
    expect((await ask(priya, paid)).statusCode).toBe(201);
    const twice = await ask(priya, paid, 'Again');
    expect([twice.statusCode, twice.json()]).toEqual([
      409,
      expect.objectContaining({ message: apiMessages.refunds.alreadyRequested }),
    ]);
    const unknown = await ask(priya, 'ord_unknown00000000');
    expect([unknown.statusCode, unknown.json()]).toEqual([
      404,
      expect.objectContaining({ message: apiMessages.refunds.orderNotFound }),
    ]);
    expect(await refundRows()).toHaveLength(1);
  });

  it('declines without the gateway; DECLINED is final', async () => {
    const { asha, priya } = await t.demo();
    const refundId = await requestRefund(t, priya, await payOrder(t, priya, asha, 2000));
    const declined = await api('POST', declineUrl(refundId), { token: asha.token });
    expect([declined.statusCode, declined.json()]).toEqual([
      200,
      expect.objectContaining({ id: refundId, status: 'DECLINED', decided_at: expect.any(String) }),
    ]);
    const approve = await api('POST', approveUrl(refundId), { token: asha.token });
    expect([approve.statusCode, approve.json()]).toEqual([
      409,
      expect.objectContaining({ message: apiMessages.refunds.alreadyDeclined }),
    ]);
    expect((await api('POST', declineUrl(refundId), { token: asha.token })).statusCode).toBe(409);
    expect(t.fake.calls.createRefund).toBe(0);
    const mine = await api('GET', REFUNDS_URL, { token: priya.token });
    expect(mine.json()).toMatchObject({ results: [{ id: refundId, status: 'DECLINED' }] });
  });

  it('lets only one of two simultaneous approvals through', async () => {
    const { asha, priya } = await t.demo();
    const refundId = await requestRefund(t, priya, await payOrder(t, priya, asha, 2000));
    const answers = await Promise.all([
      api('POST', approveUrl(refundId), { token: asha.token }),
      api('POST', approveUrl(refundId), { token: asha.token }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(t.fake.calls.createRefund).toBe(1);
  });

  it('marks a refund the gateway refuses FAILED and answers 502', async () => {
    const { asha, priya } = await t.demo();
    const refundId = await requestRefund(t, priya, await payOrder(t, priya, asha, 2000));
    t.fake.failRefund = new GatewayError(
      'Cashfree: refund_amount invalid',
      400,
      'refund_amount_invalid',
    );
    const res = await api('POST', approveUrl(refundId), { token: asha.token });
    expect([res.statusCode, res.json()]).toEqual([
      502,
      expect.objectContaining({ message: apiMessages.refunds.gatewayRefused }),
    ]);
    const [row] = await server.db.select().from(refunds).where(eq(refunds.id, refundId));
    expect(row).toMatchObject({ status: 'FAILED', failureReason: 'refund_amount_invalid' });
    expect((await api('POST', approveUrl(refundId), { token: asha.token })).statusCode).toBe(409);
    expect(t.fake.calls.createRefund).toBe(1);
  });

  it('a signed refund webhook brings the refund to SUCCESS at once; forged is 401, unknown 200 (D330)', async () => {
    const { asha, priya } = await t.demo();
    const orderId = await payOrder(t, priya, asha, 2000);
    const refundId = await requestRefund(t, priya, orderId);
    expect((await api('POST', approveUrl(refundId), { token: asha.token })).statusCode).toBe(200);
    t.fake.settleRefund(refundId, 'SUCCESS');
    const body = refundWebhookBody(t.fake.refunds.get(refundId)!);
    const reads = t.fake.calls.fetchRefund;

    // A bad signature changes nothing and is refused, so the gateway retries it.
    const forged = await t.postWebhook(body, undefined, 'not-the-client-secret');
    expect([forged.statusCode, forged.json()]).toEqual([
      401,
      expect.objectContaining({ message: apiMessages.webhooks.invalidSignature }),
    ]);
    expect((await refundRows())[0]?.status).toBe('PENDING');

    // Signed: the refund job re-reads it now, not at the sweep's next check.
    const signed = await t.postWebhook(body);
    expect([signed.statusCode, signed.json()]).toEqual([200, { result: 'queued' }]);
    expect(t.fake.calls.fetchRefund).toBe(reads + 1);
    const mine = await api('GET', REFUNDS_URL, { token: priya.token });
    expect(mine.json()).toMatchObject({
      results: [{ id: refundId, status: 'SUCCESS', refunded_at: '2025-01-15T07:00:00.000Z' }],
    });

    // A refund we never made, and an event type we do not act on: acknowledged, nothing moves.
    const unknown = body.replaceAll(refundId, 'rfd_NotOneOfOurs00');
    expect((await t.postWebhook(unknown)).json()).toEqual({ result: 'ignored' });
    const other = body.replace('REFUND_STATUS_WEBHOOK', 'DISPUTE_CREATED');
    const ignored = await t.postWebhook(other);
    expect([ignored.statusCode, ignored.json()]).toEqual([200, { result: 'ignored' }]);
    expect(t.fake.calls.fetchRefund).toBe(reads + 1);
  });

  it('keeps a refund PENDING when the gateway does not answer; the refund job sends it', async () => {
    const { asha, priya } = await t.demo();
    const orderId = await payOrder(t, priya, asha, 2000);
    const refundId = await requestRefund(t, priya, orderId);
    t.fake.failRefund = new GatewayError('Cashfree did not answer', null, 'timeout');
    const res = await api('POST', approveUrl(refundId), { token: asha.token });
    expect(res.json()).toMatchObject({ status: 'PENDING' });
    expect(t.fake.refunds.size).toBe(0);
    // The job finds no refund at the gateway and sends the same one again (D111).
    t.fake.refundStatus = 'SUCCESS';
    await sweepAndRunJobs(t.app);
    const listed = await api('GET', REFUNDS_URL, { token: priya.token });
    expect(listed.json()).toMatchObject({ results: [{ id: refundId, status: 'SUCCESS' }] });
    expect([...t.fake.refunds.values()]).toEqual([
      expect.objectContaining({ refundId, orderId, amount: 202_388 }),
    ]);
  });

  it('lists refunds without calling the gateway: the job keeps them fresh', async () => {
    const { asha, priya } = await t.demo();
    for (const rupees of [100, 200]) {
      const refundId = await requestRefund(t, priya, await payOrder(t, priya, asha, rupees));
      expect((await api('POST', approveUrl(refundId), { token: asha.token })).statusCode).toBe(200);
      server.clock.advance(MINUTE_MS);
    }
    const reads = t.fake.calls.fetchRefund;
    await api('GET', REFUNDS_URL, { token: asha.token });
    expect(t.fake.calls.fetchRefund).toBe(reads);
  });

  it('lets the tutor approve a request made in time even after the window', async () => {
    const demo = await t.demo();
    const refundId = await requestRefund(
      t,
      demo.priya,
      await payOrder(t, demo.priya, demo.asha, 2000),
    );
    server.clock.advance(30 * HOUR_MS);
    const asha = await relogin(demo.asha, 'teacher');
    const res = await api('POST', approveUrl(refundId), { token: asha.token });
    expect([res.statusCode, res.json()]).toEqual([
      200,
      expect.objectContaining({ status: 'PENDING' }),
    ]);
  });
});
