// Dues (issue 14, D146): what each running plan makes, written ahead of time by the dues job
// (once per plan, student and period, whatever runs at the same time); a month at a glance for
// the tutor; a due settled by hand (cash or another way, with a note: no money moves) or
// waived, once.
import { coded } from '../../domain/texts';
import { and, asc, eq, gte, inArray, isNull, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import { duesFrom, plannedDues, shiftMonth } from '../../domain/feePlans';
import { dueStatusOn, isOverdue } from '../../domain/duesLedger';
import { withGstOnTop } from '../../domain/gstTax';
import { gstOnTopFor } from './taxProfiles';
import { paiseToRupees, rupeesToPaise } from '../../domain/money';
import { studentsTexts } from '../../domain/studentsTexts';
import { apiMessages } from '../../domain/apiMessages';
import { addIstDays, isIsoDate, istDateKey } from '../../domain/time';
import { OPEN_DUE_STATUSES } from '../../domain/dues';
import { tidyText } from '../../domain/validation';
import { toCsv } from './csv';
import { EXPORT_MAX_DAYS } from './paymentHistory';
import type { Clock } from '../clock';
import { selectRows, type Database } from '../db/client';
import { dues, feePlans, tutorStudents, type DueRow, type UserRow } from '../db/schema';
import { privacyTexts } from '../../domain/privacyTexts';
import type { JobQueue } from '../jobs/queue';
import { endLinksForDues, payerPhoneOf } from './dueLinks';
import { refuse, success, type Result } from './results';
import { tutorOnly } from './tutorOnly';

type DueMonth = components['schemas']['DueMonth'];
type Due = components['schemas']['Due'];
type DueMonths = components['schemas']['DueMonths'];

/** Dues are written this many days before they fall due (reminders start 3 days before). */
export const DUES_AHEAD_DAYS = 31;
/** The Dues tab's chart: this many months up to the one shown. */
const CHART_MONTHS = 6;
/** Rows per insert (issue 51: one JSON parameter, so no limit of bound parameters applies). */
const CHUNK = 10_000;

const m = studentsTexts.dues;

export function createDueService({
  db,
  clock,
  jobs,
}: {
  db: Database;
  clock: Clock;
  jobs: Pick<JobQueue, 'send'>;
}) {
  /** A due the tutor settles or waives: once, while it is open or partly paid. */
  async function close(
    caller: UserRow,
    id: number,
    change: Pick<DueRow, 'status' | 'settledBy' | 'note'>,
  ): Promise<Result<Due, 403 | 404 | 409>> {
    const refused = tutorOnly(caller);
    if (refused) return refused;
    const row = await db.transaction(async (tx) => {
      const [closed] = await tx
        .update(dues)
        .set({
          ...change,
          ...(change.status === 'paid' ? { paid: sql`${dues.amount}` } : {}),
          settledAt: clock.now(),
        })
        .where(
          and(
            eq(dues.id, id),
            eq(dues.tutorId, caller.id),
            inArray(dues.status, OPEN_DUE_STATUSES),
          ),
        )
        .returning({ id: dues.id });
      // D147: nothing is left to pay on the links made for this due.
      if (closed) await endLinksForDues(tx, jobs, [closed.id]);
      return closed;
    });
    if (!row) {
      const [exists] = await db
        .select({ id: dues.id })
        .from(dues)
        .where(and(eq(dues.id, id), eq(dues.tutorId, caller.id)));
      return exists ? refuse(409, coded(m).closed) : refuse(404, coded(m).notFound);
    }
    const [shown] = await rowsOf(caller.id, eq(dues.id, id));
    return success(shown!);
  }

  async function rowsOf(tutorId: number, where: SQL | undefined): Promise<Due[]> {
    const today = istDateKey(clock.now());
    const rows = await db
      .select({
        due: dues,
        student: tutorStudents.name,
        phone: tutorStudents.phone,
        payer: payerPhoneOf,
        batch: tutorStudents.batch,
        // D237: all the student owes (what a cash entry may be), named out: a subquery.
        owes: sql<string>`(select coalesce(sum(o.amount - o.paid), 0) from dues o where o.student_id = "dues"."student_id" and o.status in ('open', 'partly_paid'))`,
        erasedAt: tutorStudents.erasedAt,
        plan: feePlans.name,
      })
      .from(dues)
      .innerJoin(tutorStudents, eq(tutorStudents.id, dues.studentId))
      .innerJoin(feePlans, eq(feePlans.id, dues.planId))
      .where(and(eq(dues.tutorId, tutorId), where))
      .orderBy(asc(dues.dueDate), asc(tutorStudents.name), asc(dues.id));
    return rows.map(({ due, student, phone, payer, batch, owes, erasedAt, plan }) => ({
      id: due.id,
      student_id: due.studentId,
      // D322: an erased student's dues stay (paid ones are payments), their name and phone go.
      student_name: erasedAt ? privacyTexts.erased : student,
      student_phone: erasedAt ? null : phone,
      payer_phone: erasedAt ? '' : payer,
      batch,
      student_owes: paiseToRupees(Number(owes)),
      plan_id: due.planId,
      plan_name: plan,
      period: due.period,
      due_date: due.dueDate,
      amount: paiseToRupees(due.amount),
      paid: paiseToRupees(due.paid),
      left: paiseToRupees(due.status === 'waived' ? 0 : due.amount - due.paid),
      status: dueStatusOn(due, today),
      settled_by: due.settledBy,
      note: due.note,
    }));
  }

  return {
    /**
     * Writes every due that running plans (of `tutorId` only, if given) make up to
     * DUES_AHEAD_DAYS from now: hourly for all, and at once for a tutor who just made a plan or
     * added students, so the Dues tab shows them without waiting for the hour.
     */
    async generate({ tutorId }: { tutorId?: number } = {}): Promise<{ created: number }> {
      const horizon = addIstDays(istDateKey(clock.now()), DUES_AHEAD_DAYS);
      const plans = await db
        .select({ id: feePlans.id })
        .from(feePlans)
        .where(
          and(
            isNull(feePlans.endedAt),
            tutorId === undefined ? undefined : eq(feePlans.tutorId, tutorId),
          ),
        );
      let created = 0;
      for (const { id } of plans) {
        // D152: each plan's dues are written under a share lock on it, so a change or an end
        // of the plan (which lock it for update) waits, or is seen: no due at an old fee.
        created += await db.transaction(async (tx) => {
          const [plan] = await tx
            .select()
            .from(feePlans)
            .where(and(eq(feePlans.id, id), isNull(feePlans.endedAt)))
            .for('share');
          if (!plan) return 0;
          // D266: a due carries GST on top when its tutor is registered and fees exclude it.
          const gstOnTop = await gstOnTopFor(tx, plan.tutorId);
          // D230, D234: the current students of its batch (by key), or its one student.
          const students = await tx
            .select({
              id: tutorStudents.id,
              batchSince: tutorStudents.batchSince,
              activeSince: tutorStudents.activeSince,
            })
            .from(tutorStudents)
            .where(
              and(
                eq(tutorStudents.tutorId, plan.tutorId),
                isNull(tutorStudents.leftAt),
                // D322: an erased student owes nothing more through us.
                isNull(tutorStudents.erasedAt),
                plan.studentId === null
                  ? eq(tutorStudents.batchKey, plan.batchKey ?? '')
                  : eq(tutorStudents.id, plan.studentId),
              ),
            );
          // Issue 51 (D276): the plan's dues worked out once; each student owes those from when
          // they joined the batch or came back (D230: nothing from before), written CHUNK rows
          // a statement as one JSON parameter.
          const planned = plannedDues(plan, horizon);
          const values = students.flatMap((student) => {
            const from = duesFrom(plan, student);
            return planned
              .filter((due) => due.dueDate >= from)
              .map((due) => ({
                s: student.id,
                p: due.period,
                d: due.dueDate,
                a: gstOnTop ? withGstOnTop(due.amount) : due.amount,
              }));
          });
          let written = 0;
          for (let i = 0; i < values.length; i += CHUNK) {
            const rows = await selectRows<{ id: number }>(
              tx,
              sql`insert into dues (tutor_id, plan_id, student_id, period, due_date, amount)
                select ${plan.tutorId}, ${plan.id}, s, p, d, a
                from json_to_recordset(${JSON.stringify(values.slice(i, i + CHUNK))}::json)
                  as v(s int, p text, d text, a bigint)
                on conflict do nothing
                returning id`,
            );
            written += rows.length;
          }
          return written;
        });
      }
      return { created };
    },

    /** Issue 14: one student's history, every due oldest first, and what is owed by today. */
    async ofStudent(
      caller: UserRow,
      studentId: number,
    ): Promise<Result<components['schemas']['StudentDues'], 403 | 404>> {
      const refused = tutorOnly(caller);
      if (refused) return refused;
      const [student] = await db
        .select({ id: tutorStudents.id })
        .from(tutorStudents)
        .where(and(eq(tutorStudents.id, studentId), eq(tutorStudents.tutorId, caller.id)));
      if (!student) return refuse(404, coded(studentsTexts).plans.noStudent);
      const results = await rowsOf(caller.id, eq(dues.studentId, studentId));
      const owed = results
        .filter((due) => isOverdue(due.status) || due.due_date === istDateKey(clock.now()))
        .reduce((sum, due) => sum + rupeesToPaise(due.left), 0);
      return success({ results, owed: paiseToRupees(owed) });
    },

    /** One month (YYYY-MM, by due date) at a glance, and what earlier months left open. */
    async month(caller: UserRow, month: string): Promise<Result<DueMonth, 403>> {
      const refused = tutorOnly(caller);
      if (refused) return refused;
      const first = `${month}-01`;
      // Dates are 'YYYY-MM-DD' text: every day of the month sorts below day '32'.
      const after = `${month}-32`;
      const list = await rowsOf(caller.id, and(gte(dues.dueDate, first), lt(dues.dueDate, after)));
      const [earlier] = await db
        .select({ left: sql<string>`coalesce(sum(${dues.amount} - ${dues.paid}), 0)` })
        .from(dues)
        .where(
          and(
            eq(dues.tutorId, caller.id),
            lt(dues.dueDate, first),
            inArray(dues.status, OPEN_DUE_STATUSES),
          ),
        );
      const counted = list.filter((d) => d.status !== 'waived');
      const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100;
      const expected = sum(counted.map((d) => d.amount));
      const collected = sum(counted.map((d) => d.paid));
      return success({
        month,
        expected,
        collected,
        outstanding: sum([expected, -collected]),
        carried_forward: paiseToRupees(Number(earlier?.left ?? 0)),
        overdue: list.filter((d) => isOverdue(d.status)).length,
        results: list,
      });
    },

    /** The 6 months up to `month`, oldest first: expected (not waived) and collected. */
    async months(caller: UserRow, month: string): Promise<Result<DueMonths, 403>> {
      const refused = tutorOnly(caller);
      if (refused) return refused;
      const months = Array.from({ length: CHART_MONTHS }, (_, i) =>
        shiftMonth(month, i - CHART_MONTHS + 1),
      );
      const key = sql<string>`substr(${dues.dueDate}, 1, 7)`;
      const rows = await db
        .select({
          month: key,
          expected: sql<string>`sum(${dues.amount})`,
          collected: sql<string>`sum(${dues.paid})`,
        })
        .from(dues)
        .where(
          and(
            eq(dues.tutorId, caller.id),
            ne(dues.status, 'waived'),
            gte(dues.dueDate, `${months[0]}-01`),
            lt(dues.dueDate, `${month}-32`),
          ),
        )
        .groupBy(key);
      const byMonth = new Map(rows.map((row) => [row.month, row]));
      return success({
        results: months.map((m) => ({
          month: m,
          expected: paiseToRupees(Number(byMonth.get(m)?.expected ?? 0)),
          collected: paiseToRupees(Number(byMonth.get(m)?.collected ?? 0)),
        })),
      });
    },

    /** The ledger of dues falling due `from`..`to` (IST days) as CSV, oldest first. */
    async exportCsv(
      caller: UserRow,
      query: { from: string; to: string },
    ): Promise<Result<{ fileName: string; csv: string }, 400 | 403>> {
      const refused = tutorOnly(caller);
      if (refused) return refused;
      if (!isIsoDate(query.from) || !isIsoDate(query.to)) {
        return refuse(400, coded(apiMessages).paymentHistory.dateInvalid);
      }
      if (query.from > query.to) return refuse(400, coded(apiMessages).paymentHistory.rangeOrder);
      if (addIstDays(query.from, EXPORT_MAX_DAYS - 1) < query.to) {
        return refuse(400, coded(apiMessages).paymentHistory.rangeTooLong(EXPORT_MAX_DAYS));
      }
      const list = await rowsOf(
        caller.id,
        and(gte(dues.dueDate, query.from), lte(dues.dueDate, query.to)),
      );
      const money = (rupees: number) => rupees.toFixed(2);
      const c = m.csv;
      return success({
        fileName: `tuitionpay-dues-${query.from}-to-${query.to}.csv`,
        csv: toCsv([
          [
            c.dueDate,
            c.student,
            c.phone,
            c.plan,
            c.period,
            c.amount,
            c.paid,
            c.left,
            c.status,
            c.settledBy,
            c.note,
          ],
          ...list.map((due) => [
            due.due_date,
            due.student_name,
            due.student_phone ?? '',
            due.plan_name,
            due.period,
            money(due.amount),
            money(due.paid),
            money(due.left),
            c.statuses[due.status],
            due.settled_by ? c.settledHow[due.settled_by] : '',
            due.note ?? '',
          ]),
        ]),
      });
    },

    settle: (caller: UserRow, id: number, how: 'cash' | 'other', note: string | null) =>
      close(caller, id, { status: 'paid', settledBy: how, note: tidyText(note ?? '') || null }),

    waive: (caller: UserRow, id: number, note: string | null) =>
      close(caller, id, {
        status: 'waived',
        settledBy: 'waived',
        note: tidyText(note ?? '') || null,
      }),
  };
}

export type DueService = ReturnType<typeof createDueService>;
