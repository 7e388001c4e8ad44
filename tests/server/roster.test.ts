// Issue 48, a register a tutor with 40 students can keep (D230-D232, D234): a student is changed
// (a misspelt name, a new parent phone), moved to another batch, marked left (their future dues
// end) and brought back; a parent who paid is not listed as a student; the plan editor is
// offered every student, not one page; batches match ignoring case and spaces.
import { describe, expect, it } from 'vitest';
import { dues } from '../../src/server/db/schema';
import { testDatabases } from '../support/server';
import { moveClockTo, payOrder } from './dashboards.support';
import { usePaymentsServer, type Actor } from './payments.support';

const STUDENTS = '/api/v1/students/';
const PLANS = '/api/v1/fee-plans/';
/** Forty names in name order: 'Aa', 'Ab', … 'Bn'. */
const NAMES = Array.from(
  { length: 40 },
  (_, i) => 'AB'[Math.floor(i / 26)]! + 'abcdefghijklmnopqrstuvwxyz'[i % 26]!,
);

describe.each(testDatabases())('the roster on $name', (database) => {
  const t = usePaymentsServer(database);
  const { api, server } = t;

  const add = async (tutor: Actor, body: Record<string, unknown>) => {
    const res = await api('POST', STUDENTS, { token: tutor.token, body });
    expect(res.statusCode).toBe(201);
    return res.json().id as number;
  };
  const plan = async (tutor: Actor, body: Record<string, unknown>) => {
    const res = await api('POST', PLANS, { token: tutor.token, body });
    expect(res.statusCode).toBe(201);
    return res.json();
  };
  const monthly = (name: string, batch: string) => ({
    name,
    kind: 'monthly',
    batch,
    amount: 2000,
    due_day: 5,
    start_month: '2025-02',
  });
  /** The student's dues, oldest first: [plan id, period]. */
  const duesOf = async (studentId: number) =>
    (await server.db.select().from(dues))
      .filter((d) => d.studentId === studentId)
      .sort((a, b) => a.dueDate.localeCompare(b.dueDate))
      .map((d) => [d.planId, d.period]);

  it('changes a misspelt name and a new parent phone; a phone another student has is a 409 at the phone', async () => {
    const { asha } = await t.demo();
    const id = await add(asha, { name: 'Arav Sharma', phone: '9876500001' });
    await add(asha, { name: 'Diya Patel', phone: '9876500002' });
    const changed = await api('PATCH', `${STUDENTS}${id}/`, {
      token: asha.token,
      body: { name: 'Aarav  Sharma', parent_name: 'Neha Sharma', parent_phone: '+91 98765 00009' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      id,
      name: 'Aarav Sharma',
      parent_name: 'Neha Sharma',
      parent_phone: '9876500009',
      left_at: null,
    });
    const taken = await api('PATCH', `${STUDENTS}${id}/`, {
      token: asha.token,
      body: { phone: '9876500002' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'api.duplicate', field: 'phone' });
    const bad = await api('PATCH', `${STUDENTS}${id}/`, {
      token: asha.token,
      body: { parent_phone: null },
    });
    // A parent's name needs their phone: said at that field.
    expect(bad.json()).toMatchObject({ code: 'api.parentPhoneRequired', field: 'parent_phone' });
    const { ravi } = await t.demo();
    const notRavis = await api('PATCH', `${STUDENTS}${id}/`, {
      token: ravi.token,
      body: { name: 'X' },
    });
    expect(notRavis.statusCode).toBe(404);
  });

  it('moves a student to another batch: the old batch ends ahead, the new one counts from today', async () => {
    let { asha } = await t.demo();
    const aarav = await add(asha, { name: 'Aarav Sharma', phone: '9876500001', batch: 'Class 9' });
    const nine = await plan(asha, monthly('Class 9 monthly', 'Class 9'));
    const ten = await plan(asha, monthly('Class 10 monthly', 'Class 10 Maths'));
    // 15 January: February's due of Class 9 is written (31 days ahead).
    expect(await duesOf(aarav)).toEqual([[nine.id, '2025-02']]);
    moveClockTo(t, '2025-01-20T10:00:00+05:30');
    asha = await t.user(asha.phone, 'teacher');
    const moved = await api('PATCH', `${STUDENTS}${aarav}/`, {
      token: asha.token,
      body: { batch: 'class 10  maths' },
    });
    expect(moved.statusCode).toBe(200);
    // Class 9's February due (not yet due, untouched) went; Class 10's is there from today.
    expect(await duesOf(aarav)).toEqual([[ten.id, '2025-02']]);
  });

  it('marks a student left: future dues end, none come, what was due stays; back again from today', async () => {
    let { asha } = await t.demo();
    const aarav = await add(asha, { name: 'Aarav Sharma', phone: '9876500001', batch: 'Class 10' });
    const p = await plan(asha, {
      ...monthly('Class 10 monthly', 'Class 10'),
      start_month: '2025-01',
      due_day: 10,
    });
    // 10 January is past: January's due is owed; February's is ahead.
    expect(await duesOf(aarav)).toEqual([
      [p.id, '2025-01'],
      [p.id, '2025-02'],
    ]);
    const left = await api('POST', `${STUDENTS}${aarav}/leave/`, { token: asha.token });
    expect(left.statusCode).toBe(200);
    expect(left.json().left_at).toEqual(expect.any(String));
    expect(await duesOf(aarav)).toEqual([[p.id, '2025-01']]);
    const twice = await api('POST', `${STUDENTS}${aarav}/leave/`, { token: asha.token });
    expect(twice.json()).toMatchObject({ code: 'api.alreadyLeft' });
    // Months go by: no due is written for a student who left.
    moveClockTo(t, '2025-03-20T10:00:00+05:30');
    await server.app.services.dues.generate();
    expect(await duesOf(aarav)).toEqual([[p.id, '2025-01']]);
    asha = await t.user(asha.phone, 'teacher');
    const current = (await api('GET', STUDENTS, { token: asha.token })).json();
    expect(current.results.map((s: { name: string }) => s.name)).toEqual([]);
    const gone = (await api('GET', `${STUDENTS}?status=left`, { token: asha.token })).json();
    expect(gone.results.map((s: { name: string }) => s.name)).toEqual(['Aarav Sharma']);
    // Back on 20 March: April's due, nothing for February or March.
    const back = await api('POST', `${STUDENTS}${aarav}/restore/`, { token: asha.token });
    expect(back.statusCode).toBe(200);
    expect(back.json().left_at).toBeNull();
    expect(await duesOf(aarav)).toEqual([
      [p.id, '2025-01'],
      [p.id, '2025-04'],
    ]);
    const again = await api('POST', `${STUDENTS}${aarav}/restore/`, { token: asha.token });
    expect(again.json()).toMatchObject({ code: 'api.notLeft' });
  });

  it('lists a parent who paid for a student as no student of their own', async () => {
    const { asha, priya } = await t.demo();
    // Priya pays Asha; then Asha adds a student whose paying parent is Priya's phone.
    await payOrder(t, priya, asha, 1500);
    await add(asha, {
      name: 'Rohan Sharma',
      phone: '9876500011',
      parent_name: 'Priya Sharma',
      parent_phone: priya.phone,
    });
    const list = (await api('GET', STUDENTS, { token: asha.token })).json();
    expect(list.results.map((s: { name: string; source: string }) => [s.name, s.source])).toEqual([
      ['Rohan Sharma', 'added'],
    ]);
  });

  it('offers the plan editor every current student, past the first page of the list', async () => {
    const { asha } = await t.demo();
    const csv = [
      'Student Name,Mobile No,Class',
      ...Array.from({ length: 40 }, (_, i) => `Student ${NAMES[i]},${9_876_520_000 + i},Class 10`),
    ].join('\n');
    const imported = await api('POST', '/api/v1/students/import/', {
      token: asha.token,
      body: { csv, accept: 'all' },
    });
    expect(imported.json()).toMatchObject({ imported: 40 });
    const page = (await api('GET', STUDENTS, { token: asha.token })).json();
    expect(page).toMatchObject({ count: 40, page_size: 20 });
    const choices = (await api('GET', `${STUDENTS}choices/`, { token: asha.token })).json();
    expect(choices.results).toHaveLength(40);
    const last = choices.results.at(-1);
    expect(last).toEqual({
      id: expect.any(Number),
      name: `Student ${NAMES[39]}`,
      batch: 'Class 10',
    });
    // A plan for the 40th student names them in the list's 'For'.
    await plan(asha, {
      name: 'Extra',
      kind: 'one_time',
      student_id: last.id,
      amount: 500,
      due_date: '2025-02-01',
    });
    const plans = (await api('GET', PLANS, { token: asha.token })).json();
    expect(plans.results[0]).toMatchObject({
      student_id: last.id,
      student_name: `Student ${NAMES[39]}`,
      students: 1,
    });
    // One who left is offered no more.
    await api('POST', `${STUDENTS}${last.id}/leave/`, { token: asha.token });
    expect(
      (await api('GET', `${STUDENTS}choices/`, { token: asha.token })).json().results,
    ).toHaveLength(39);
  });

  it("reaches a batch's students whatever its case and spaces, and counts them", async () => {
    const { asha } = await t.demo();
    const aarav = await add(asha, {
      name: 'Aarav Sharma',
      phone: '9876500001',
      batch: 'Class 10 Maths',
    });
    const diya = await add(asha, {
      name: 'Diya Patel',
      phone: '9876500002',
      batch: 'class 10  maths',
    });
    const p = await plan(asha, monthly('Maths', 'CLASS 10 MATHS'));
    expect(p).toMatchObject({ batch: 'CLASS 10 MATHS', students: 2 });
    expect(await duesOf(aarav)).toEqual([[p.id, '2025-02']]);
    expect(await duesOf(diya)).toEqual([[p.id, '2025-02']]);
    // A typo reaches no one (the editor asks first): saved, with nobody to owe it.
    const typo = await plan(asha, monthly('Typo', 'Class 10 Math'));
    expect(typo.students).toBe(0);
  });
});
