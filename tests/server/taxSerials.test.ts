// D264: invoice serials are consecutive per tutor and financial year, never reused or skipped,
// however many payments are marked PAID at once (the status pages' re-reads run truly in
// parallel through the app, on PGlite and PostgreSQL); each tutor has their own series and our
// platform fee one of its own; a new series starts on 1 April (IST). And D266: a tutor whose
// fees exclude GST has it added to each due of a plan.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { toIstIsoString } from '../../src/domain/time';
import { taxTexts } from '../../src/domain/taxTexts';
import { dues, taxDocuments } from '../../src/server/db/schema';
import { testDatabases } from '../support/server';
import { moveClockTo } from './dashboards.support';
import { ORDER_URL, orderBody, payment, usePaymentsServer, type Actor } from './payments.support';

const PROFILE = '/api/v1/tax-profile/';

describe.each(testDatabases())('tax serials on $name', (database) => {
  const t = usePaymentsServer(database);
  const { api, server } = t;
  let seq = 0;
  let paymentSeq = 0;

  const students = async (n: number): Promise<Actor[]> => {
    const list: Actor[] = [];
    for (let i = 0; i < n; i += 1) {
      seq += 1;
      list.push(await t.user(`71000${String(10_000 + seq).slice(-5)}`, 'student'));
    }
    return list;
  };

  /** An order the gateway has taken the payment of; its status page has not looked yet. */
  const takenOrder = async (student: Actor, tutor: Actor, rupees: number) => {
    const created = await api('POST', ORDER_URL, {
      token: student.token,
      body: orderBody(student.id, tutor.id, rupees),
    });
    expect(created.statusCode).toBe(201);
    const { id, amount } = created.json<{ id: string; amount: number }>();
    paymentSeq += 1;
    t.fake.pay(id, {
      ...payment(id, Math.round(amount * 100), 'SUCCESS', String(7_000_000_000 + paymentSeq)),
      time: toIstIsoString(server.clock.now()),
    });
    return { id, student };
  };

  const register = (tutor: Actor, gstin: string, extra: object = {}) =>
    api('PUT', PROFILE, {
      token: tutor.token,
      body: { registered: true, gstin, address: 'A street, A city', ...extra },
    });

  const serialsOf = async (tutorId: number, kind: 'tax_invoice' | 'platform_invoice') =>
    (
      await server.db
        .select({ serial: taxDocuments.serial, number: taxDocuments.number })
        .from(taxDocuments)
        .where(and(eq(taxDocuments.tutorId, tutorId), eq(taxDocuments.kind, kind)))
    )
      .map((row) => row.serial!)
      .sort();

  it('numbers payments marked PAID at once consecutively, per tutor and for our fee', async () => {
    const { asha, ravi } = await t.demo();
    await t.setKyc(ravi.id, 'ACTIVE');
    expect((await register(asha, '07ABCPV1234K1ZL')).statusCode).toBe(200);
    expect((await register(ravi, '27AAPFU0939F1ZV')).statusCode).toBe(200);
    const crowd = await students(12);
    const orders = await Promise.all(
      crowd.map((student, i) => takenOrder(student, i < 8 ? asha : ravi, 1000 + i)),
    );
    // Every status page looks at once: twelve PAID transactions, each issuing its invoices.
    const seen = await Promise.all(
      orders.map(({ id, student }) => api('GET', `${ORDER_URL}${id}/`, { token: student.token })),
    );
    expect(seen.map((res) => res.json().order.status)).toEqual(Array(12).fill('PAID'));
    const numbered = (prefix: string, n: number, digits = 6) =>
      Array.from({ length: n }, (_, i) => `${prefix}/2425/${String(i + 1).padStart(digits, '0')}`);
    expect(await serialsOf(asha.id, 'tax_invoice')).toEqual(numbered('INV', 8));
    expect(await serialsOf(ravi.id, 'tax_invoice')).toEqual(numbered('INV', 4));
    const ours = [
      ...(await serialsOf(asha.id, 'platform_invoice')),
      ...(await serialsOf(ravi.id, 'platform_invoice')),
    ].sort();
    expect(ours).toEqual(numbered('TP', 12, 8));
    // Asked again, nothing is issued twice.
    await Promise.all(
      orders.map(({ id, student }) => api('GET', `${ORDER_URL}${id}/`, { token: student.token })),
    );
    expect(await serialsOf(asha.id, 'tax_invoice')).toHaveLength(8);
  });

  it('starts a new series on 1 April, by the IST day', async () => {
    const { asha } = await t.demo();
    await register(asha, '07ABCPV1234K1ZL');
    moveClockTo(t, '2025-03-31T18:20:00Z'); // 23:50 IST on 31 March (new sessions: 12 hours)
    const [a, b] = await students(2);
    moveClockTo(t, '2025-03-31T18:29:00Z'); // 23:59 IST
    const march = await takenOrder(a!, asha, 500);
    await api('GET', `${ORDER_URL}${march.id}/`, { token: a!.token });
    moveClockTo(t, '2025-03-31T18:31:00Z'); // 00:01 IST on 1 April
    const april = await takenOrder(b!, asha, 500);
    await api('GET', `${ORDER_URL}${april.id}/`, { token: b!.token });
    expect(await serialsOf(asha.id, 'tax_invoice')).toEqual(['INV/2425/000001', 'INV/2526/000001']);
  });

  it('adds GST to the dues of a tutor whose fees exclude it, and keeps a due within one payment', async () => {
    const { asha } = await t.demo();
    await register(asha, '07ABCPV1234K1ZL', { fee_includes_gst: false });
    const student = await api('POST', '/api/v1/students/', {
      token: asha.token,
      body: { name: 'Aarav Sharma', phone: '9123456780' },
    });
    const studentId = student.json<{ id: number }>().id;
    const plan = await api('POST', '/api/v1/fee-plans/', {
      token: asha.token,
      body: {
        name: 'Maths',
        kind: 'one_time',
        student_id: studentId,
        amount: 2000,
        due_date: '2025-01-20',
      },
    });
    expect(plan.statusCode).toBe(201);
    await t.jobs();
    await t.app.services.dues.generate();
    const [due] = await server.db.select().from(dues).where(eq(dues.studentId, studentId));
    // ₹2,000 before GST: ₹2,360 to pay, whose invoice is ₹2,000 + ₹180 + ₹180.
    expect(due?.amount).toBe(236000);
    const tooLarge = await api('POST', '/api/v1/fee-plans/', {
      token: asha.token,
      body: {
        name: 'Year',
        kind: 'one_time',
        student_id: studentId,
        amount: 45000,
        due_date: '2025-02-01',
      },
    });
    expect([tooLarge.statusCode, tooLarge.json().message]).toEqual([
      400,
      taxTexts.api.dueTooLargeWithGst('₹53,100.00'),
    ]);
  });
});
