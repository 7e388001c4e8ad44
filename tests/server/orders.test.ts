// POST and GET payments/pg/order/ (D6, D9, D10, D11, D19, D20, D32, D33) with a fake gateway,
// and GET payments/pg/ (D5, D9).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { apiMessages } from '../../src/domain/apiMessages';
import { readIn } from '../../src/domain/locale';
import { nextSettlement } from '../../src/domain/settlement';
import { idempotencyKeys, orders, schedules } from '../../src/server/db/schema';
import { GatewayError } from '../../src/server/gateway/types';
import { testDatabases } from '../support/server';
import { ORDER_URL, orderBody, payment, usePaymentsServer } from './payments.support';

/** What the app shows of a 400 (spec §8): the text after the last ': '. */
const shown = (message: string) => message.slice(message.lastIndexOf(': ') + 2);

describe.each(testDatabases())('fee settings on $name', (database) => {
  const { api, server } = usePaymentsServer(database);

  it('publishes the base rate, the charges rate and this and next year’s holidays', async () => {
    const res = await api('GET', '/api/v1/payments/pg/?pg_name=cashfree');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ settlement_holidays: string[] }>();
    expect(body).toMatchObject({ pg_name: 'cashfree', base_rate: 1, charges_rate: 19.41 });
    expect(body.settlement_holidays).toContain('2025-01-26');
    expect(body.settlement_holidays).toContain('2026-08-15');
    expect(body.settlement_holidays.every((d) => /^202[56]-/.test(d))).toBe(true);
    expect([...body.settlement_holidays].sort()).toEqual(body.settlement_holidays);
    // D5: a payment the day before Republic Day 2026 (a Monday) settles on Tuesday.
    const settles = nextSettlement(new Date('2026-01-23T06:00:00Z'), body.settlement_holidays);
    expect(settles.toISOString()).toBe('2026-01-27T11:30:00.000Z');
    expect(server.config.publicOrigin).toBeTruthy();
  });

  it('needs pg_name and knows only cashfree', async () => {
    expect((await api('GET', '/api/v1/payments/pg/')).statusCode).toBe(400);
    expect((await api('GET', '/api/v1/payments/pg/?pg_name=razorpay')).statusCode).toBe(400);
  });
});

