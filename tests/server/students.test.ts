// A tutor's students (issue 14, D141): added one by one or from a CSV, each phone once per
// tutor even when requests race, every row's problems listed, nothing half-saved.
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { STUDENT_IMPORT_MAX_ROWS } from '../../src/domain/constants';
import { tutorStudents } from '../../src/server/db/schema';
import { testDatabases } from '../support/server';
import { payOrder } from './dashboards.support';
import { usePaymentsServer } from './payments.support';
import { studentsTexts } from '../../src/domain/studentsTexts';

const STUDENTS = '/api/v1/students/';
const IMPORT = '/api/v1/students/import/';
const m = studentsTexts.api;

const AARAV = {
  name: 'Aarav  Sharma ',
  phone: '+91 98765 00001',
  parent_name: 'Neha Sharma',
  parent_phone: '098765 00002',
  batch: ' Class 10  Maths',
};

describe.each(testDatabases())('students on $name', (database) => {
  const t = usePaymentsServer(database);
  const { api, server } = t;
  const rows = () => server.db.select().from(tutorStudents);

  it('adds a student as kept (tidy name, 10-digit phones) and lists them with the payers', async () => {
    const { asha, priya } = await t.demo();
    await payOrder(t, priya, asha, 1500);
    const added = await api('POST', STUDENTS, { token: asha.token, body: AARAV });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({
      id: expect.any(Number),
      name: 'Aarav Sharma',
      phone: '9876500001',
      parent_name: 'Neha Sharma',
      parent_phone: '9876500002',
      batch: 'Class 10 Maths',
      source: 'added',
      left_at: null,
      confirmed: true,
      erased: false,
      minor: false,
      consent: null,
    });
    const list = await api('GET', STUDENTS, { token: asha.token });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
      results: [
        added.json(),
        {
          id: null,
          name: 'Priya Sharma',
          phone: priya.phone,
          parent_name: null,
          parent_phone: null,
          batch: null,
          source: 'paid',
          left_at: null,
          confirmed: true,
          erased: false,
          minor: false,
          consent: null,
        },
      ],
      count: 2,
      page: 1,
      page_size: 20,
      unconfirmed: 0,
    });

    // A payer the tutor then adds is listed once, as added.
    const priyaAdded = await api('POST', STUDENTS, {
      token: asha.token,
      body: { name: 'Priya S', phone: priya.phone },
    });
    expect(priyaAdded.statusCode).toBe(201);
    const again = await api('GET', `${STUDENTS}?page_size=1&page=2`, { token: asha.token });
    expect(again.json()).toMatchObject({
      count: 2,
      results: [{ name: 'Priya S', source: 'added' }],
    });
  });

  it("refuses bad input in the product's words and writes nothing", async () => {
    const { asha } = await t.demo();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...AARAV, name: '  ' }, m.nameRequired],
      [{ ...AARAV, name: 'R2-D2' }, messages.validation.nameInvalid],
      [{ ...AARAV, phone: '12345' }, messages.validation.phone],
      [{ ...AARAV, parent_phone: '' }, m.parentPhoneRequired],
      [{ ...AARAV, parent_phone: '5876500002' }, messages.validation.phone],
      [{ ...AARAV, batch: 'x'.repeat(41) }, m.batchTooLong],
      [{ name: 'Aarav' }, messages.validation.phone],
    ];
    for (const [body, message] of cases) {
      const res = await api('POST', STUDENTS, { token: asha.token, body });
      expect({ body, status: res.statusCode, message: res.json().message }).toEqual({
        body,
        status: 400,
        message,
      });
    }
    expect(await rows()).toEqual([]);
  });

  it('is for tutors only, and each tutor has their own list', async () => {
    const { asha, ravi, priya } = await t.demo();
    const asStudent = await api('POST', STUDENTS, { token: priya.token, body: AARAV });
    expect(asStudent.statusCode).toBe(403);
    expect((await api('GET', STUDENTS, { token: priya.token })).statusCode).toBe(403);
    expect((await api('GET', STUDENTS)).statusCode).toBe(401);
    for (const tutor of [asha, ravi]) {
      expect((await api('POST', STUDENTS, { token: tutor.token, body: AARAV })).statusCode).toBe(
        201,
      );
    }
    const ravis = await api('GET', STUDENTS, { token: ravi.token });
    expect(ravis.json().count).toBe(1);
  });

  it('adds a phone once when the same student is added many times at once', async () => {
    const { asha } = await t.demo();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => api('POST', STUDENTS, { token: asha.token, body: AARAV })),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().message).toBe(m.duplicate);
    expect(await rows()).toHaveLength(1);
  });

  const CSV = [
    '\uFEFFPhone,Name,Parent Phone,Parent Name,Batch,Plan',
    '9876500001,Aarav Sharma,9876500002,Neha Sharma,Class 10,',
    '98765,Bad Phone,,,,',
    '9876500003,Diya Patel,,,Class 9,',
    '',
    '+919876500003,Diya Again,,,,',
    '9876500004,Kabir Rao,,Meera Rao,,Monthly 2000',
    '9876500005,Ishaan Gupta,,,,',
  ].join('\r\n');

  it('checks every row of a CSV and lists each problem by row, writing nothing', async () => {
    const { asha } = await t.demo();
    await api('POST', STUDENTS, {
      token: asha.token,
      body: { name: 'Ishaan Gupta', phone: '9876500005' },
    });
    const res = await api('POST', IMPORT, {
      token: asha.token,
      body: { csv: CSV, accept: 'check' },
    });
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({ valid: 2, invalid: 4, imported: 0 });
    const problems = Object.fromEntries(
      report.rows.map((r: { row: number; errors: unknown[] }) => [r.row, r.errors]),
    );
    // D236: each row's problem carries its text's code.
    expect(problems).toEqual({
      2: [],
      3: [{ field: 'phone', message: messages.validation.phone, code: 'validation.phone' }],
      4: [],
      6: [{ field: 'phone', message: m.duplicateInFile(4), code: 'api.duplicateInFile' }],
      7: [
        { field: 'parent_phone', message: m.parentPhoneRequired, code: 'api.parentPhoneRequired' },
        { field: 'plan', message: m.noPlan('Monthly 2000'), code: 'api.noPlan' },
      ],
      8: [{ field: 'phone', message: m.duplicate, code: 'api.duplicate' }],
    });
    expect(report.rows[0]).toEqual({
      row: 2,
      name: 'Aarav Sharma',
      phone: '9876500001',
      parent_name: 'Neha Sharma',
      parent_phone: '9876500002',
      batch: 'Class 10',
      errors: [],
      imported: false,
      repeat_of: null,
    });
    expect(await rows()).toHaveLength(1);
  });

  it("'all' writes nothing while a row has a problem; 'valid' writes the good rows only", async () => {
    const { asha } = await t.demo();
    const all = await api('POST', IMPORT, { token: asha.token, body: { csv: CSV, accept: 'all' } });
    expect(all.statusCode).toBe(400);
    expect(all.json().message).toBe(m.importInvalid(3));
    expect(await rows()).toEqual([]);

    const valid = await api('POST', IMPORT, {
      token: asha.token,
      body: { csv: CSV, accept: 'valid' },
    });
    expect(valid.statusCode).toBe(200);
    expect(valid.json()).toMatchObject({ valid: 3, invalid: 3, imported: 3 });
    const written = (await rows()).map((r) => r.phone).sort();
    expect(written).toEqual(['9876500001', '9876500003', '9876500005']);

    const clean = ['name,phone', 'Tara Nair,9876500006', 'Vihaan Das,9876500007'].join('\n');
    const ok = await api('POST', IMPORT, {
      token: asha.token,
      body: { csv: clean, accept: 'all' },
    });
    expect(ok.json()).toMatchObject({ valid: 2, invalid: 0, imported: 2 });
    expect(await rows()).toHaveLength(5);
  });

  it("a row's plan names a running batch plan: the student joins its batch", async () => {
    const { asha } = await t.demo();
    const plan = (body: Record<string, unknown>) =>
      api('POST', '/api/v1/fee-plans/', { token: asha.token, body });
    const monthly = { kind: 'monthly', amount: 2000, due_day: 5, start_month: '2025-02' };
    expect(
      (await plan({ ...monthly, name: 'Class 10 monthly', batch: 'Class 10' })).statusCode,
    ).toBe(201);
    const csv = [
      'name,phone,batch,plan',
      'Aarav Sharma,9876500001,,class 10 MONTHLY',
      'Diya Patel,9876500003,Class 9,Class 10 monthly',
      'Kabir Rao,9876500004,,Class 11 monthly',
    ].join('\n');
    const res = await api('POST', IMPORT, { token: asha.token, body: { csv, accept: 'valid' } });
    expect(res.json().rows).toMatchObject([
      { row: 2, batch: 'Class 10', errors: [], imported: true },
      {
        row: 3,
        errors: [{ field: 'plan', message: m.planOtherBatch('Class 10 monthly', 'Class 10') }],
      },
      { row: 4, errors: [{ field: 'plan', message: m.noPlan('Class 11 monthly') }] },
    ]);
    expect((await rows()).map((r) => [r.name, r.batch])).toEqual([['Aarav Sharma', 'Class 10']]);
  });

  it('imports each phone once when the same file is imported at once', async () => {
    const { asha } = await t.demo();
    const csv = [
      'name,phone',
      ...Array.from(
        { length: 30 },
        (_, i) => `Student ${'ABCDEFGHIJKLMNOPQRSTUVWXYZabcd'[i]},${9_876_510_000 + i}`,
      ),
    ].join('\n');
    const valid = await Promise.all(
      Array.from({ length: 4 }, () =>
        api('POST', IMPORT, { token: asha.token, body: { csv, accept: 'valid' } }),
      ),
    );
    expect(valid.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const imported = valid.map((r) => r.json().imported as number);
    expect(imported.reduce((a, b) => a + b, 0)).toBe(30);
    expect(await rows()).toHaveLength(30);

    const other = csv.replaceAll('98765', '98764');
    const all = await Promise.all(
      Array.from({ length: 4 }, () =>
        api('POST', IMPORT, { token: asha.token, body: { csv: other, accept: 'all' } }),
      ),
    );
    const statuses = all.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.every((s) => s === 200 || s === 400 || s === 409)).toBe(true);
    expect(await rows()).toHaveLength(60);
  });

  it('refuses a file it cannot use with a clear message', async () => {
    const { asha } = await t.demo();
    const many = [
      'name,phone',
      ...Array.from({ length: STUDENT_IMPORT_MAX_ROWS + 1 }, () => 'A,9876500001'),
    ];
    const cases: [string, string][] = [
      [
        'Aarav Sharma,9876500001',
        m.csvHeader('name, phone, parent name, parent phone, batch, plan'),
      ],
      ['name,phone\n\n', m.csvEmpty],
      ['', m.csvHeader('name, phone, parent name, parent phone, batch, plan')],
      ['name,phone\n"Aarav,9876500001', m.csvUnreadable],
      [many.join('\n'), m.csvTooMany],
    ];
    for (const [csv, message] of cases) {
      const res = await api('POST', IMPORT, { token: asha.token, body: { csv, accept: 'check' } });
      expect({
        csv: csv.slice(0, 40),
        status: res.statusCode,
        message: res.json().message,
      }).toEqual({ csv: csv.slice(0, 40), status: 400, message });
    }
    const badAccept = await api('POST', IMPORT, {
      token: asha.token,
      body: { csv: 'name,phone', accept: 'some' },
    });
    expect(badAccept.statusCode).toBe(400);
    expect(await rows()).toEqual([]);
  });
});
