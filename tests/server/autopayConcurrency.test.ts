// D245's invariants under real concurrency (issue 49): parallel setups, workers, executions,
// duplicate webhooks and a tutor's 'paid in cash' racing the debit never make two mandates for
// a plan and student, two debits (or two executions) for a due, or money kept twice.
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mandateDebits, mandates, orders, refunds } from '../../src/server/db/schema';
import { signWebhook } from '../../src/server/gateway/signature';
import { testDatabases } from '../support/server';
import { useAutopayServer } from './autopay.support';

describe.each(testDatabases())('Autopay under concurrency on $name', (database) => {
  const t = useAutopayServer(database);
  const { server, api } = t;

  it('one mandate for eight setups at once; one debit, one notice, one execution for a due', async () => {
    const family = await t.family();
    const setups = await Promise.all(
      Array.from({ length: 8 }, () =>
        api('POST', '/api/v1/my-autopay/', family.meera.token, {
          plan_id: family.planId,
          student_id: family.studentId,
          email: 'meera@example.in',
        }),
      ),
    );
    expect(setups.map((r) => r.statusCode).sort()).toEqual([
      201, 409, 409, 409, 409, 409, 409, 409,
    ]);
    expect(await server.db.select().from(mandates)).toHaveLength(1);
    const { session_id: session, mandate } = setups.find((r) => r.statusCode === 201)!.json();
    await server.sandbox.app.inject({
      method: 'POST',
      url: `/sandbox/cashfree/subscriptions/checkout/${session}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=approve&debits=success',
    });
    await t.settle();

    // Four workers at once find the due whose notice is due, and sync its debit.
    t.moveTo(2025, 1, 18, 8, 0);
    const services = server.app.services;
    await Promise.all(Array.from({ length: 4 }, () => services.debits.run()));
    const [debit, ...more] = await server.db.select().from(mandateDebits);
    expect(more).toEqual([]);
    await Promise.all(Array.from({ length: 4 }, () => services.debits.sync(debit!.id)));
    await t.settle();
    const notices = (await server.texts(family.meera.phone)).filter((text) =>
      text.body.includes(debit!.id),
    );
    expect(notices).toHaveLength(1);

    // Six syncs at the debit's time: one attempt asked of the gateway.
    t.moveTo(2025, 1, 20, 0, 30);
    await Promise.all(Array.from({ length: 6 }, () => services.debits.sync(debit!.id)));
    await t.settle();
    const charges = await t.gateway(`/subscriptions/${mandate.id}/payments`);
    expect(charges).toMatchObject([
      { payment_id: debit!.id, payment_status: 'SUCCESS', retry_attempts: 0 },
    ]);

    // The success webhook five times at once: one order.
    const log = (
      await server.sandbox.app.inject({
        method: 'GET',
        url: `/sandbox/cashfree/webhooks?subscription_id=${mandate.id}`,
      })
    ).json() as { type: string; body: string }[];
    const body = log.find((w) => w.type === 'SUBSCRIPTION_PAYMENT_SUCCESS')!.body;
    await Promise.all(
      Array.from({ length: 5 }, () => {
        const timestamp = String(server.clock.now().getTime());
        return server.api('POST', '/api/v1/payments/pg/subscriptions/webhook/', {
          headers: {
            'content-type': 'application/json',
            'x-webhook-timestamp': timestamp,
            'x-webhook-signature': signWebhook(
              server.config.cashfree.clientSecret,
              timestamp,
              body,
            ),
          },
          body,
        });
      }),
    );
    await Promise.all([t.settle(), services.debits.sync(debit!.id)]);
    const paid = await server.db.select().from(orders).where(eq(orders.status, 'PAID'));
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ total: 200_000, paymentLinkId: debit!.linkId });
  }, 90_000);

  it("a tutor's 'paid in cash' racing each debit: never money kept twice for a due", async () => {
    const { asha, families, planId } = await t.batch(5);
    const ids: string[] = [];
    for (const family of families) ids.push(await t.approvedMandate({ ...family, planId }));
    t.moveTo(2025, 1, 18, 8, 0);
    await t.settle();
    const debits = await server.db
      .select()
      .from(mandateDebits)
      .where(inArray(mandateDebits.mandateId, ids));
    expect(debits.map((d) => d.state)).toEqual([
      'notified',
      'notified',
      'notified',
      'notified',
      'notified',
    ]);

    // On the date, each debit's attempt and the tutor's cash settlement of its due, at once.
    t.moveTo(2025, 1, 20, 0, 30);
    const tutor = await t.as(asha.phone, 'teacher');
    await Promise.all(
      debits.flatMap((debit) => [
        server.app.services.debits.sync(debit.id),
        api('POST', `/api/v1/dues/${debit.dueId}/settle/`, tutor.token, { how: 'cash' }),
      ]),
    );
    await t.settle();
    const after = await server.db
      .select()
      .from(mandateDebits)
      .where(inArray(mandateDebits.mandateId, ids));
    for (const debit of after) {
      const charges = await t.gateway(`/subscriptions/${debit.mandateId}/payments`);
      const debited = charges.filter(
        (c: { payment_status: string }) => c.payment_status === 'SUCCESS',
      );
      if (debit.state === 'cancelled') {
        // Cancelled before it ran: nothing was taken.
        expect(debited).toEqual([]);
      } else {
        // It ran: what it took is refunded, since the due was paid in cash.
        expect(debit.state).toBe('success');
        const [refund] = await server.db
          .select()
          .from(refunds)
          .where(eq(refunds.orderId, debit.orderId!));
        expect(refund).toMatchObject({ cause: 'due_settled', amount: debit.amount });
      }
    }
  }, 90_000);
});
