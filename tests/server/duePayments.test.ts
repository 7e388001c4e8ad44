// Paying dues (issue 14, D147): a link for one due (the tutor's) or for some of the payer's
// dues with one tutor ('My dues'); paying it settles the dues oldest first, once, even when two
// links for the same due are paid at the same moment or the tutor marks it paid in cash while
// the parent is at the checkout. What must not be kept is refunded by the job.
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { studentsTexts } from '../../src/domain/studentsTexts';
import { toIstIsoString } from '../../src/domain/time';
import { pdfLines } from '../support/pdf';
import { testDatabases } from '../support/server';
import {
  ORDER_URL,
  orderBody,
  payment,
  usePaymentsServer,
  webhookBody,
  type Actor,
} from './payments.support';

const linkUrl = (id: string) => `/api/v1/payments/payment-link/${id}/`;
const m = studentsTexts.dues;

interface Link {
  id: string;
  amount: number;
  purpose: string;
  status: string;
  student_phone: string | null;
}

describe.each(testDatabases())('paying dues on $name', (database) => {
  const t = usePaymentsServer(database);
  const { api, server } = t;

  /** Asha's student Aarav, whose mother Meera pays: ₹1,500 due on 20 Jan, ₹2,000 on 5 Feb. */
  async function owed() {
    const { asha, ravi, priya } = await t.demo();
    const aarav = (
      await api('POST', '/api/v1/students/', {
        token: asha.token,
        body: {
          name: 'Aarav Sharma',
          phone: '9876500001',
          parent_name: 'Meera Sharma',
          parent_phone: '9876500009',
        },
      })
    ).json().id as number;
    const plan = (body: Record<string, unknown>) =>
      api('POST', '/api/v1/fee-plans/', {
        token: asha.token,
        body: { student_id: aarav, ...body },
      });
    await plan({
      name: 'Maths',
      kind: 'monthly',
      amount: 2000,
      due_day: 5,
      start_month: '2025-02',
    });
    await plan({ name: 'Books', kind: 'one_time', amount: 1500, due_date: '2025-01-20' });
    await server.app.services.dues.generate();
    const meera = await t.user('9876500009', 'student', { firstName: 'Meera', lastName: 'Sharma' });
    const mine = await api('GET', '/api/v1/my-dues/', { token: meera.token });
    expect(mine.statusCode).toBe(200);
    const [books, maths] = mine.json().results as { id: number }[];
    return { asha, ravi, priya, meera, books: books!.id, maths: maths!.id };
  }

  const payMine = (payer: Actor, dueIds: number[]) =>
    api('POST', '/api/v1/my-dues/pay/', { token: payer.token, body: { due_ids: dueIds } });
  const dueLink = (tutor: Actor, id: number) =>
    api('POST', `/api/v1/dues/${id}/link/`, { token: tutor.token });

  /** The payer opens the link's checkout and the gateway takes the whole payment. */
  let paymentSeq = 0;
  async function pay(payer: Actor, tutor: Actor, link: Link) {
    const opened = await api('POST', ORDER_URL, {
      token: payer.token,
      body: orderBody(payer.id, tutor.id, link.amount, { payment_link_id: link.id }),
    });
    expect(opened.statusCode).toBe(201);
    const { id, amount } = opened.json<{ id: string; amount: number }>();
    paymentSeq += 1;
    const reported = {
      ...payment(id, Math.round(amount * 100), 'SUCCESS', String(7_000_000_000 + paymentSeq)),
      time: toIstIsoString(server.clock.now()),
    };
    t.fake.pay(id, reported);
    return {
      orderId: id,
      webhook: () => t.postWebhook(webhookBody(reported), undefined, undefined, { apply: false }),
    };
  }

  const february = async (tutor: Actor) =>
    (await api('GET', '/api/v1/dues/?month=2025-02', { token: tutor.token })).json();
  const statusOf = async (id: string) => (await api('GET', linkUrl(id))).json().status as string;

  it("lists a parent's dues oldest first and pays them all in one payment", async () => {
    const { asha, meera, books, maths } = await owed();
    const mine = (await api('GET', '/api/v1/my-dues/', { token: meera.token })).json();
    expect(mine.results).toMatchObject([
      { id: books, plan_name: 'Books', student_name: 'Aarav Sharma', left: 1500, overdue: false },
      { id: maths, plan_name: 'Maths', period: '2025-02', left: 2000, overdue: false },
    ]);
    expect(mine.results[0].tutor_name).toMatch(/Asha/);

    // The tutor's link for February alone, to Meera's phone; asked again, the same link.
    const tutorsLink = (await dueLink(asha, maths)).json<Link>();
    expect(tutorsLink).toMatchObject({
      amount: 2000,
      purpose: 'Maths (Feb 2025)',
      student_phone: '9876500009',
    });
    expect((await dueLink(asha, maths)).json<Link>().id).toBe(tutorsLink.id);

    const both = await payMine(meera, [maths, books]);
    expect(both.statusCode).toBe(200);
    const link = both.json<Link>();
    expect(link).toMatchObject({
      amount: 3500,
      purpose: 'Books, Maths (Feb 2025)',
      student_phone: '9876500009',
    });
    const paid = await pay(meera, asha, link);
    expect((await paid.webhook()).statusCode).toBe(200);
    await t.jobs();

    expect((await api('GET', '/api/v1/my-dues/', { token: meera.token })).json().results).toEqual(
      [],
    );
    expect(await statusOf(link.id)).toBe('PAID');
    // The receipt names the dues the payment settled, on the page and in the PDF.
    const receipt = `/api/v1/payments/pg/order/${paid.orderId}/receipt/`;
    expect((await api('GET', receipt, { token: meera.token })).json().paid_for).toEqual([
      { student_name: 'Aarav Sharma', plan_name: 'Books', period: 'once', amount: 1500 },
      { student_name: 'Aarav Sharma', plan_name: 'Maths', period: '2025-02', amount: 2000 },
    ]);
    const pdf = await api('GET', receipt.replace('receipt/', 'receipt.pdf'), {
      token: meera.token,
    });
    const lines = pdfLines(pdf.rawPayload);
    const at = lines.indexOf('Paid for | Books, Aarav Sharma: ₹1,500.00');
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 1]).toBe('Maths (Feb 2025), Aarav Sharma: ₹2,000.00');
    // Nothing is left to pay on the tutor's link for February.
    expect(await statusOf(tutorsLink.id)).toBe('CANCELLED');
    expect(await february(asha)).toMatchObject({ expected: 2000, collected: 2000, outstanding: 0 });
    expect((await dueLink(asha, maths)).json()).toMatchObject({ message: m.closed });
  });

  it('pays a part where the plan allows it, at least its minimum, oldest due first (D153)', async () => {
    const { asha, meera, books, maths } = await owed();
    // Maths takes parts of at least ₹500; Books is paid in full only.
    const plans = (await api('GET', '/api/v1/fee-plans/', { token: asha.token })).json().results;
    const mathsPlan = plans.find((p: { name: string }) => p.name === 'Maths').id;
    await api('PATCH', `/api/v1/fee-plans/${mathsPlan}/`, {
      token: asha.token,
      body: { partial_minimum: 500 },
    });
    const part = (dueIds: number[], amount: number) =>
      api('POST', '/api/v1/my-dues/pay/', {
        token: meera.token,
        body: { due_ids: dueIds, amount },
      });
    const mine = (await api('GET', '/api/v1/my-dues/', { token: meera.token })).json().results;
    expect(mine.map((d: { partial_minimum: number | null }) => d.partial_minimum)).toEqual([
      null,
      500,
    ]);
    expect((await part([books, maths], 800)).json()).toMatchObject({ message: m.noParts });
    expect((await part([maths], 300)).json()).toMatchObject({ message: m.partTooSmall('₹500.00') });
    expect((await part([maths], 2500)).json()).toMatchObject({
      message: m.partTooLarge('₹2,000.00'),
    });
    const link = (await part([maths], 800)).json<Link>();
    expect(link).toMatchObject({ amount: 800, purpose: 'Maths (Feb 2025)' });
    expect((await (await pay(meera, asha, link)).webhook()).statusCode).toBe(200);
    await t.jobs();
    // ₹800 of ₹2,000 is paid: the rest is still owed, and the whole of it can be paid.
    const after = (await api('GET', '/api/v1/my-dues/', { token: meera.token })).json().results;
    expect(after.find((d: { id: number }) => d.id === maths)).toMatchObject({
      paid: 800,
      left: 1200,
    });
    expect((await february(asha)).results[0]).toMatchObject({ status: 'partly_paid', left: 1200 });
    expect((await part([maths], 1200)).json<Link>()).toMatchObject({ amount: 1200 });
  });

  it('settles a due once when two links for it are paid at the same moment', async () => {
    const { asha, meera, books, maths } = await owed();
    const feb = (await dueLink(asha, maths)).json<Link>();
    // February's checkout is open when Meera asks for both dues (which ends February's link,
    // D207): the gateway may still take both payments.
    const first = await pay(meera, asha, feb);
    const all = (await payMine(meera, [books, maths])).json<Link>();
    const second = await pay(meera, asha, all);
    const answers = await Promise.all([first.webhook(), second.webhook()]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    await t.jobs(); // the webhooks, then the refund and link-close jobs they send
    await t.jobs();

    const links = [await statusOf(feb.id), await statusOf(all.id)];
    expect(links.filter((s) => s === 'PAID')).toHaveLength(1);
    const kept = links[0] === 'PAID' ? first : second;
    const refunded = kept === first ? second : first;
    expect([...t.fake.refunds.values()].map((r) => r.orderId)).toEqual([refunded.orderId]);
    const left = (await api('GET', '/api/v1/my-dues/', { token: meera.token })).json().results;
    // February is paid once whichever won; Books stays open only if February's own link won.
    expect(left.map((d: { id: number }) => d.id)).toEqual(kept === first ? [books] : []);
    expect((await february(asha)).results[0]).toMatchObject({
      paid: 2000,
      left: 0,
      status: 'paid',
    });
  });

  it('refunds a payment made after the tutor marked the due paid in cash', async () => {
    const { asha, priya, meera, maths } = await owed();
    const link = (await dueLink(asha, maths)).json<Link>();
    const atCheckout = await pay(meera, asha, link);
    const settled = await api('POST', `/api/v1/dues/${maths}/settle/`, {
      token: asha.token,
      body: { how: 'cash' },
    });
    expect(settled.statusCode).toBe(200);
    expect(await statusOf(link.id)).toBe('CANCELLED');
    await atCheckout.webhook();
    await t.jobs();
    await t.jobs();
    expect([...t.fake.refunds.values()].map((r) => r.orderId)).toEqual([atCheckout.orderId]);
    const view = await api('GET', `/api/v1/payments/pg/order/${atCheckout.orderId}/`, {
      token: meera.token,
    });
    expect(view.json()).toMatchObject({
      refund: { automatic_reason: messages.automaticRefund.dues_changed },
    });
    expect((await february(asha)).results[0]).toMatchObject({ paid: 2000, settled_by: 'cash' });
    // Priya owes nothing to anyone; the link is Meera's to pay.
    expect((await api('GET', '/api/v1/my-dues/', { token: priya.token })).json().results).toEqual(
      [],
    );
  });

  it('refuses what cannot be paid, with a clear message', async () => {
    const { asha, ravi, priya, meera, books, maths } = await owed();
    // Dues that are not the caller's, or that are closed.
    expect((await payMine(priya, [books])).json()).toMatchObject({ message: m.notOpen });
    expect((await payMine(meera, [books, 999_999])).json()).toMatchObject({ message: m.notOpen });
    await api('POST', `/api/v1/dues/${books}/waive/`, { token: asha.token, body: {} });
    const closed = await payMine(meera, [books, maths]);
    expect(closed.statusCode).toBe(409);
    expect((await dueLink(asha, books)).statusCode).toBe(409);
    // Another tutor's due, a tutor asking for 'My dues', a student asking for a due's link.
    expect((await dueLink(ravi, maths)).statusCode).toBe(404);
    expect((await api('GET', '/api/v1/my-dues/', { token: asha.token })).json()).toMatchObject({
      message: m.onlyStudents,
    });
    expect((await dueLink(meera, maths)).statusCode).toBe(403);
    expect((await payMine(meera, [])).statusCode).toBe(400);
  });

  it('makes no link while the tutor cannot accept payments', async () => {
    const { asha, maths } = await owed();
    await t.setKyc(asha.id, 'ACTION_REQUIRED');
    expect((await dueLink(asha, maths)).json()).toMatchObject({ message: m.cannotAccept });
  });
});
