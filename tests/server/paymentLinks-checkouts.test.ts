// D19: a tutor cancels a payment link while a student has its checkout open. The open gateway
// order is ended (TERMINATED, or TERMINATION_REQUESTED until the gateway confirms), so the
// hosted checkout refuses to take the payment and the status page shows it failed. A payment
// that raced the cancel is recorded PAID and refunded in full automatically (D112); a gateway
// that cannot be reached does not fail the cancel, and the link-close job ends it later.
import { describe, expect, it } from 'vitest';
import { apiMessages } from '../../src/domain/apiMessages';
import { messages } from '../../src/domain/messages';
import { DEMO_PHONES } from '../../src/server/demo';
import { GatewayError } from '../../src/server/gateway/types';
import { seedDemoData } from '../../src/server/seed';
import { sweepAndRunJobs } from '../support/jobs';
import { login, testDatabases, useTestServer, type TestServer } from '../support/server';
import { ORDER_URL, orderBody, payment, usePaymentsServer, type Actor } from './payments.support';

const CREATE = '/api/v1/payments/payment-link/create/';
const cancelUrl = (id: string) => `/api/v1/payments/payment-link/${id}/cancel/`;
const linkUrl = (id: string) => `/api/v1/payments/payment-link/${id}/`;
const orderUrl = (id: string) => `${ORDER_URL}${id}/`;

/** What the status page reads of an order. */
interface OrderView {
  order: { status: string };
  latest_payment_status: string | null;
}

const logged = (server: TestServer, message: string) =>
  server.logs.entries().filter((entry) => entry.msg === message);

describe.each(testDatabases())('cancelling a link with an open checkout on $name', (database) => {
  const t = usePaymentsServer(database);
  const { api, server } = t;

  /** Asha's new link and Priya's checkout for it (a gateway order with a session). */
  const openCheckout = async () => {
    const { asha, priya } = await t.demo();
    const link = await api('POST', CREATE, {
      token: asha.token,
      body: { amount: 3000, purpose: 'January maths tuition' },
    });
    expect(link.statusCode).toBe(201);
    const linkId = link.json<{ id: string }>().id;
    const body = orderBody(priya.id, asha.id, 3000, { payment_link_id: linkId });
    const created = await api('POST', ORDER_URL, { token: priya.token, body });
    expect(created.statusCode).toBe(201);
    const orderId = created.json<{ id: string }>().id;
    return { asha, priya, linkId, orderId, total: Math.round(body.amount * 100) };
  };

  const view = async (student: Actor, orderId: string) => {
    const res = await api('GET', orderUrl(orderId), { token: student.token });
    expect(res.statusCode).toBe(200);
    return res.json<OrderView>();
  };

  it('terminates the open gateway order once; the status page shows it ended', async () => {
    const { asha, priya, linkId, orderId } = await openCheckout();
    const res = await api('POST', cancelUrl(linkId), { token: asha.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: linkId, status: 'CANCELLED', order_id: null });
    expect(t.fake.calls.terminateOrder).toBe(1);
    expect(await view(priya, orderId)).toMatchObject({ order: { status: 'TERMINATED' } });
    // Not offered again: a retry of the same order is refused, the link is cancelled.
    const retry = await api('POST', ORDER_URL, {
      token: priya.token,
      body: orderBody(priya.id, asha.id, 3000, { payment_link_id: linkId }),
    });
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toMatchObject({
      message: apiMessages.orders.refused(apiMessages.orders.linkCancelled),
    });
    expect(t.fake.calls.createOrder).toBe(1);
  });

  it('keeps TERMINATION_REQUESTED until the gateway confirms, then shows TERMINATED', async () => {
    const { asha, priya, linkId, orderId } = await openCheckout();
    t.fake.terminateStatus = 'TERMINATION_REQUESTED';
    expect((await api('POST', cancelUrl(linkId), { token: asha.token })).statusCode).toBe(200);
    expect(await view(priya, orderId)).toMatchObject({
      order: { status: 'TERMINATION_REQUESTED' },
    });
    const order = t.fake.orders.get(orderId)!;
    t.fake.orders.set(orderId, { ...order, status: 'TERMINATED' });
    expect(await view(priya, orderId)).toMatchObject({ order: { status: 'TERMINATED' } });
  });

  it('refunds in full a payment that raced the cancel, and tells the student why', async () => {
    const { asha, priya, linkId, orderId, total } = await openCheckout();
    t.fake.pay(orderId, payment(orderId, total, 'SUCCESS')); // no webhook yet
    const res = await api('POST', cancelUrl(linkId), { token: asha.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'CANCELLED' });
    expect(t.fake.calls.terminateOrder).toBe(1);
    await t.jobs(); // the refund job
    expect([...t.fake.refunds.values()]).toMatchObject([{ orderId, amount: total }]);
    expect(await view(priya, orderId)).toMatchObject({
      order: { status: 'PAID' },
      latest_payment_status: 'SUCCESS',
      refund: {
        status: 'PENDING',
        amount: total / 100,
        automatic_reason: messages.automaticRefund.link_closed,
      },
    });
  });

  it('still cancels when the gateway cannot be reached; the link-close job ends it later', async () => {
    const { asha, priya, linkId, orderId } = await openCheckout();
    t.fake.failTerminate = new GatewayError('Cashfree could not be reached', null, 'network_error');
    const res = await api('POST', cancelUrl(linkId), { token: asha.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'CANCELLED' });
    expect((await api('GET', linkUrl(linkId))).json()).toMatchObject({ status: 'CANCELLED' });
    expect(
      logged(server, 'cancelled link: open checkout not ended now (the link-close job retries)'),
    ).toMatchObject([{ linkId, orderId, status: 'ACTIVE' }]);
    // The job fails too while the gateway is down, and is retried...
    expect((await t.jobs()).failed).toMatchObject([{ name: 'link-close' }]);
    t.fake.failTerminate = null;
    t.fake.failReads = new GatewayError('down', null, 'network_error'); // no re-read either
    const retried = await sweepAndRunJobs(t.app);
    expect(retried.found.linksToClose).toBe(1);
    t.fake.failReads = null;
    expect(await view(priya, orderId)).toMatchObject({ order: { status: 'TERMINATED' } });
  });
});