describe.each(testDatabases())('creating orders on $name', (database) => {
  const t = usePaymentsServer(database);
  const { api, server } = t;

  it('creates a card order on the gateway with the D9 breakup and D6 method', async () => {
    const { asha, priya } = await t.demo();
    const res = await api('POST', ORDER_URL, {
      token: priya.token,
      body: orderBody(priya.id, asha.id, 2000),
    });
    expect(res.statusCode).toBe(201);
    const created = res.json<{ id: string }>();
    expect(created).toEqual({
      id: expect.stringMatching(/^ord_[A-Za-z0-9_-]{16}$/),
      payment_session_id: 'session_fake_1',
      order_status: 'ACTIVE',
      amount: 2023.88,
      base_amount: 2000,
      fee: 20,
      charges: 3.88,
      payment_method: 'cc',
    });
    expect(t.fake.created).toEqual([
      {
        orderId: created.id,
        amount: 202_388,
        customer: { id: `user_${priya.id}`, phone: priya.phone, name: 'Priya Sharma' },
        paymentMethod: 'cc',
        returnUrl: `${server.config.publicOrigin}/pay/redirect?order_id={order_id}`,
        notifyUrl: `${server.config.publicOrigin}/api/v1/payments/pg/webhook/`,
        note: 'Tuition fee for Asha Verma',
        tags: { payee_id: String(asha.id), base_amount: '200000' },
        idempotencyKey: created.id,
        // D111: an unpaid checkout ends at the gateway 30 minutes after it opened.
        expiresAt: new Date(server.clock.now().getTime() + 30 * 60_000),
      },
    ]);
    const [row] = await server.db.select().from(orders).where(eq(orders.id, created.id));
    expect(row).toMatchObject({
      payerId: priya.id,
      payeeId: asha.id,
      baseAmount: 200_000,
      fee: 2_000,
      charges: 388,
      total: 202_388,
      status: 'ACTIVE',
      paymentSessionId: 'session_fake_1',
      cfOrderId: '2000001',
    });
  });

  it('charges nothing for UPI and restricts the gateway order to UPI (D6)', async () => {
    const { asha, priya } = await t.demo();
    const res = await api('POST', ORDER_URL, {
      token: priya.token,
      body: orderBody(priya.id, asha.id, 1500, { payment_method: 'upi' }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ amount: 1500, fee: 0, charges: 0, payment_method: 'upi' });
    expect(t.fake.created[0]).toMatchObject({ amount: 150_000, paymentMethod: 'upi' });
  });

  it('refuses an anonymous caller (401)', async () => {
    const { asha, priya } = await t.demo();
    const res = await api('POST', ORDER_URL, { body: orderBody(priya.id, asha.id, 100) });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a tutor paying and a student paying for someone else (403)', async () => {
    const { asha, ravi, priya } = await t.demo();
    const tutor = await api('POST', ORDER_URL, {
      token: ravi.token,
      body: orderBody(ravi.id, asha.id, 100),
    });
    expect(tutor.statusCode).toBe(403);
    expect(tutor.json()).toMatchObject({ message: apiMessages.orders.onlyStudents });
    const other = await t.user('7012345670', 'student');
    const forOther = await api('POST', ORDER_URL, {
      token: other.token,
      body: orderBody(priya.id, asha.id, 100),
    });
    expect(forOther.statusCode).toBe(403);
    expect(forOther.json()).toMatchObject({ message: apiMessages.orders.payerNotCaller });
    expect(t.fake.calls.createOrder).toBe(0);
  });

  it('refuses an unknown payee (404), a student payee and a tutor without KYC (400)', async () => {
    const { ravi, priya } = await t.demo();
    const other = await t.user('7012345671', 'student');
    const unknown = await api('POST', ORDER_URL, {
      token: priya.token,
      body: orderBody(priya.id, 99_999, 100),
    });
    expect(unknown.statusCode).toBe(404);

    const student = await api('POST', ORDER_URL, {
      token: priya.token,
      body: orderBody(priya.id, other.id, 100),
    });
    expect(student.statusCode).toBe(400);
    expect(shown(student.json<{ message: string }>().message)).toBe(
      'This user is registered as a student.',
    );

    const pending = await api('POST', ORDER_URL, {
      token: priya.token,
      body: orderBody(priya.id, ravi.id, 100),
    });
    expect(pending.statusCode).toBe(400);
    expect(pending.json()).toMatchObject({
      message: 'Order refused: This tutor cannot accept payments yet.',
    });
    expect(t.fake.calls.createOrder).toBe(0);
  });

  it('refuses a student who has not completed their profile (400)', async () => {
    const { asha } = await t.demo();
    const bare = await t.user('7012345672', 'student', { pan: null });
    const res = await api('POST', ORDER_URL, {
      token: bare.token,
      body: orderBody(bare.id, asha.id, 100),
    });
    expect(res.statusCode).toBe(400);
    expect(shown(res.json<{ message: string }>().message)).toBe(
      apiMessages.orders.profileIncomplete,
    );
  });

  it('refuses a total that does not match the base amount (D9)', async () => {
    const { asha, priya } = await t.demo();
    for (const amount of [2023.87, 2000, 2023.9]) {
      const res = await api('POST', ORDER_URL, {
        token: priya.token,
        body: { ...orderBody(priya.id, asha.id, 2000), amount },
      });
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'Order refused: The amount to pay has changed. Please review it again.',
      });
    }
    // A UPI price with the card method is a mismatch too.
    const upiPriceByCard = await api('POST', ORDER_URL, {
      token: priya.token,
      body: { ...orderBody(priya.id, asha.id, 2000), amount: 2000 },
    });
    expect(upiPriceByCard.statusCode).toBe(400);
    expect(t.fake.calls.createOrder).toBe(0);
  });

  it('keeps base amounts within ₹1 to ₹50,000 in whole rupees (D11)', async () => {
    const { asha, priya } = await t.demo();
    for (const base of [0, 50_001, 10.5]) {
      const res = await api('POST', ORDER_URL, {
        token: priya.token,
        body: { ...orderBody(priya.id, asha.id, 100), base_amount: base },
      });
      expect(res.statusCode, String(base)).toBe(400);
    }
    for (const base of [1, 50_000]) {
      server.clock.advance(3 * 60_000);
      const res = await api('POST', ORDER_URL, {
        token: priya.token,
        body: orderBody(priya.id, asha.id, base),
      });
      expect(res.statusCode, String(base)).toBe(201);
    }
  });

  it('caps a MIN_KYC_APPROVED tutor at ₹50,000 of paid orders, with a readable 400 (D10)', async () => {
    const { asha, priya } = await t.demo();
    await t.setKyc(asha.id, 'MIN_KYC_APPROVED');
    // ₹45,000 already paid.
    const first = await api('POST', ORDER_URL, {
      token: priya.token,
      body: orderBody(priya.id, asha.id, 45_000),
    });
    expect(first.statusCode).toBe(201);
    await server.db.update(orders).set({ status: 'PAID' });

    const over = await api('POST', ORDER_URL, {
      token: priya.token,
      body: orderBody(priya.id, asha.id, 5_001),
    });
    expect(over.statusCode).toBe(400);
    expect(shown(over.json<{ message: string }>().message)).toBe(
      'This tutor can accept only ₹5,000.00 more until their KYC is complete.',
    );
    const exact = await api('POST', ORDER_URL, {
      token: priya.token,
      body: orderBody(priya.id, asha.id, 5_000),
    });
    expect(exact.statusCode).toBe(201);
    await server.db.update(orders).set({ status: 'PAID' });
    const full = await api('POST', ORDER_URL, {
      token: priya.token,
      body: orderBody(priya.id, asha.id, 1),
    });
    expect(shown(full.json<{ message: string }>().message)).toBe(
      messages.payment.acceptanceLimitReached,
    );

    // ACTIVE tutors have no cap; unpaid orders do not count.
    await t.setKyc(asha.id, 'ACTIVE');
    const active = await api('POST', ORDER_URL, {
      token: priya.token,
      body: orderBody(priya.id, asha.id, 50_000),
    });
    expect(active.statusCode).toBe(201);
  });

  it('books a Maths session from the next full IST hour + 1 h with the order (D20)', async () => {
    const { asha, priya } = await t.demo();
    const res = await api('POST', ORDER_URL, {
      token: priya.token,
      body: orderBody(priya.id, asha.id, 2000, { book_session: true }),
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json<{ id: string }>();
    const rows = await server.db.select().from(schedules);
    // The clock is past 10:00 IST (04:30Z + a few logins): next full hour 11:00, session 12-13.
    expect(rows).toEqual([
      expect.objectContaining({
        subject: 'Maths session',
        title: 'Maths session',
        teacherId: asha.id,
        studentId: priya.id,
        amount: 200_000,
        starttime: new Date('2025-01-15T06:30:00.000Z'),
        endtime: new Date('2025-01-15T07:30:00.000Z'),
        orderId: id,
      }),
    ]);
    const order = await api('GET', `${ORDER_URL}${id}/`, { token: priya.token });
    expect(order.json()).toMatchObject({
      schedule: { starttime: '2025-01-15T06:30:00.000Z', endtime: '2025-01-15T07:30:00.000Z' },
    });
    const list = await api('GET', '/api/v1/schedules/', { token: asha.token });
    expect(list.json()).toMatchObject({
      results: [expect.objectContaining({ order_id: id, amount: 2000 })],
      count: 1,
    });
  });

  it('answers 502 when the gateway fails, keeps nothing, and a retry works (D33)', async () => {
    const { asha, priya } = await t.demo();
    t.fake.failCreate = new GatewayError('upstream down', 503, 'api_error');
    const body = orderBody(priya.id, asha.id, 2000, { book_session: true });
    const failed = await api('POST', ORDER_URL, { token: priya.token, body });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ message: messages.generic.somethingWrong });
    expect(await server.db.select().from(orders)).toEqual([]);
    expect(await server.db.select().from(schedules)).toEqual([]);
    const logged = server.logs.entries().find((e) => e.msg === 'gateway order failed');
    expect(logged).toBeDefined();

    const retried = await api('POST', ORDER_URL, { token: priya.token, body });
    expect(retried.statusCode).toBe(201);
    expect(await server.db.select().from(orders)).toHaveLength(1);
    expect(await server.db.select().from(schedules)).toHaveLength(1);
  });

  describe('one gateway order per intended payment', () => {
    it('replays the same order for the same Idempotency-Key (one gateway call)', async () => {
      const { asha, priya } = await t.demo();
      const headers = { 'idempotency-key': '3f1c9e2a-7b4d-4c1e-9a8f-2d6b5e0c1a7f' };
      const body = orderBody(priya.id, asha.id, 2000);
      const first = await api('POST', ORDER_URL, { token: priya.token, body, headers });
      server.clock.advance(10 * 60_000); // past the double-click window: only the key helps
      const again = await api('POST', ORDER_URL, { token: priya.token, body, headers });
      expect(first.statusCode).toBe(201);
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first.json());
      expect(t.fake.calls.createOrder).toBe(1);
      expect(await server.db.select().from(orders)).toHaveLength(1);
    });

    it('refuses the same key with a different body (409)', async () => {
      const { asha, priya } = await t.demo();
      const headers = { 'idempotency-key': 'key-for-two-bodies' };
      await api('POST', ORDER_URL, {
        token: priya.token,
        body: orderBody(priya.id, asha.id, 2000),
        headers,
      });
      const changed = await api('POST', ORDER_URL, {
        token: priya.token,
        body: orderBody(priya.id, asha.id, 2500),
        headers,
      });
      expect(changed.statusCode).toBe(409);
      expect(shown(changed.json<{ message: string }>().message)).toBe(
        apiMessages.orders.idempotencyMismatch,
      );
      expect(t.fake.calls.createOrder).toBe(1);
    });

    it('keys belong to their caller, refusals are not remembered, bad keys are a 400', async () => {
      const { asha, ravi, priya } = await t.demo();
      const other = await t.user('7012345673', 'student');
      const headers = { 'idempotency-key': 'shared-key-123' };
      // A refusal releases the key: fixing the request and retrying with it works.
      const refused = await api('POST', ORDER_URL, {
        token: priya.token,
        body: orderBody(priya.id, ravi.id, 2000),
        headers,
      });
      expect(refused.statusCode).toBe(400);
      expect(await server.db.select().from(idempotencyKeys)).toEqual([]);
      const mine = await api('POST', ORDER_URL, {
        token: priya.token,
        body: orderBody(priya.id, asha.id, 2000),
        headers,
      });
      const theirs = await api('POST', ORDER_URL, {
        token: other.token,
        body: orderBody(other.id, asha.id, 2000),
        headers,
      });
      expect(mine.statusCode).toBe(201);
      expect(theirs.statusCode).toBe(201);
      expect(theirs.json<{ id: string }>().id).not.toBe(mine.json<{ id: string }>().id);
      // A malformed key is refused in the caller's language, with the code it has in every one.
      for (const language of ['en', 'hi'] as const) {
        const bad = await api('POST', ORDER_URL, {
          token: priya.token,
          body: orderBody(priya.id, asha.id, 2000),
          headers: { 'idempotency-key': 'short', 'accept-language': language },
        });
        expect(bad.statusCode).toBe(400);
        expect(bad.json()).toEqual({
          message: readIn(language, () => apiMessages.orders.idempotencyKey),
          code: 'orders.idempotencyKey',
        });
      }
    });

    it('answers a double click without a key with the same order', async () => {
      const { asha, priya } = await t.demo();
      const body = orderBody(priya.id, asha.id, 2000, { book_session: true });
      const first = await api('POST', ORDER_URL, { token: priya.token, body });
      server.clock.advance(1_000);
      const second = await api('POST', ORDER_URL, { token: priya.token, body });
      expect(second.json()).toEqual(first.json());
      expect(t.fake.calls.createOrder).toBe(1);
      expect(await server.db.select().from(schedules)).toHaveLength(1);

      // Other terms, or the same terms after the window, are a new order.
      const other = await api('POST', ORDER_URL, {
        token: priya.token,
        body: orderBody(priya.id, asha.id, 2001, { book_session: true }),
      });
      expect(other.json<{ id: string }>().id).not.toBe(first.json<{ id: string }>().id);
      server.clock.advance(2 * 60_000);
      const later = await api('POST', ORDER_URL, { token: priya.token, body });
      expect(later.json<{ id: string }>().id).not.toBe(first.json<{ id: string }>().id);
      expect(t.fake.calls.createOrder).toBe(3);
    });

    it('makes one gateway order for two clicks in flight at once', async () => {
      const { asha, priya } = await t.demo();
      t.fake.createDelayMs = 300;
      const body = orderBody(priya.id, asha.id, 2000);
      const [a, b] = await Promise.all([
        api('POST', ORDER_URL, { token: priya.token, body }),
        api('POST', ORDER_URL, { token: priya.token, body }),
      ]);
      expect(a.statusCode).toBe(201);
      expect(b.statusCode).toBe(201);
      expect(b.json()).toEqual(a.json());
      expect(t.fake.calls.createOrder).toBe(1);
    });

    it('makes one gateway order for the same key sent twice at once', async () => {
      const { asha, priya } = await t.demo();
      t.fake.createDelayMs = 300;
      const headers = { 'idempotency-key': 'parallel-key-1' };
      const body = orderBody(priya.id, asha.id, 2000);
      const [a, b] = await Promise.all([
        api('POST', ORDER_URL, { token: priya.token, body, headers }),
        api('POST', ORDER_URL, { token: priya.token, body, headers }),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
      expect(b.json()).toEqual(a.json());
      expect(t.fake.calls.createOrder).toBe(1);
    });

    it('does not reuse a paid order', async () => {
      const { asha, priya } = await t.demo();
      const body = orderBody(priya.id, asha.id, 2000);
      const first = await api('POST', ORDER_URL, { token: priya.token, body });
      const { id } = first.json<{ id: string }>();
      t.fake.pay(id, payment(id, 202_388, 'SUCCESS'));
      await api('GET', `${ORDER_URL}${id}/`, { token: priya.token });
      const second = await api('POST', ORDER_URL, { token: priya.token, body });
      expect(second.json<{ id: string }>().id).not.toBe(id);
    });
  });
});

