// `npm run bench -- dues [--students N]` (issues 14, 51): a month of dues for 10,000 students
// (or N) on PostgreSQL: one tutor, one batch on a monthly plan, the dues job run once (then
// again, which must write nothing). Printed beside a reference measured in the same run on the
// same database: as many rows of the same shape written by one INSERT ... SELECT
// generate_series (the floor for writing that much). Then one reminder pass three days before
// the due day (D148, D275): every payer a slot, a payment link, a queued text and its pg-boss
// job, in batches of REMINDER_BATCH_SIZE (then again, which must send nothing), beside one
// INSERT ... SELECT of as many text rows; the memory the work took and kept, the database's
// size. The tutor's students are confirmed and half of them have paid the tutor (so the daily
// cap lets all of them through); past WhatsApp's default ceiling of 1,000, SMS carries the rest.
import type postgres from 'postgres';
import { openDatabase, openPostgres, type Database } from '../../src/server/db/client';
import { loadConfig } from '../../src/server/config';
import * as schema from '../../src/server/db/schema';
import { createJobQueue } from '../../src/server/jobs/queue';
import { createDueService } from '../../src/server/services/dues';
import { createPaymentLinkService } from '../../src/server/services/paymentLinks';
import { createReminderPass } from '../../src/server/services/reminderPass';
import { createUserRepository } from '../../src/server/users';
import {
  DEV_DATA_ENCRYPTION_KEYS,
  createSealer,
  parseKeyring,
} from '../../src/server/crypto/sealing';
import { DEV_APP_SECRET } from '../../src/server/config';
import { createPanStore } from '../../src/server/services/pans';

/** The bench's size unless `--students N` says otherwise. */
export const STUDENTS = 10_000;

/** Memory in MB; `kept`: heap in use after a collection, end minus start (null without gc). */
export interface Rss {
  before: number;
  peak: number;
  kept: number | null;
}

export interface DuesFigures {
  students: number;
  /** The database's size once the dues and the pass are written, MB. */
  databaseMb: number;
  /** The bench process's resident memory, MB: before the dues job, and its peak since. */
  rss: Rss;
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
    /** The bench process's resident memory, MB, at the pass's start and its peak during it. */
    rss: Rss;
  };
}

const mb = (n: number) => Math.round(n / 1024 / 1024);
/**
 * Samples the resident memory every 50 ms while `work` runs: at the start, its peak, and (when
 * node runs with --expose-gc, as `npm run bench` starts it) the heap in use after a collection
 * at the start and at the end, which is what the work kept.
 */
async function withPeakRss<T>(work: () => Promise<T>) {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  try {
    const value = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    gc?.();
    const kept = gc ? mb(process.memoryUsage().heapUsed - heapBefore) : null;
    return { value, rss: { before: mb(before), peak: mb(peak), kept } };
  } finally {
    clearInterval(timer);
  }
}

export async function duesBench(url: string, students = STUDENTS): Promise<DuesFigures> {
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
      [tutor!.id, students],
    );
    await raw.unsafe(
      `insert into users (phone, role) select (6000000000 + n)::text, 'student'
       from generate_series(1, $1) as n`,
      [Math.ceil(students / 2)],
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
    const measured = await withPeakRss(run);
    const first = measured.value;
    const again = await run();
    // Statistics, as autovacuum keeps them on a database in use (else the planner guesses).
    await raw.unsafe('analyze');
    const reminders = await reminderPass(
      db,
      raw,
      tutor!.id,
      students,
      () => queries,
      (n) => (queries = n),
    );

    await raw.unsafe('create table bench_rows (like dues including defaults)');
    const started = performance.now();
    await raw.unsafe(
      `insert into bench_rows (tutor_id, plan_id, student_id, period, due_date, amount)
       select 1, 1, n, '2025-02', '2025-02-05', 200000 from generate_series(1, $1) as n`,
      [students],
    );
    const referenceMs = performance.now() - started;
    await raw.unsafe('drop table bench_rows');
    const [{ size }] = await raw.unsafe<[{ size: string }]>(
      'select pg_database_size(current_database()) as size',
    );
    return {
      students,
      databaseMb: Math.round(Number(size) / 1024 / 1024),
      rss: measured.rss,
      ...first,
      again,
      referenceMs,
      reminders,
    };
  } finally {
    await raw.end();
  }
}

/**
 * One reminder pass on 2 February, 10:00 IST (three days before the due day), then again: the
 * service the worker runs, its texts' jobs written to pg-boss on the same database (counted
 * among the queries), in batches of REMINDER_BATCH_SIZE.
 */
async function reminderPass(
  db: Database,
  raw: postgres.Sql,
  tutorId: number,
  students: number,
  queries: () => number,
  setQueries: (n: number) => void,
): Promise<DuesFigures['reminders']> {
  await db
    .insert(schema.pgOnboarding)
    .values({ userId: tutorId, pgName: 'cashfree', status: 'ACTIVE' });
  const clock = { now: () => new Date('2025-02-02T04:30:00Z') };
  const jobs = await createJobQueue(db, {
    supervise: false,
    onError: (error) => console.error(error),
  });
  const pans = createPanStore({
    sealer: createSealer(parseKeyring(DEV_DATA_ENCRYPTION_KEYS)),
    secret: DEV_APP_SECRET,
  });
  const users = createUserRepository(db, pans);
  const unused = () => {
    throw new Error('the reminder pass closes no checkout');
  };
  const paymentLinks = createPaymentLinkService({
    db,
    clock,
    users,
    orders: { closeLinkCheckouts: unused },
    jobs,
    publicOrigin: 'http://127.0.0.1',
  });
  const config = loadConfig(process.env);
  const pass = createReminderPass({
    db,
    clock,
    jobs,
    users,
    paymentLinks,
    perDay: config.remindersPerDay,
    batchSize: config.reminderBatchSize,
  });
  try {
    const run = async () => {
      setQueries(0);
      const started = performance.now();
      const outcome = await pass.run();
      if ('outsideHours' in outcome) throw new Error('reminderPass: 10:00 IST is within the hours');
      return { sent: outcome.sent, ms: performance.now() - started, queries: queries() };
    };
    const measured = await withPeakRss(run);
    const [{ count }] = await raw.unsafe<[{ count: string }]>(
      `select count(*) from pgboss.job where name = 'sms-send'`,
    );
    const again = await run();

    await raw.unsafe('create table bench_texts (like sms_messages including defaults)');
    const started = performance.now();
    await raw.unsafe(
      `insert into bench_texts (id, phone, template, vars, status)
       select n, (7000000000 + n)::text, 'feeReminder', '{"amount": "2,000.00"}', 'queued'
       from generate_series(1, $1) as n`,
      [students],
    );
    const referenceMs = performance.now() - started;
    await raw.unsafe('drop table bench_texts');
    return {
      ...measured.value,
      jobs: Number(count),
      again,
      referenceMs,
      rss: measured.rss,
    };
  } finally {
    await jobs.stop();
  }
}