describe.each(testDatabases())('a cancelled link at the sandbox checkout on $name', (database) => {
  const server = useTestServer(database);

  it('refuses to take the payment of a checkout opened before the cancel', async () => {
    await seedDemoData(server.db, server.clock, server.pans);
    const asha = await login(server, DEMO_PHONES.onboardedTutor, 'teacher');
    server.clock.advance(31_000); // past the OTP resend cooldown
    const priya = await login(server, DEMO_PHONES.student, 'student');
    const link = await server.api('POST', CREATE, {
      token: asha.access_token,
      body: { amount: 3000, purpose: 'January maths tuition' },
    });
    const linkId = link.json<{ id: string }>().id;
    const created = await server.api('POST', ORDER_URL, {
      token: priya.access_token,
      body: orderBody(priya.id, asha.id, 3000, { payment_link_id: linkId }),
    });
    expect(created.statusCode).toBe(201);
    const order = created.json<{ id: string; payment_session_id: string }>();
    const checkout = `/sandbox/cashfree/checkout/${order.payment_session_id}`;
    expect((await server.inject({ method: 'GET', url: checkout })).statusCode).toBe(200);

    const cancel = await server.api('POST', cancelUrl(linkId), { token: asha.access_token });
    expect(cancel.statusCode).toBe(200);

    const pay = await server.inject({
      method: 'POST',
      url: checkout,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        method: 'card',
        outcome: 'success',
        card_number: '4111 1111 1111 1111',
        card_expiry: '12/30',
        card_cvv: '123',
        card_holder: 'Priya Sharma',
      }).toString(),
    });
    expect(pay.statusCode).toBe(409);
    expect(pay.body).toContain('This order is TERMINATED and cannot be paid.');
    const status = await server.api('GET', orderUrl(order.id), { token: priya.access_token });
    expect(status.json()).toMatchObject({
      order: { status: 'TERMINATED' },
      latest_payment_id: null,
    });
    expect((await server.api('GET', linkUrl(linkId))).json()).toMatchObject({
      status: 'CANCELLED',
    });
  });
});
