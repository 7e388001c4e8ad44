// `npm run bench -- dues` (issue 14): a month of dues for 10,000 students on PostgreSQL: one
// tutor, one batch of 10,000 on a monthly plan, the dues job run once (then again, which must
// write nothing). Printed beside a reference measured in the same run on the same database:
// 10,000 rows of the same shape written by one INSERT ... SELECT generate_series (the floor for
// writing that much). Then one reminder pass three days before the due day (D148): 10,000
// payers, each a slot, a payment link, a queued text and the day's counts (D210) in one
// transaction (then again, which must send nothing), beside one INSERT ... SELECT of 10,000 text
// rows. The tutor's students are confirmed and half of them have paid the tutor (so the daily
// cap lets all 10,000 through); past WhatsApp's default ceiling of 1,000, SMS carries the rest.
import type postgres from 'postgres';
import { openDatabase, openPostgres, type Database } from '../../src/server/db/client';
import { loadConfig } from '../../src/server/config';
import * as schema from '../../src/server/db/schema';
import { createDueLinkService } from '../../src/server/services/dueLinks';
import { createDueService } from '../../src/server/services/dues';
import { createPaymentLinkService } from '../../src/server/services/paymentLinks';
import { createReminderService } from '../../src/server/services/reminders';
import { createTextMessageService } from '../../src/server/services/textMessages';
import { createUserRepository } from '../../src/server/users';

const STUDENTS = 10_000;

export interface DuesFigures {
  students: number;
  created: number;
  ms: number;
  queries: number;
  again: { created: number; ms: number; queries: number };
  referenceMs: number;
  reminders: {
    sent: number;
    ms: number;
    queries: number;
    jobs: number;
    again: { sent: number; ms: number; queries: number };
    referenceMs: number;
  };
}

export async function duesBench(url: string): Promise<DuesFigures> {
  const opened = await openDatabase({ databaseUrl: url, dataDir: '' });
  await opened.close();
  let queries = 0;
  const { client: raw, db } = openPostgres(url, 10, { logQuery: () => void (queries += 1) });
  try {
    const now = new Date('2025-01-20T06:00:00Z');
    const [tutor] = await db
      .insert(schema.users)
      .values({ phone: '9000000001', role: 'teacher', firstName: 'Bench', lastName: 'Tutor' })
      .returning();
    // D210: phones the tutor vouched for, and a tutor half of whose students have paid them
    // through us already, so their daily cap (twice those) lets the whole pass through.
    await raw.unsafe(
      `insert into tutor_students (tutor_id, name, phone, batch, created_at, confirmed_at)
       select $1, 'Student ' || n, (7000000000 + n)::text, 'Class 10', '2025-01-01', '2025-01-01'
       from generate_series(1, $2) as n`,
      [tutor!.id, STUDENTS],
    );
    await raw.unsafe(
      `insert into users (phone, role) select (6000000000 + n)::text, 'student'
       from generate_series(1, $1) as n`,
      [STUDENTS / 2],
    );
    await raw.unsafe(
      `insert into orders (id, payer_id, payee_id, base_amount, fee, charges, total,
         payment_method, settlement_type, status, paid_at)
       select 'bench_' || id, id, $1, 100, 0, 0, 100, 'upi', 'STANDARD', 'PAID', '2025-01-10'
       from users where phone like '6%'`,
      [tutor!.id],
    );
    await db.insert(schema.feePlans).values({
      tutorId: tutor!.id,
      name: 'Class 10 monthly',
      kind: 'monthly',
      batch: 'Class 10',
      amount: 200_000,
      dueDay: 5,
      startMonth: '2025-02',
    });
    // Generating dues sends no job (settling one by hand does).
    const jobs = { send: async () => undefined };
    const service = createDueService({ db, clock: { now: () => now }, jobs });
    const run = async () => {
      queries = 0;
      const started = performance.now();
      const { created } = await service.generate();
      return { created, ms: performance.now() - started, queries };
    };
    const first = await run();
    const again = await run();
    // Statistics, as autovacuum keeps them on a database in use (else the planner guesses).
    await raw.unsafe('analyze');
    const reminders = await reminderPass(
      db,
      raw,
      tutor!.id,
      () => queries,
      (n) => (queries = n),
    );

    await raw.unsafe('create table bench_rows (like dues including defaults)');
    const started = performance.now();
    await raw.unsafe(
      `insert into bench_rows (tutor_id, plan_id, student_id, period, due_date, amount)
       select 1, 1, n, '2025-02', '2025-02-05', 200000 from generate_series(1, $1) as n`,
      [STUDENTS],
    );
    const referenceMs = performance.now() - started;
    await raw.unsafe('drop table bench_rows');
    return { students: STUDENTS, ...first, again, referenceMs, reminders };
  } finally {
    await raw.end();
  }
}

/** One reminder pass on 2 February, 10:00 IST (three days before the due day), then again. */
async function reminderPass(
  db: Database,
  raw: postgres.Sql,
  tutorId: number,
  queries: () => number,
  setQueries: (n: number) => void,
): Promise<DuesFigures['reminders']> {
  await db
    .insert(schema.pgOnboarding)
    .values({ userId: tutorId, pgName: 'cashfree', status: 'ACTIVE' });
  const clock = { now: () => new Date('2025-02-02T04:30:00Z') };
  let jobs = 0;
  // The texts' jobs would go to pg-boss (one insert each); counted, not sent.
  const queue = { send: async () => void (jobs += 1) };
  const users = createUserRepository(db);
  const unused = () => {
    throw new Error('the reminder pass neither closes checkouts nor sends texts itself');
  };
  const paymentLinks = createPaymentLinkService({
    db,
    clock,
    users,
    orders: { closeLinkCheckouts: unused },
    jobs: queue,
    publicOrigin: 'http://127.0.0.1',
  });
  const service = createReminderService({
    db,
    clock,
    dueLinks: createDueLinkService({ db, clock, jobs: queue, users, paymentLinks }),
    perDay: loadConfig({}).remindersPerDay,
    textMessages: createTextMessageService({
      db,
      clock,
      sms: { send: unused },
      whatsapp: { send: unused },
      jobs: queue,
    }),
  });
  const run = async () => {
    setQueries(0);
    const started = performance.now();
    const outcome = await service.run();
    if ('outsideHours' in outcome) throw new Error('reminderPass: 10:00 IST is within the hours');
    return { sent: outcome.sent, ms: performance.now() - started, queries: queries() };
  };
  const first = await run();
  const sentJobs = jobs;
  const again = await run();

  await raw.unsafe('create table bench_texts (like sms_messages including defaults)');
  const started = performance.now();
  await raw.unsafe(
    `insert into bench_texts (id, phone, template, vars, status)
     select n, (7000000000 + n)::text, 'feeReminder', '{"amount": "2,000.00"}', 'queued'
     from generate_series(1, $1) as n`,
    [STUDENTS],
  );
  const referenceMs = performance.now() - started;
  await raw.unsafe('drop table bench_texts');
  return { ...first, jobs: sentJobs, again, referenceMs };
}
