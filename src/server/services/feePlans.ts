// A tutor's fee plans (issue 14, D145): made for one of the tutor's students or a batch, listed
// newest first, changed or ended when the tutor says (D152: either touches future dues only).
// A running plan's name is unique per tutor: the database's partial unique index decides
// between racing requests.
import { and, count, desc, eq, gt, inArray } from 'drizzle-orm';
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
import { isUniqueViolation } from './dbErrors';
import { endMandatesOfPlan } from './mandates';
import { OPEN_DUE_STATUSES } from '../../domain/dues';
import { endLinksForDues } from './dueLinks';
import { offsetOf, pageOf, type PageRequest } from './pages';
import { refuse, success, type Result } from './results';
import { dueAmountFor, planAmountRefusal } from './taxProfiles';
import { tutorOnly } from './tutorOnly';

/** The largest due a plan makes (an instalment, or its amount). */
const largestDueOf = (plan: { amount: number; instalments: { amount: number }[] | null }) =>
  plan.instalments ? Math.max(...plan.instalments.map((part) => part.amount)) : plan.amount;

type FeePlan = components['schemas']['FeePlan'];
type FeePlanPage = components['schemas']['FeePlanPage'];

const m = studentsTexts.plans;
const NAME_INDEX = 'fee_plans_tutor_name_idx';

const toApi = (plan: FeePlanRow): FeePlan => ({
  id: plan.id,
  name: plan.name,
  kind: plan.kind,
  student_id: plan.studentId,
  batch: plan.batch,
  amount: paiseToRupees(plan.amount),
  due_day: plan.dueDay,
  start_month: plan.startMonth,
  due_date: plan.dueDate,
  instalments:
    plan.instalments?.map((p) => ({ due_date: p.dueDate, amount: paiseToRupees(p.amount) })) ??
    null,
  partial_minimum: plan.partialMinimum === null ? null : paiseToRupees(plan.partialMinimum),
  reminder_days: plan.reminderDays,
  created_at: plan.createdAt.toISOString(),
  ended_at: plan.endedAt?.toISOString() ?? null,
});

/**
 * D152: the plan's dues not yet due and untouched (open, nothing paid), locked; the dues a
 * change rewrites and an end removes. Their links end too: none asks for an old amount.
 */
async function futureDuesOf(
  tx: Database,
  jobs: Pick<JobQueue, 'send'>,
  planId: number,
  today: string,
) {
  const future = await tx
    .select()
    .from(dues)
    .where(
      and(
        eq(dues.planId, planId),
        gt(dues.dueDate, today),
        eq(dues.status, 'open'),
        eq(dues.paid, 0),
      ),
    )
    .for('update');
  await endLinksForDues(
    tx,
    jobs,
    future.map((due) => due.id),
  );
  return future;
}

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
    if (!plan) return refuse(404, m.notFound);
    if (plan.endedAt) return refuse(409, m.ended);
    return success(plan);
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
      if (!checked.ok) return refuse(400, checked.message);
      const plan = checked.value;
      // D266: a tutor whose fees exclude GST has it added to each due; one payment must pay it.
      const tooLarge = await planAmountRefusal(db, caller.id, largestDueOf(plan));
      if (tooLarge) return tooLarge;
      if (plan.studentId !== null) {
        const [student] = await db
          .select({ id: tutorStudents.id })
          .from(tutorStudents)
          .where(and(eq(tutorStudents.id, plan.studentId), eq(tutorStudents.tutorId, caller.id)));
        if (!student) return refuse(404, m.noStudent);
      }
      try {
        const [row] = await db
          .insert(feePlans)
          .values({ tutorId: caller.id, ...plan, createdAt: now })
          .returning();
        if (!row) throw new Error('createFeePlan: the plan was not inserted');
        return success(toApi(row));
      } catch (error) {
        if (isUniqueViolation(error, NAME_INDEX)) return refuse(409, m.duplicate(plan.name));
        throw error;
      }
    },

    async list(caller: UserRow, request: PageRequest): Promise<Result<FeePlanPage, 403>> {
      const refused = tutorOnly(caller);
      if (refused) return refused;
      const mine = eq(feePlans.tutorId, caller.id);
      const [total] = await db.select({ n: count() }).from(feePlans).where(mine);
      const rows = await db
        .select()
        .from(feePlans)
        .where(mine)
        .orderBy(desc(feePlans.createdAt), desc(feePlans.id))
        .limit(request.pageSize)
        .offset(offsetOf(request));
      return success(pageOf(rows.map(toApi), total?.n ?? 0, request));
    },

    /**
     * D152: changes a running plan. Dues already due, or touched (part paid, settled, waived),
     * stay as they were; the ones still ahead take the new fee and due day.
     */
    async change(
      caller: UserRow,
      id: number,
      input: FeePlanChangeInput,
    ): Promise<Result<FeePlan, 400 | 403 | 404 | 409>> {
      const refused = tutorOnly(caller);
      if (refused) return refused;
      const today = istDateKey(clock.now());
      try {
        return await db.transaction(async (tx) => {
          const found = await runningPlan(tx, caller, id);
          if (!found.ok) return found;
          const checked = checkFeePlanChange(found.value, input);
          if (!checked.ok) return refuse(400, checked.message);
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
              partialMinimum: next.partialMinimum,
              reminderDays: next.reminderDays,
            })
            .where(eq(feePlans.id, id))
            .returning();
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
            for (const due of await futureDuesOf(tx, jobs, id, today)) {
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
          return success(toApi(row!));
        });
      } catch (error) {
        if (isUniqueViolation(error, NAME_INDEX)) return refuse(409, m.duplicate(input.name ?? ''));
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
        const future = await futureDuesOf(tx, jobs, id, today);
        if (future.length > 0) {
          await tx.delete(dues).where(
            inArray(
              dues.id,
              future.map((due) => due.id),
            ),
          );
        }
        const [ended] = await tx
          .update(feePlans)
          .set({ endedAt: clock.now() })
          .where(eq(feePlans.id, id))
          .returning();
        // Issue 49 (D248): its Autopay mandates end too.
        await endMandatesOfPlan(tx, jobs, id);
        return success(toApi(ended!));
      });
    },
  };
}

export type FeePlanService = ReturnType<typeof createFeePlanService>;
