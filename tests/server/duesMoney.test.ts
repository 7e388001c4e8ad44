// Issue 46: no due collects more than it is worth (D206), one open link per due and payer
// (D207), and no 'pay my dues' link above what one payment may be (D208). Real parallel requests
// and payments, on PGlite and PostgreSQL.
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { studentsTexts } from '../../src/domain/studentsTexts';
import { toIstIsoString } from '../../src/domain/time';
import { dues, linkDues, paymentLinks } from '../../src/server/db/schema';
import { testDatabases } from '../support/server';
import {
  ORDER_URL,
  orderBody,
  payment,
  usePaymentsServer,
  webhookBody,
  type Actor,
} from './payments.support';

const m = studentsTexts.dues;
const AARAV = '9876500001';
const MEERA = '9876500009'; // Aarav's mother: she pays, and Aarav may pay his own dues too

interface Link {
  id: string;
  amount: number;
  status: string;
}

describe.each(testDatabases())('what a due collects on $name', (database) => {
  const t = usePaymentsServer(database);
  const { api, server } = t;

  /** Asha's student Aarav owes ₹2,000 on 20 January, in parts of at least ₹500. */
  async function owed() {
    const { asha } = await t.demo();
    const aaravId = (
      await api('POST', '/api/v1/students/', {
        token: asha.token,
        body: { name: 'Aarav Sharma', phone: AARAV, parent_name: 'Meera', parent_phone: MEERA },
      })
    ).json().id as number;
    const plan = await api('POST', '/api/v1/fee-plans/', {
      token: asha.token,
      body: {
        name: 'Maths',
        kind: 'one_time',
        student_id: aaravId,
        amount: 2000,
        due_date: '2025-01-20',
        partial_minimum: 500,
      },
    });
    expect(plan.statusCode).toBe(201);
    const meera = await t.user(MEERA, 'student', { firstName: 'Meera', lastName: 'Sharma' });
    const aarav = await t.user(AARAV, 'student', { firstName: 'Aarav', lastName: 'Sharma' });
    const [due] = (await api('GET', '/api/v1/my-dues/', { token: meera.token })).json().results;
    return { asha, meera, aarav, due: due.id as number, planId: plan.json().id as number };
  }

  const payMine = (payer: Actor, dueIds: number[], amount?: number) =>
    api('POST', '/api/v1/my-dues/pay/', {
      token: payer.token,
      body: amount === undefined ? { due_ids: dueIds } : { due_ids: dueIds, amount },
    });
  const dueLink = (tutor: Actor, id: number) =>
    api('POST', `/api/v1/dues/${id}/link/`, { token: tutor.token });

  /** Opens the link's checkout; `webhook()` later tells the server the gateway took it all. */
  let seq = 0;
  async function checkout(payer: Actor, tutor: Actor, link: Link) {
    const opened = await api('POST', ORDER_URL, {
      token: payer.token,
      body: orderBody(payer.id, tutor.id, link.amount, { payment_link_id: link.id }),
    });
    expect(opened.statusCode).toBe(201);
    const { id, amount } = opened.json<{ id: string; amount: number }>();
    seq += 1;
    const reported = {
      ...payment(id, Math.round(amount * 100), 'SUCCESS', String(8_000_000_000 + seq)),
      time: toIstIsoString(server.clock.now()),
    };
    return {
      orderId: id,
      async webhook() {
        t.fake.pay(id, reported);
        const answer = await t.postWebhook(webhookBody(reported), undefined, undefined, {
          apply: false,
        });
        expect(answer.statusCode).toBe(200);
      },
    };
  }

  const dueRow = async (tutor: Actor) =>
    (await api('GET', '/api/v1/dues/?month=2025-01', { token: tutor.token })).json().results[0];
  const receipt = async (payer: Actor, orderId: string) =>
    (
      await api('GET', `/api/v1/payments/pg/order/${orderId}/receipt/`, { token: payer.token })
    ).json();
  const refunded = () => [...t.fake.refunds.values()].map((r) => r.orderId).sort();
  /** A kept payment's receipt names exactly its base amount, never less. */
  const settledExactly = (shown: { base_amount: number; paid_for: { amount: number }[] }) =>
    expect(shown.paid_for.reduce((sum, d) => sum + d.amount, 0)).toBe(shown.base_amount);

  it('keeps ₹1,500 and ₹1,499 parts of a ₹2,000 due to what it is worth (item 1)', async () => {
    const { asha, meera, aarav, due } = await owed();
    const first = await checkout(meera, asha, (await payMine(meera, [due], 1500)).json<Link>());
    const second = await checkout(aarav, asha, (await payMine(aarav, [due], 1499)).json<Link>());
    await first.webhook();
    await second.webhook();
    await t.jobs(); // the webhooks (in either order), then the refund and link-close jobs
    await t.jobs();

    // One part is kept, whichever came first; the other is refunded in full, not kept in part.
    const firstKept = !refunded().includes(first.orderId);
    const [keptOne, keptPayer] = firstKept ? [first, meera] : [second, aarav];
    const [backOne, backPayer] = firstKept ? [second, aarav] : [first, meera];
    const kept = await receipt(keptPayer, keptOne.orderId);
    settledExactly(kept);
    expect(await dueRow(asha)).toMatchObject({
      paid: kept.base_amount,
      left: 2000 - kept.base_amount,
      status: 'partly_paid',
    });
    expect(refunded()).toEqual([backOne.orderId]);
    const back = await receipt(backPayer, backOne.orderId);
    expect(back.paid_for).toEqual([]);
    expect(back.refund).toMatchObject({
      amount: back.total,
      automatic_reason: messages.automaticRefund.dues_changed,
    });
    // What is left is what a new link asks for.
    expect((await payMine(meera, [due])).json()).toMatchObject({
      amount: 2000 - kept.base_amount,
    });
  });

  it('refunds a whole-due link made before a part and paid after it (item 1)', async () => {
    const { asha, meera, aarav, due } = await owed();
    const whole = (await dueLink(asha, due)).json<Link>();
    expect(whole.amount).toBe(2000);
    const atCheckout = await checkout(meera, asha, whole);
    const part = await checkout(aarav, asha, (await payMine(aarav, [due], 1000)).json<Link>());
    await part.webhook();
    await t.jobs();
    // The part paid ends the due's other open links: none asks for the old ₹2,000.
    expect((await api('GET', `/api/v1/payments/payment-link/${whole.id}/`)).json().status).toBe(
      'CANCELLED',
    );
    await atCheckout.webhook();
    await t.jobs();
    await t.jobs();
    expect(await dueRow(asha)).toMatchObject({ paid: 1000, left: 1000 });
    expect(refunded()).toEqual([atCheckout.orderId]);
    settledExactly(await receipt(aarav, part.orderId));
    expect((await receipt(meera, atCheckout.orderId)).refund).toMatchObject({
      automatic_reason: messages.automaticRefund.dues_changed,
    });
    expect((await dueLink(asha, due)).json()).toMatchObject({ amount: 1000 });
  });

  it('decides what a payment settles when it is paid: a part the plan no longer takes (item 1)', async () => {
    const { asha, meera, due, planId } = await owed();
    const atCheckout = await checkout(meera, asha, (await payMine(meera, [due], 800)).json<Link>());
    const raised = await api('PATCH', `/api/v1/fee-plans/${planId}/`, {
      token: asha.token,
      body: { partial_minimum: 1000 },
    });
    expect(raised.statusCode).toBe(200);
    await atCheckout.webhook();
    await t.jobs();
    await t.jobs();
    expect(await dueRow(asha)).toMatchObject({ paid: 0, left: 2000, status: 'open' });
    expect(refunded()).toEqual([atCheckout.orderId]);
    expect((await payMine(meera, [due], 800)).json()).toMatchObject({
      message: m.partTooSmall('₹1,000.00'),
    });
  });

  it('refunds a payment its dues can no longer take, even on a link still open (item 1)', async () => {
    const { asha, meera, due } = await owed();
    const atCheckout = await checkout(
      meera,
      asha,
      (await payMine(meera, [due], 1500)).json<Link>(),
    );
    // ₹1,000 of the due paid behind the link's back: only ₹1,000 is left for its ₹1,500.
    await server.db
      .update(dues)
      .set({ paid: 100_000, status: 'partly_paid' })
      .where(eq(dues.id, due));
    await atCheckout.webhook();
    await t.jobs();
    await t.jobs();
    expect(await dueRow(asha)).toMatchObject({ paid: 1000, left: 1000 });
    expect(refunded()).toEqual([atCheckout.orderId]);
    expect((await receipt(meera, atCheckout.orderId)).paid_for).toEqual([]);
  });

  it('gives one open link per due and payer, however many ask at once (item 2)', async () => {
    const { asha, meera, due } = await owed();
    const mine = await Promise.all(Array.from({ length: 10 }, () => payMine(meera, [due])));
    const tutors = await Promise.all(Array.from({ length: 10 }, () => dueLink(asha, due)));
    const answers = [...mine, ...tutors];
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.json<Link>().id)).size).toBe(1);
    const open = async () =>
      server.db
        .select({ id: paymentLinks.id, amount: paymentLinks.amount })
        .from(paymentLinks)
        .innerJoin(linkDues, eq(linkDues.linkId, paymentLinks.id))
        .where(
          and(
            eq(linkDues.dueId, due),
            eq(paymentLinks.studentPhone, MEERA),
            inArray(paymentLinks.status, ['ACTIVE']),
          ),
        );
    expect(await open()).toHaveLength(1);
    // A part asked for meanwhile replaces the whole-due link: still one to pay.
    const parts = await Promise.all(Array.from({ length: 10 }, () => payMine(meera, [due], 800)));
    expect(new Set(parts.map((a) => a.json<Link>().id)).size).toBe(1);
    expect(await open()).toEqual([{ id: parts[0]!.json<Link>().id, amount: 80_000 }]);
  });

  it('sends no reminder that would end the link a payer is paying now (D207)', async () => {
    const { asha, meera, due } = await owed();
    const part = (await payMine(meera, [due], 800)).json<Link>();
    const atCheckout = await checkout(meera, asha, part);
    // 17 January, 10:00: three days before the due date, a step of the ladder.
    server.clock.advance(Date.parse('2025-01-17T04:30:00Z') - server.clock.now().getTime());
    const pass = () => server.app.services.reminders.run();
    expect(await pass()).toEqual({ sent: 0, skipped: 0 });
    expect((await api('GET', `/api/v1/payments/payment-link/${part.id}/`)).json().status).toBe(
      'ACTIVE',
    );
    await atCheckout.webhook();
    await t.jobs();
    expect(refunded()).toEqual([]);
    // Paid: the next pass reminds of what is left.
    server.clock.advance(60 * 60 * 1000);
    expect(await pass()).toEqual({ sent: 1, skipped: 0 });
    const tutor = await t.user(asha.phone, 'teacher');
    const log = (await api('GET', '/api/v1/reminders/', { token: tutor.token })).json();
    expect(log.results).toMatchObject([{ payer_phone: MEERA, amount: 1200, skipped: null }]);
  });

  it('refuses a link above what one payment may be, naming the maximum (item 3)', async () => {
    const { asha, meera } = await owed();
    const students = (await api('GET', '/api/v1/students/', { token: asha.token })).json();
    const plan = await api('POST', '/api/v1/fee-plans/', {
      token: asha.token,
      body: {
        name: 'Coaching',
        kind: 'instalments',
        student_id: students.results[0].id,
        instalments: [
          { due_date: '2025-01-25', amount: 30_000 },
          { due_date: '2025-02-10', amount: 30_000 },
        ],
      },
    });
    expect(plan.statusCode).toBe(201);
    await server.app.services.dues.generate();
    const mine = (await api('GET', '/api/v1/my-dues/', { token: meera.token })).json().results;
    const coaching = mine.filter((d: { plan_name: string }) => d.plan_name === 'Coaching');
    expect(coaching).toHaveLength(2);
    const both = await payMine(
      meera,
      coaching.map((d: { id: number }) => d.id),
    );
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({ message: m.tooMuchForOnePayment('₹50,000.00') });
    expect((await payMine(meera, [coaching[0].id])).json()).toMatchObject({ amount: 30_000 });
  });
});