describe.each(testDatabases())('reading an order on $name', (database) => {
  const t = usePaymentsServer(database);
  const { api, server } = t;

  const create = async (token: string, payerId: number, payeeId: number, rupees = 2000) => {
    const res = await api('POST', ORDER_URL, {
      token,
      body: orderBody(payerId, payeeId, rupees),
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: string }>().id;
  };

  it('shows the payer and the payee the order, processing until paid (D7)', async () => {
    const { asha, priya } = await t.demo();
    const id = await create(priya.token, priya.id, asha.id);
    const pending = await api('GET', `${ORDER_URL}${id}/`, { token: priya.token });
    expect(pending.statusCode).toBe(200);
    expect(pending.json()).toEqual({
      id,
      order: { status: 'ACTIVE', amount: 2023.88 },
      base_amount: 2000,
      fee: 20,
      charges: 3.88,
      payment_method: 'cc',
      payee_name: 'Asha Verma',
      payee_phone: asha.phone,
      masked_account_number: 'XXXXXXXX4321',
      latest_payment_id: null,
      latest_payment_status: null,
      payment_time: null,
      created_at: expect.any(String),
      schedule: null,
      refund: null,
    });
    expect(t.fake.calls.fetchOrder).toBe(1);

    t.fake.pay(id, payment(id, 202_388, 'SUCCESS'));
    const paid = await api('GET', `${ORDER_URL}${id}/`, { token: asha.token });
    expect(paid.json()).toMatchObject({
      order: { status: 'PAID' },
      latest_payment_id: '5114910000001',
      latest_payment_status: 'SUCCESS',
      payment_time: '2025-01-15T04:35:00.000Z',
    });
    // A PAID order is final: no more gateway reads.
    await api('GET', `${ORDER_URL}${id}/`, { token: priya.token });
    expect(t.fake.calls.fetchOrder).toBe(2);
  });

  it('moves the status forward only: a failed retry after PAID changes nothing', async () => {
    const { asha, priya } = await t.demo();
    const id = await create(priya.token, priya.id, asha.id);
    t.fake.pay(id, payment(id, 202_388, 'FAILED', '1'));
    const failed = await api('GET', `${ORDER_URL}${id}/`, { token: priya.token });
    expect(failed.json()).toMatchObject({
      order: { status: 'ACTIVE' },
      latest_payment_status: 'FAILED',
    });
    server.clock.advance(1_000);
    t.fake.pay(id, payment(id, 202_388, 'SUCCESS', '2'));
    const paid = await api('GET', `${ORDER_URL}${id}/`, { token: priya.token });
    expect(paid.json()).toMatchObject({
      order: { status: 'PAID' },
      latest_payment_id: '2',
      latest_payment_status: 'SUCCESS',
    });
    // The gateway now reports the attempt FAILED and the order ACTIVE (a stale replica):
    // PAID is final, so it is not even asked, and nothing moves back.
    t.fake.orders.set(id, { ...t.fake.orders.get(id)!, status: 'ACTIVE' });
    t.fake.payments.set(id, [payment(id, 202_388, 'FAILED', '2')]);
    const reads = t.fake.calls.fetchOrder;
    const again = await api('GET', `${ORDER_URL}${id}/`, { token: priya.token });
    expect(again.json()).toMatchObject({
      order: { status: 'PAID' },
      latest_payment_id: '2',
      latest_payment_status: 'SUCCESS',
    });
    expect(t.fake.calls.fetchOrder).toBe(reads);
  });

  it('answers what it knows when the gateway cannot be read', async () => {
    const { asha, priya } = await t.demo();
    const id = await create(priya.token, priya.id, asha.id);
    t.fake.failReads = new GatewayError('timeout', null, 'timeout');
    const res = await api('GET', `${ORDER_URL}${id}/`, { token: priya.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ order: { status: 'ACTIVE' } });
  });

  it("hides another user's order (404) and changes nothing", async () => {
    const { asha, ravi, priya } = await t.demo();
    const other = await t.user('7012345674', 'student');
    const id = await create(priya.token, priya.id, asha.id);
    t.fake.pay(id, payment(id, 202_388, 'SUCCESS'));
    for (const token of [other.token, ravi.token]) {
      const res = await api('GET', `${ORDER_URL}${id}/`, { token });
      expect(res.statusCode).toBe(404);
    }
    expect(t.fake.calls.fetchOrder).toBe(0);
    const [row] = await server.db.select().from(orders).where(eq(orders.id, id));
    expect(row?.status).toBe('ACTIVE');
    expect(
      (await api('GET', `${ORDER_URL}ord_unknown123/`, { token: priya.token })).statusCode,
    ).toBe(404);
    expect((await api('GET', `${ORDER_URL}${id}/`)).statusCode).toBe(401);
    expect((await api('GET', `${ORDER_URL}bad%20id/`, { token: priya.token })).statusCode).toBe(
      400,
    );
  });
});
