// UPI Autopay (issue 49, D245-D253), end to end on the server with the sandbox gateway: a parent
// turns it on and approves; each due is noticed two days ahead for what is owed (by text and at
// the gateway) and debited on its date, settling it as any payment; failed debits are retried
// then handed back to the reminder ladder with a link; a due paid in cash cancels its notified
// debit; pause, resume and cancel, by the parent, the tutor or in the UPI app.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { autopayTexts } from '../../src/domain/autopayTexts';
import { mandateDebits, mandates, refunds, users } from '../../src/server/db/schema';
import { testDatabases } from '../support/server';
import { PARENT_PHONE, useAutopayServer } from './autopay.support';

const a = autopayTexts;

describe.each(testDatabases())('UPI Autopay on $name', (database) => {
  const t = useAutopayServer(database);
  const { server, api } = t;

  const debitsOf = (mandateId: string) =>
    server.db.select().from(mandateDebits).where(eq(mandateDebits.mandateId, mandateId));

  it('sets up, notifies two days ahead and debits on the date; the due is paid as by a link', async () => {
    const family = await t.family();
    const { meera, asha, planId, studentId } = family;

    const plans = await api('GET', '/api/v1/my-autopay/', meera.token);
    expect(plans.statusCode).toBe(200);
    expect(plans.json()).toMatchObject({
      email: null,
      results: [
        {
          plan_id: planId,
          plan_name: 'Maths',
          plan_kind: 'monthly',
          student_name: 'Aarav Sharma',
          amount: 2000,
          due_day: 20,
          refusal: null,
          mandate: null,
        },
      ],
    });

    // Bad input changes nothing.
    for (const email of ['', 'meera', 'meera@example', 'me era@example.in']) {
      const refused = await api('POST', '/api/v1/my-autopay/', meera.token, {
        plan_id: planId,
        student_id: studentId,
        email,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(email === '' ? a.email.required : a.email.invalid);
    }
    const noEmail = await api('POST', '/api/v1/my-autopay/', meera.token, {
      plan_id: planId,
      student_id: studentId,
    });
    expect(noEmail.statusCode).toBe(400);
    expect(await server.db.select().from(mandates)).toEqual([]);

    const created = await api('POST', '/api/v1/my-autopay/', meera.token, {
      plan_id: planId,
      student_id: studentId,
      email: ' Meera@Example.in ',
    });
    expect(created.statusCode).toBe(201);
    const { mandate, session_id: session } = created.json();
    expect(mandate).toMatchObject({ status: 'INITIALIZED', stage: 'pending', max_amount: 2000 });
    expect(session).toMatch(/^sub_session_/);
    const [me] = await server.db.select().from(users).where(eq(users.id, meera.id));
    expect(me!.email).toBe('meera@example.in');
    // One live mandate per plan and student.
    const again = await api('POST', '/api/v1/my-autopay/', meera.token, {
      plan_id: planId,
      student_id: studentId,
      email: 'meera@example.in',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(a.api.already);

    // The parent approves on the gateway's page; the status follows.
    const page = await server.sandbox.app.inject({
      method: 'GET',
      url: `/sandbox/cashfree/subscriptions/checkout/${session}`,
    });
    expect(page.body).toContain('₹2,000.00');
    const approved = await server.sandbox.app.inject({
      method: 'POST',
      url: `/sandbox/cashfree/subscriptions/checkout/${session}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=approve&debits=success',
    });
    expect(approved.headers.location).toBe(
      `${server.config.publicOrigin}/student/autopay/${mandate.id}`,
    );
    await t.settle();
    const active = await api('GET', `/api/v1/my-autopay/${mandate.id}/`, meera.token);
    expect(active.json()).toMatchObject({
      status: 'ACTIVE',
      stage: 'active',
      next_debit: { due_date: '2025-01-20', amount: 2000, state: 'scheduled' },
      last_debit: null,
    });

    // Three days ahead: no reminder (Autopay has it), no notice yet.
    t.moveTo(2025, 1, 17, 9, 30);
    await t.settle();
    expect(await server.app.services.reminders.run()).toEqual({ sent: 0, skipped: 0 });
    expect(await debitsOf(mandate.id)).toEqual([]);

    // Two days ahead: the notice, at the gateway and by text, for what is owed.
    t.moveTo(2025, 1, 18, 8, 0);
    await t.settle();
    const [debit] = await debitsOf(mandate.id);
    expect(debit).toMatchObject({ state: 'notified', amount: 200_000, dueDate: '2025-01-20' });
    const notice = await t.gateway(
      `/subscriptions/payments/${debit!.id}/controlled/notifications/${debit!.id}_n`,
    );
    expect(notice).toMatchObject({ payment_amount: 2000, payment_id: debit!.id });
    const texts = await server.texts(PARENT_PHONE);
    expect(texts.map((text) => text.body)).toContain(
      a.sms.notice('Asha Verma', '2,000.00', 'Maths (Jan 2025)', '20th January 2025', debit!.id),
    );
    // Runs of the worker again (a restart, a second worker) notify nothing more.
    await Promise.all([t.settle(), server.app.services.debits.sync(debit!.id)]);
    expect((await server.texts(PARENT_PHONE)).length).toBe(texts.length);

    // The due date, off-peak: the debit runs, and the due is paid as by any payment.
    t.moveTo(2025, 1, 20, 0, 30);
    await t.settle();
    const [done] = await debitsOf(mandate.id);
    expect(done).toMatchObject({ state: 'success', attempts: 1, debitedAmount: 200_000 });
    // Days have passed: both log in again.
    const meeraNow = await t.as(PARENT_PHONE, 'student');
    const ashaNow = await t.as(asha.phone, 'teacher');
    const mine = await api('GET', '/api/v1/my-dues/', meeraNow.token);
    expect(mine.json().results.map((due: { period: string }) => due.period)).not.toContain(
      '2025-01',
    );
    const january = (await api('GET', '/api/v1/dues/?month=2025-01', ashaNow.token)).json();
    expect(january).toMatchObject({ collected: 2000, outstanding: 0 });
    expect(january.results[0]).toMatchObject({ status: 'paid', paid: 2000, settled_by: null });
    const receipt = await api(
      'GET',
      `/api/v1/payments/pg/order/${done!.orderId}/receipt/`,
      meeraNow.token,
    );
    expect(receipt.statusCode).toBe(200);
    expect(receipt.json()).toMatchObject({
      method: 'upi',
      paid_for: [{ plan_name: 'Maths', period: '2025-01', amount: 2000 }],
    });
    const tutorView = (await api('GET', '/api/v1/autopay/', ashaNow.token)).json();
    expect(tutorView.results).toMatchObject([
      {
        id: mandate.id,
        stage: 'active',
        student_name: 'Aarav Sharma',
        payer_phone: PARENT_PHONE,
        last_debit: { due_date: '2025-01-20', state: 'success', amount: 2000 },
        next_debit: { due_date: '2025-02-20', state: 'scheduled', amount: 2000 },
      },
    ]);

    // The success webhook again (at least once delivery): still one payment.
    const log = (
      await server.sandbox.app.inject({
        method: 'GET',
        url: `/sandbox/cashfree/webhooks?subscription_id=${mandate.id}`,
      })
    ).json() as { type: string; body: string }[];
    const success = log.find((w) => w.type === 'SUBSCRIPTION_PAYMENT_SUCCESS')!;
    const timestamp = String(server.clock.now().getTime());
    const { signWebhook } = await import('../../src/server/gateway/signature');
    const replay = await server.api('POST', '/api/v1/payments/pg/subscriptions/webhook/', {
      headers: {
        'content-type': 'application/json',
        'x-webhook-timestamp': timestamp,
        'x-webhook-signature': signWebhook(
          server.config.cashfree.clientSecret,
          timestamp,
          success.body,
        ),
      },
      body: success.body,
    });
    expect(replay.json()).toEqual({ result: 'stored' });
    await t.settle();
    const made = (await api('GET', '/api/v1/payments/made/', meeraNow.token)).json();
    expect(made.count).toBe(1);
  }, 60_000);

  it('the database refuses a debit above the cap and an attempt within 24 hours of its notice', async () => {
    const family = await t.family();
    const mandateId = await t.approvedMandate(family);
    t.moveTo(2025, 1, 18, 8, 0);
    await t.settle();
    const [debit] = await debitsOf(mandateId);
    expect(debit).toMatchObject({ state: 'notified', attempts: 0 });
    const refused = (change: Partial<typeof mandateDebits.$inferInsert>) =>
      server.db
        .update(mandateDebits)
        .set(change)
        .where(eq(mandateDebits.id, debit!.id))
        .then(
          () => 'kept',
          (error: unknown) => String((error as { cause?: unknown }).cause ?? error),
        );
    // ₹15,000.01: above what a UPI mandate debits without the PIN (D246).
    expect(await refused({ amount: 1_500_001 })).toMatch(/mandate_debits_amount_check/);
    // An attempt an hour after the notice, or one with no notice at all (D247).
    const soon = new Date(debit!.notifiedAt!.getTime() + 3_600_000);
    expect(await refused({ state: 'executing', attempts: 1, nextAttemptAt: soon })).toMatch(
      /mandate_debits_notice_check/,
    );
    expect(await refused({ state: 'executing', attempts: 1, notifiedAt: null })).toMatch(
      /mandate_debits_notice_check/,
    );
    const [after] = await debitsOf(mandateId);
    expect(after).toEqual(debit);
  });

  it('retries a failed debit three times an hour apart, then hands the due back with a link', async () => {
    const family = await t.family();
    const mandateId = await t.approvedMandate(family, 'INSUFFICIENT_FUNDS');
    t.moveTo(2025, 1, 18, 8, 0);
    await t.settle();
    t.moveTo(2025, 1, 20, 0, 5);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await t.settle();
      const [debit] = await debitsOf(mandateId);
      expect(debit!.attempts).toBe(attempt);
      if (attempt < 4) {
        expect(debit).toMatchObject({ state: 'notified', failureCode: 'INSUFFICIENT_FUNDS' });
        server.clock.advance(61 * 60 * 1000);
      }
    }
    const [failed] = await debitsOf(mandateId);
    expect(failed).toMatchObject({ state: 'failed', failureCode: 'INSUFFICIENT_FUNDS' });
    const charge = await t.gateway(`/subscriptions/${mandateId}/payments/${failed!.id}`);
    expect(charge).toMatchObject({ payment_status: 'FAILED', retry_attempts: 3 });
    // The parent is told why, with a link to pay.
    const [text] = await server.texts(PARENT_PHONE);
    expect(text!.body).toContain(a.reasons.insufficientFunds);
    expect(text!.body).toMatch(/\/payment-link\/lnk_/);
    // The due is on the ladder again: the due date's reminder goes within the hours.
    t.moveTo(2025, 1, 20, 9, 30);
    expect(await server.app.services.reminders.run()).toEqual({ sent: 1, skipped: 0 });
    const meera = await t.as(PARENT_PHONE, 'student');
    const view = (await api('GET', `/api/v1/my-autopay/${mandateId}/`, meera.token)).json();
    expect(view.last_debit).toMatchObject({
      state: 'failed',
      reason: a.reasons.insufficientFunds,
    });
  });

  it('cancels a notified debit when the due is paid in cash, and tells the gateway', async () => {
    const family = await t.family();
    const mandateId = await t.approvedMandate(family);
    t.moveTo(2025, 1, 18, 8, 0);
    await t.settle();
    const [debit] = await debitsOf(mandateId);
    expect(debit!.state).toBe('notified');
    const asha = await t.as(family.asha.phone, 'teacher');
    const settled = await api('POST', `/api/v1/dues/${debit!.dueId}/settle/`, asha.token, {
      how: 'cash',
    });
    expect(settled.statusCode).toBe(200);
    await t.settle();
    const [cancelled] = await debitsOf(mandateId);
    expect(cancelled).toMatchObject({ state: 'cancelled' });
    expect(cancelled!.cancelSentAt).not.toBeNull();
    expect(await t.gateway(`/subscriptions/${mandateId}/payments/${debit!.id}`)).toMatchObject({
      payment_status: 'CANCELLED',
    });
    t.moveTo(2025, 1, 20, 0, 30);
    await t.settle();
    expect((await t.gateway(`/subscriptions/${mandateId}/payments`)).length).toBe(1);
    const meera = await t.as(PARENT_PHONE, 'student');
    expect((await api('GET', '/api/v1/payments/made/', meera.token)).json().count).toBe(0);
  });

  it('refunds a debit that went through for a due paid another way meanwhile', async () => {
    const family = await t.family();
    const mandateId = await t.approvedMandate(family);
    t.moveTo(2025, 1, 18, 8, 0);
    await t.settle();
    t.moveTo(2025, 1, 20, 0, 30);
    // The attempt is claimed and asked for; the cash comes before the bank's answer is read.
    const [debit] = await debitsOf(mandateId);
    await server.app.services.debits.sync(debit!.id);
    expect((await debitsOf(mandateId))[0]!.state).toBe('executing');
    const asha = await t.as(family.asha.phone, 'teacher');
    await api('POST', `/api/v1/dues/${debit!.dueId}/settle/`, asha.token, { how: 'cash' });
    await t.settle();
    const [done] = await debitsOf(mandateId);
    expect(done!.state).toBe('success');
    const [refund] = await server.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, done!.orderId!));
    expect(refund).toMatchObject({ cause: 'due_settled', amount: 200_000 });
    expect(refund!.reason).toBe(a.refundReason);
    server.clock.advance(10_000);
    await t.settle();
    const [sent] = await server.db.select().from(refunds).where(eq(refunds.id, refund!.id));
    expect(['PENDING', 'SUCCESS']).toContain(sent!.status);
    expect(await t.gateway(`/subscriptions/${mandateId}/refunds/${refund!.id}`)).toMatchObject({
      payment_id: debit!.id,
      refund_amount: 2000,
    });
  });

  it('pauses (ending a notified debit), resumes and cancels; the tutor and the UPI app too', async () => {
    const family = await t.family();
    const mandateId = await t.approvedMandate(family);
    t.moveTo(2025, 1, 18, 8, 0);
    await t.settle();
    const meera = await t.as(PARENT_PHONE, 'student');
    const asha = await t.as(family.asha.phone, 'teacher');
    const paused = await api('POST', `/api/v1/my-autopay/${mandateId}/pause/`, meera.token);
    expect(paused.json()).toMatchObject({ status: 'PAUSED', stage: 'paused', next_debit: null });
    await t.settle();
    expect((await debitsOf(mandateId))[0]!.state).toBe('cancelled');
    expect(
      (await api('POST', `/api/v1/my-autopay/${mandateId}/pause/`, meera.token)).statusCode,
    ).toBe(409);
    const resumed = await api('POST', `/api/v1/my-autopay/${mandateId}/resume/`, meera.token);
    expect(resumed.json()).toMatchObject({ status: 'ACTIVE' });
    // The tutor cancels it; the parent sees it so.
    const cancelled = await api('POST', `/api/v1/autopay/${mandateId}/cancel/`, asha.token);
    expect(cancelled.json()).toMatchObject({ status: 'CANCELLED', stage: 'cancelled' });
    expect(
      (await api('POST', `/api/v1/my-autopay/${mandateId}/cancel/`, meera.token)).statusCode,
    ).toBe(409);
    // Set up again, then cancelled in the UPI app: seen from the webhook.
    const second = await t.approvedMandate({ ...family, meera });
    await server.sandbox.app.inject({
      method: 'POST',
      url: `/sandbox/cashfree/pg/subscriptions/${second}/simulate`,
      headers: {
        'x-client-id': server.config.cashfree.clientId,
        'x-client-secret': server.config.cashfree.clientSecret,
        'x-api-version': '2025-01-01',
      },
      payload: { customer_action: 'CANCEL' },
    });
    await t.settle();
    const [row] = await server.db
      .select()
      .from(mandates)
      .where(and(eq(mandates.id, second)));
    expect(row).toMatchObject({ status: 'CUSTOMER_CANCELLED' });
    expect(row!.endedAt).not.toBeNull();
    const tutorView = (await api('GET', '/api/v1/autopay/', asha.token)).json();
    expect(tutorView.results).toMatchObject([{ id: second, stage: 'cancelled' }]);
  });

  it('refuses a plan over ₹15,000 a debit, a one-time plan and a plan not the caller’s', async () => {
    const family = await t.family(20_000);
    const plans = (await api('GET', '/api/v1/my-autopay/', family.meera.token)).json();
    expect(plans.results[0]).toMatchObject({ amount: 20_000, refusal: 'over_cap' });
    const over = await api('POST', '/api/v1/my-autopay/', family.meera.token, {
      plan_id: family.planId,
      student_id: family.studentId,
      email: 'meera@example.in',
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(a.api.overCap('₹20,000.00', '₹15,000.00'));
    const once = await api('POST', '/api/v1/fee-plans/', family.asha.token, {
      name: 'Books',
      kind: 'one_time',
      amount: 500,
      due_date: '2025-02-01',
      student_id: family.studentId,
    });
    const oneTime = await api('POST', '/api/v1/my-autopay/', family.meera.token, {
      plan_id: once.json().id,
      student_id: family.studentId,
      email: 'meera@example.in',
    });
    expect(oneTime.statusCode).toBe(409);
    expect(oneTime.json().message).toBe(a.api.oneTime);
    const stranger = await t.as('9876500077', 'student');
    const notMine = await api('POST', '/api/v1/my-autopay/', stranger.token, {
      plan_id: family.planId,
      student_id: family.studentId,
      email: 'x@example.in',
    });
    expect(notMine.statusCode).toBe(404);
    expect((await api('GET', '/api/v1/my-autopay/', family.asha.token)).statusCode).toBe(403);
    expect(await server.db.select().from(mandates)).toEqual([]);
  });
});
