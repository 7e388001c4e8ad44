// A tutor's fee plans (issue 14, D145): made for one of the tutor's students or a batch, listed
// newest first, changed or ended when the tutor says (D152: either touches future dues only).
// A running plan's name is unique per tutor: the database's partial unique index decides
// between racing requests.
import { coded } from '../../domain/texts';
import { and, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import {
  checkFeePlan,
  checkFeePlanChange,
  type FeePlanChangeInput,
  type FeePlanInput,
} from '../../domain/feePlans';
import { istDateKey } from '../../domain/time';
import type { JobQueue } from '../jobs/queue';
import { paiseToRupees } from '../../domain/money';
import { studentsTexts } from '../../domain/studentsTexts';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { dues, feePlans, tutorStudents, type FeePlanRow, type UserRow } from '../db/schema';
import { batchKey } from '../../domain/students';
import { isUniqueViolation } from './dbErrors';
import { dropUntouchedFutureDues, untouchedFutureDues } from './futureDues';
import { endMandatesOfPlan } from './mandates';
import { OPEN_DUE_STATUSES } from '../../domain/dues';
import { endLinksForDues } from './dueLinks';
import { offsetOf, pageOf, type PageRequest } from './pages';
import { refuse, refuseField, success, type Refusal, type Result } from './results';
import { dueAmountFor, planAmountRefusal } from './taxProfiles';
import { tutorOnly } from './tutorOnly';

/** The largest due a plan makes (an instalment, or its amount). */
const largestDueOf = (plan: { amount: number; instalments: { amount: number }[] | null }) =>
  plan.instalments ? Math.max(...plan.instalments.map((part) => part.amount)) : plan.amount;

type FeePlan = components['schemas']['FeePlan'];
type FeePlanPage = components['schemas']['FeePlanPage'];

const m = studentsTexts.plans;
const NAME_INDEX = 'fee_plans_tutor_name_idx';

/** D232, D234: whom a plan reaches now: its student's name, how many current students. */
interface Reach {
  studentName: string | null;
  students: number;
}

const toApi = (plan: FeePlanRow, reach: Reach): FeePlan => ({
  id: plan.id,
  name: plan.name,
  kind: plan.kind,
  student_id: plan.studentId,
  student_name: reach.studentName,
  batch: plan.batch,
  students: reach.students,
  amount: paiseToRupees(plan.amount),
  due_day: plan.dueDay,
  start_month: plan.startMonth,
  end_month: plan.endMonth,
  due_date: plan.dueDate,
  instalments:
    plan.instalments?.map((p) => ({ due_date: p.dueDate, amount: paiseToRupees(p.amount) })) ??
    null,
  partial_minimum: plan.partialMinimum === null ? null : paiseToRupees(plan.partialMinimum),
  reminder_days: plan.reminderDays,
  created_at: plan.createdAt.toISOString(),
  ended_at: plan.endedAt?.toISOString() ?? null,
});

/** The first of a plan's problems, at its field. */
const planRefusal = (errors: { field: string; message: string; code: string }[]): Refusal<400> =>
  refuseField(400, errors[0]!.field, errors[0]!);

/**
 * The current students a plan reaches (D234: its batch by key) and its student's name. Written
 * out with the plan's table named: Drizzle leaves a one-table query's columns unqualified, which
 * inside the subquery would name the student's own columns.
 */
const reach = {
  studentName: sql<
    string | null
  >`(select s.name from tutor_students s where s.id = "fee_plans"."student_id")`,
  students:
    sql<number>`(select count(*) from tutor_students s where s.tutor_id = "fee_plans"."tutor_id" and s.left_at is null and (s.id = "fee_plans"."student_id" or s.batch_key = "fee_plans"."batch_key"))`.mapWith(
      Number,
    ),
};

export function createFeePlanService({
  db,
  clock,
  jobs,
}: {
  db: Database;
  clock: Clock;
  jobs: Pick<JobQueue, 'send'>;
}) {
  /** The caller's plan, locked, or why not. */
  async function runningPlan(tx: Database, caller: UserRow, id: number) {
    const [plan] = await tx
      .select()
      .from(feePlans)
      .where(and(eq(feePlans.id, id), eq(feePlans.tutorId, caller.id)))
      .for('update');
    if (!plan) return refuse(404, coded(m).notFound);
    if (plan.endedAt) return refuse(409, coded(m).ended);
    return success(plan);
  }

  async function shown(tx: Database, id: number): Promise<FeePlan> {
    const [row] = await tx
      .select({ plan: feePlans, ...reach })
      .from(feePlans)
      .where(eq(feePlans.id, id));
    return toApi(row!.plan, row!);
  }

  return {
    async create(
      caller: UserRow,
      input: FeePlanInput,
    ): Promise<Result<FeePlan, 400 | 403 | 404 | 409>> {
      const refused = tutorOnly(caller);
      if (refused) return refused;
      const now = clock.now();
      const checked = checkFeePlan(input, now);
      if (!checked.ok) return planRefusal(checked.errors);
      const plan = checked.value;
      // D266: a tutor whose fees exclude GST has it added to each due; one payment must pay it.
      const tooLarge = await planAmountRefusal(db, caller.id, largestDueOf(plan));
      if (tooLarge) return tooLarge;
      if (plan.studentId !== null) {
        const [student] = await db
          .select({ id: tutorStudents.id })
          .from(tutorStudents)
          .where(
            and(
              eq(tutorStudents.id, plan.studentId),
              eq(tutorStudents.tutorId, caller.id),
              isNull(tutorStudents.leftAt),
            ),
          );
        if (!student) return refuseField(404, 'student_id', coded(m).noStudent);
      }
      try {
        const [row] = await db
          .insert(feePlans)
          .values({ tutorId: caller.id, ...plan, batchKey: batchKey(plan.batch), createdAt: now })
          .returning();
        if (!row) throw new Error('createFeePlan: the plan was not inserted');
        return success(await shown(db, row.id));
      } catch (error) {
        if (isUniqueViolation(error, NAME_INDEX)) {
          return refuseField(409, 'name', coded(m).duplicate(plan.name));
        }
        throw error;
      }
    },

    async list(caller: UserRow, request: PageRequest): Promise<Result<FeePlanPage, 403>> {
      const refused = tutorOnly(caller);
      if (refused) return refused;
      const mine = eq(feePlans.tutorId, caller.id);
      const [total] = await db.select({ n: count() }).from(feePlans).where(mine);
      const rows = await db
        .select({ plan: feePlans, ...reach })
        .from(feePlans)
        .where(mine)
        .orderBy(desc(feePlans.createdAt), desc(feePlans.id))
        .limit(request.pageSize)
        .offset(offsetOf(request));
      return success(
        pageOf(
          rows.map((row) => toApi(row.plan, row)),
          total?.n ?? 0,
          request,
        ),
      );
    },

    /**
     * D152: changes a running plan. Dues already due, or touched (part paid, settled, waived),
     * stay as they were; the ones still ahead take the new fee and due day; D235: those after
     * a new last month go.
     */
    async change(
      caller: UserRow,
      id: number,
      input: FeePlanChangeInput,
    ): Promise<Result<FeePlan, 400 | 403 | 404 | 409>> {
      const refused = tutorOnly(caller);
      if (refused) return refused;
      const now = clock.now();
      const today = istDateKey(now);
      try {
        return await db.transaction(async (tx) => {
          const found = await runningPlan(tx, caller, id);
          if (!found.ok) return found;
          const checked = checkFeePlanChange(found.value, input, now);
          if (!checked.ok) return planRefusal(checked.errors);
          const next = checked.value;
          const tooLarge = await planAmountRefusal(tx, caller.id, largestDueOf(next));
          if (tooLarge) return tooLarge;
          const dueAmount = await dueAmountFor(tx, caller.id, next.amount);
          const [row] = await tx
            .update(feePlans)
            .set({
              name: next.name,
              amount: next.amount,
              dueDay: next.dueDay,
              endMonth: next.endMonth,
              partialMinimum: next.partialMinimum,
              reminderDays: next.reminderDays,
            })
            .where(eq(feePlans.id, id))
            .returning();
          if (next.endMonth !== null && next.endMonth !== found.value.endMonth) {
            await dropUntouchedFutureDues(
              tx,
              jobs,
              and(eq(dues.planId, id), gt(dues.period, next.endMonth)),
              today,
            );
          }
          // D206: a link for a part the plan no longer takes ends (the payment, if it comes
          // anyway, is refunded); the next link follows the new rule.
          const was = found.value.partialMinimum;
          const narrower =
            was !== null && (next.partialMinimum === null || next.partialMinimum > was);
          if (narrower) {
            const open = await tx
              .select({ id: dues.id })
              .from(dues)
              .where(and(eq(dues.planId, id), inArray(dues.status, OPEN_DUE_STATUSES)))
              .for('update');
            await endLinksForDues(
              tx,
              jobs,
              open.map((due) => due.id),
            );
          }
          const rewrites = next.amount !== found.value.amount || next.dueDay !== found.value.dueDay;
          if (rewrites && next.kind !== 'instalments') {
            for (const due of await untouchedFutureDues(tx, jobs, eq(dues.planId, id), today)) {
              // A month's due moves to the new day, unless that day has passed already.
              const moved =
                next.kind === 'monthly'
                  ? `${due.period}-${String(next.dueDay).padStart(2, '0')}`
                  : due.dueDate;
              await tx
                .update(dues)
                .set({ amount: dueAmount, dueDate: moved > today ? moved : due.dueDate })
                .where(eq(dues.id, due.id));
            }
          }
          return success(await shown(tx, row!.id));
        });
      } catch (error) {
        if (isUniqueViolation(error, NAME_INDEX)) {
          return refuseField(409, 'name', coded(m).duplicate(input.name ?? ''));
        }
        throw error;
      }
    },

    /** Ends a running plan: it makes no more dues, and those not yet due go. Once only. */
    async end(caller: UserRow, id: number): Promise<Result<FeePlan, 403 | 404 | 409>> {
      const refused = tutorOnly(caller);
      if (refused) return refused;
      const today = istDateKey(clock.now());
      return db.transaction(async (tx) => {
        const found = await runningPlan(tx, caller, id);
        if (!found.ok) return found;
        await dropUntouchedFutureDues(tx, jobs, eq(dues.planId, id), today);
        await tx.update(feePlans).set({ endedAt: clock.now() }).where(eq(feePlans.id, id));
        // Issue 49 (D248): its Autopay mandates end too.
        await endMandatesOfPlan(tx, jobs, id);
        return success(await shown(tx, id));
      });
    },
  };
}

export type FeePlanService = ReturnType<typeof createFeePlanService>;
