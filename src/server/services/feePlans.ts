// A tutor's fee plans (issue 14, D145): made for one of the tutor's students or a batch, listed
// newest first, ended when the tutor says (its future dues stop). A running plan's name is
// unique per tutor: the database's partial unique index decides between racing requests.
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import { checkFeePlan, type FeePlanInput } from '../../domain/feePlans';
import { paiseToRupees } from '../../domain/money';
import { studentsTexts } from '../../domain/studentsTexts';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { feePlans, tutorStudents, type FeePlanRow, type UserRow } from '../db/schema';
import { isUniqueViolation } from './dbErrors';
import { offsetOf, pageOf, type PageRequest } from './pages';
import { refuse, success, type Result } from './results';
import { tutorOnly } from './tutorOnly';

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

export function createFeePlanService({ db, clock }: { db: Database; clock: Clock }) {
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

    /** Ends a running plan: its future dues stop. Once only. */
    async end(caller: UserRow, id: number): Promise<Result<FeePlan, 403 | 404 | 409>> {
      const refused = tutorOnly(caller);
      if (refused) return refused;
      const [ended] = await db
        .update(feePlans)
        .set({ endedAt: clock.now() })
        .where(and(eq(feePlans.id, id), eq(feePlans.tutorId, caller.id), isNull(feePlans.endedAt)))
        .returning();
      if (ended) return success(toApi(ended));
      const [exists] = await db
        .select({ id: feePlans.id })
        .from(feePlans)
        .where(and(eq(feePlans.id, id), eq(feePlans.tutorId, caller.id)));
      return exists ? refuse(409, m.ended) : refuse(404, m.notFound);
    },
  };
}

export type FeePlanService = ReturnType<typeof createFeePlanService>;
