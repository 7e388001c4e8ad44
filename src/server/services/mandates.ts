// UPI Autopay mandates (issue 49, D245, D246, D248, D250, D253): set up by a payer for one of
// their students' monthly or instalment plans, approved on the gateway's page, followed from the
// gateway (webhooks are hints that send a re-read; the reconcile job re-reads the rest), paused,
// resumed or cancelled by the payer, cancelled by the tutor.
//
// - One live mandate per plan and student: the row is written first and the unique index on live
//   rows decides between racing requests; a gateway that fails leaves nothing behind.
// - A mandate debits at most the plan's largest due (never above ₹15,000), and lasts 12 months
//   for a monthly plan, to a week after the last instalment otherwise (D248).
// - Leaving ACTIVE (paused here or in the UPI app, cancelled, expired) ends the debits that have
//   not run, and their dues go back to the reminder ladder.
import { coded } from '../../domain/texts';
import { and, asc, desc, eq, gt, inArray, isNull, lte, ne, notExists, or, sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import {
  AUTHORIZATION_PAISE,
  autopayRefusal,
  isFinalMandate,
  largestDue,
  LIVE_DEBIT_STATES,
  MANDATE_CAP_PAISE,
  mandateExpiry,
  mandateStage,
  type MandateStatus,
} from '../../domain/autopay';
import { autopayTexts } from '../../domain/autopayTexts';
import { formatINR, paiseToRupees } from '../../domain/money';
import { canAcceptPayments } from '../../domain/onboarding';
import { istDateKey } from '../../domain/time';
import { emailSchema } from '../../domain/email';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import {
  dues,
  feePlans,
  mandateDebits,
  mandates,
  tutorStudents,
  users,
  type FeePlanRow,
  type MandateDebitRow,
  type MandateRow,
  type TutorStudentRow,
  type UserRow,
} from '../db/schema';
import type { GatewaySubscription, SubscriptionGateway } from '../gateway/subscriptions';
import { GatewayError } from '../gateway/types';
import type { JobQueue } from '../jobs/queue';
import { displayName, type UserRepository } from '../users';
import { isUniqueViolation } from './dbErrors';
import { OPEN_DUE_STATUSES } from '../../domain/dues';
import { newOrderId } from './ids';
import { debitFailureText, type DebitService } from './mandateDebits';
import { refuse, refuseField, success, type Result } from './results';

type Mandate = components['schemas']['Mandate'];
type MandateCreated = components['schemas']['MandateCreated'];
type MyAutopay = components['schemas']['MyAutopay'];
type MyAutopayPlan = components['schemas']['MyAutopayPlan'];
type TutorMandate = components['schemas']['TutorMandate'];
type AutopayDebit = components['schemas']['AutopayDebit'];

const t = autopayTexts.api;
/** A mandate whose creation never finished (no session) is forgotten after this long. */
const CREATION_STALE_MS = 2 * 60 * 1000;
/** Re-reads while waiting for approval: soon, then less often (the page lapses in a day). */
const PENDING_CHECKS_MS = [60_000, 120_000, 300_000, 900_000] as const;
/** A live mandate is re-read daily: a cancel in the UPI app whose webhook was lost is seen. */
const LIVE_CHECK_MS = 24 * 60 * 60 * 1000;
/** The tutor's list holds at most this many. */
const LIST_MAX = 500;

export const newMandateId = () => newOrderId().replace(/^ord_/, 'mdt_');

/** D248: a fee plan that ended: its live mandates are re-read, and so cancelled (in `tx`). */
export async function endMandatesOfPlan(
  tx: Database,
  jobs: Pick<JobQueue, 'send'>,
  planId: number,
): Promise<void> {
  const live = await tx
    .select({ id: mandates.id })
    .from(mandates)
    .where(and(eq(mandates.planId, planId), isNull(mandates.endedAt)));
  for (const { id } of live) await jobs.send('mandate-sync', { mandateId: id }, { tx });
}

/** The gateway's plan for a fee plan at a cap: one per (plan, cap), reused by its mandates. */
export const gatewayPlanId = (planId: number, maxAmount: number) => `tp_${planId}_${maxAmount}`;

/** Our status of what the gateway reports (a failed approval is ours, AUTH_FAILED). */
export function statusFrom(remote: GatewaySubscription): MandateStatus {
  if (remote.status === 'CARD_EXPIRED') return 'EXPIRED';
  if (
    (remote.status === 'INITIALIZED' || remote.status === 'BANK_APPROVAL_PENDING') &&
    remote.authorizationStatus === 'FAILED'
  ) {
    return 'AUTH_FAILED';
  }
  return remote.status;
}

const isGatewayFailure = (error: unknown) => error instanceof GatewayError;

interface PlanAndStudent {
  plan: FeePlanRow;
  student: TutorStudentRow;
  tutor: UserRow;
}

export interface MandateServiceDeps {
  db: Database;
  clock: Clock;
  jobs: Pick<JobQueue, 'send'>;
  gateway: SubscriptionGateway;
  users: UserRepository;
  debits: DebitService;
  publicOrigin: string;
}

export function createMandateService(deps: MandateServiceDeps) {
  const { db, clock, jobs, gateway, users: repo, debits } = deps;

  /** The plans `caller` pays for, with each student (running, monthly or instalments). */
  async function plansOf(
    caller: UserRow,
    only?: { planId: number; studentId: number; anyKind?: boolean },
  ) {
    const rows = await db
      .select({ plan: feePlans, student: tutorStudents, tutor: users })
      .from(feePlans)
      .innerJoin(
        tutorStudents,
        and(
          eq(tutorStudents.tutorId, feePlans.tutorId),
          or(
            eq(tutorStudents.id, feePlans.studentId),
            and(isNull(feePlans.studentId), eq(tutorStudents.batch, feePlans.batch)),
          ),
        ),
      )
      .innerJoin(users, eq(users.id, feePlans.tutorId))
      .where(
        and(
          isNull(feePlans.endedAt),
          only?.anyKind ? undefined : ne(feePlans.kind, 'one_time'),
          or(eq(tutorStudents.phone, caller.phone), eq(tutorStudents.parentPhone, caller.phone)),
          only
            ? and(eq(feePlans.id, only.planId), eq(tutorStudents.id, only.studentId))
            : undefined,
        ),
      )
      .orderBy(asc(users.id), asc(feePlans.name), asc(tutorStudents.name));
    return rows as PlanAndStudent[];
  }

  const debitView = (debit: MandateDebitRow): AutopayDebit => ({
    due_id: debit.dueId,
    due_date: debit.dueDate,
    amount: paiseToRupees(debit.amount),
    state: debit.state,
    reason: debit.state === 'failed' ? debitFailureText(debit.failureCode) : null,
  });

  /** Each mandate's next debit (under way, or the due it will debit next) and its last one. */
  async function debitsOf(rows: MandateRow[]) {
    const all = await debits.ofMandates(rows.map((m) => m.id));
    const today = istDateKey(clock.now());
    const active = rows.filter((m) => m.status === 'ACTIVE');
    // The next due an ACTIVE mandate will debit, where no debit is under way.
    const upcoming =
      active.length === 0
        ? []
        : await db
            .select({
              planId: dues.planId,
              studentId: dues.studentId,
              id: dues.id,
              dueDate: dues.dueDate,
              left: sql<number>`${dues.amount} - ${dues.paid}`.mapWith(Number),
            })
            .from(dues)
            .where(
              and(
                or(
                  ...active.map((m) =>
                    and(eq(dues.planId, m.planId), eq(dues.studentId, m.studentId)),
                  ),
                ),
                inArray(dues.status, OPEN_DUE_STATUSES),
                gt(dues.dueDate, today),
                notExists(
                  db
                    .select({ id: mandateDebits.id })
                    .from(mandateDebits)
                    .where(eq(mandateDebits.dueId, dues.id)),
                ),
              ),
            )
            .orderBy(asc(dues.dueDate));
    return new Map(
      rows.map((mandate) => {
        const mine = all.filter((d) => d.mandateId === mandate.id);
        const live = mine
          .filter((d) => LIVE_DEBIT_STATES.includes(d.state))
          .sort((a, b) => (a.dueDate < b.dueDate ? -1 : 1))[0];
        const last = mine.find((d) => !LIVE_DEBIT_STATES.includes(d.state)) ?? null;
        const next = upcoming.find(
          (due) =>
            mandate.status === 'ACTIVE' &&
            due.planId === mandate.planId &&
            due.studentId === mandate.studentId &&
            due.left <= mandate.maxAmount,
        );
        const scheduled: AutopayDebit | null = next
          ? {
              due_id: next.id,
              due_date: next.dueDate,
              amount: paiseToRupees(next.left),
              state: 'scheduled',
              reason: null,
            }
          : null;
        return [
          mandate.id,
          { next: live ? debitView(live) : scheduled, last: last ? debitView(last) : null },
        ];
      }),
    );
  }

  const schedule = (plan: FeePlanRow) => ({
    due_day: plan.kind === 'monthly' ? plan.dueDay : null,
    instalment_dates: (plan.instalments ?? []).map((part) => part.dueDate),
  });

  async function views(rows: MandateRow[]): Promise<Mandate[]> {
    if (rows.length === 0) return [];
    const [planRows, studentRows, tutorRows, debitMap] = await Promise.all([
      db
        .select()
        .from(feePlans)
        .where(
          inArray(
            feePlans.id,
            rows.map((m) => m.planId),
          ),
        ),
      db
        .select()
        .from(tutorStudents)
        .where(
          inArray(
            tutorStudents.id,
            rows.map((m) => m.studentId),
          ),
        ),
      db
        .select()
        .from(users)
        .where(
          inArray(
            users.id,
            rows.map((m) => m.tutorId),
          ),
        ),
      debitsOf(rows),
    ]);
    return rows.map((mandate) => {
      const plan = planRows.find((p) => p.id === mandate.planId)!;
      const student = studentRows.find((s) => s.id === mandate.studentId)!;
      const tutor = tutorRows.find((u) => u.id === mandate.tutorId)!;
      const { next, last } = debitMap.get(mandate.id)!;
      return {
        id: mandate.id,
        status: mandate.status,
        stage: mandateStage(mandate.status),
        plan_id: plan.id,
        plan_name: plan.name,
        plan_kind: plan.kind === 'instalments' ? 'instalments' : 'monthly',
        student_id: student.id,
        student_name: student.name,
        tutor_id: tutor.id,
        tutor_name: displayName(tutor),
        max_amount: paiseToRupees(mandate.maxAmount),
        ...schedule(plan),
        expires_at: mandate.expiresAt.toISOString(),
        created_at: mandate.createdAt.toISOString(),
        session_id: mandateStage(mandate.status) === 'pending' ? mandate.sessionId : null,
        next_debit: next,
        last_debit: last,
      };
    });
  }

  const view = async (mandate: MandateRow) => (await views([mandate]))[0]!;

  const find = async (id: string) => {
    const [row] = await db.select().from(mandates).where(eq(mandates.id, id));
    return row;
  };

  /** When the reconcile job next re-reads a mandate in `status`, created at `createdAt`. */
  function nextCheck(status: MandateStatus, createdAt: Date, now: Date): Date | null {
    if (isFinalMandate(status)) return null;
    if (mandateStage(status) !== 'pending') return new Date(now.getTime() + LIVE_CHECK_MS);
    const age = now.getTime() - createdAt.getTime();
    const step = PENDING_CHECKS_MS.find((ms) => ms > age) ?? PENDING_CHECKS_MS.at(-1)!;
    return new Date(now.getTime() + step);
  }

  /**
   * Applies what the gateway says of a mandate, in one transaction with its consequences: its
   * debits that have not run end when it leaves ACTIVE; its dues are looked at when it becomes
   * ACTIVE. Answers the mandate as it is now.
   */
  async function apply(mandate: MandateRow, remote: GatewaySubscription): Promise<MandateRow> {
    return db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(mandates)
        .where(eq(mandates.id, mandate.id))
        .for('update');
      if (!current || current.endedAt) return current ?? mandate;
      const now = clock.now();
      const status = statusFrom(remote);
      const [updated] = await tx
        .update(mandates)
        .set({
          status,
          cfSubscriptionId: remote.cfSubscriptionId ?? current.cfSubscriptionId,
          sessionId: remote.sessionId ?? current.sessionId,
          authorizationReference: remote.authorizationReference ?? current.authorizationReference,
          nextCheckAt: nextCheck(status, current.createdAt, now),
          endedAt: isFinalMandate(status) ? now : null,
          updatedAt: now,
        })
        .where(eq(mandates.id, current.id))
        .returning();
      if (current.status === 'ACTIVE' && status !== 'ACTIVE') {
        await debits.endWithMandate(tx, current.id);
      }
      if (status === 'ACTIVE' && current.status !== 'ACTIVE') {
        await jobs.send(
          'autopay-run',
          { slot: `${current.id}:${now.getTime()}`, mandateId: current.id },
          { tx },
        );
      }
      return updated!;
    });
  }

  /** The caller's own mandate, or a refusal. */
  async function payers(caller: UserRow, id: string): Promise<Result<MandateRow, 403 | 404>> {
    if (caller.role !== 'student') return refuse(403, coded(t).onlyPayers);
    const mandate = await find(id);
    if (!mandate || mandate.payerId !== caller.id) return refuse(404, coded(t).notFound);
    return success(mandate);
  }

  /** A manage call at the gateway, applied; a refusal there means it changed meanwhile. */
  async function manage(
    mandate: MandateRow,
    action: 'CANCEL' | 'PAUSE' | 'ACTIVATE',
  ): Promise<Result<MandateRow, 502>> {
    try {
      const remote = await gateway.manageSubscription(
        mandate.id,
        action,
        action === 'ACTIVATE' ? clock.now() : undefined,
      );
      return success(await apply(mandate, remote));
    } catch (error) {
      if (error instanceof GatewayError && error.status !== null && error.status < 500) {
        try {
          return success(await apply(mandate, await gateway.fetchSubscription(mandate.id)));
        } catch {
          // Fall through to the refusal.
        }
      }
      return { ...refuse(502, coded(t).gateway), cause: error };
    }
  }

  return {
    /** `GET my-autopay/`. */
    async mine(caller: UserRow): Promise<Result<MyAutopay, 403>> {
      if (caller.role !== 'student') return refuse(403, coded(t).onlyPayers);
      const plans = await plansOf(caller);
      const now = clock.now();
      const rows =
        plans.length === 0
          ? []
          : await db
              .select()
              .from(mandates)
              .where(
                or(
                  ...plans.map(({ plan, student }) =>
                    and(eq(mandates.planId, plan.id), eq(mandates.studentId, student.id)),
                  ),
                ),
              )
              .orderBy(desc(mandates.createdAt));
      // Each plan's live mandate, else its latest.
      const latest = new Map<string, MandateRow>();
      for (const row of rows) {
        const key = `${row.planId}:${row.studentId}`;
        const kept = latest.get(key);
        if (!kept || (kept.endedAt && !row.endedAt)) latest.set(key, row);
      }
      const shown = await views([...latest.values()]);
      const statuses = new Map<number, boolean>();
      const results: MyAutopayPlan[] = [];
      for (const { plan, student, tutor } of plans) {
        if (!statuses.has(tutor.id)) {
          statuses.set(tutor.id, canAcceptPayments(await repo.gatewayStatusOf(tutor.id)));
        }
        const refusal = autopayRefusal(plan);
        const mandate = latest.get(`${plan.id}:${student.id}`);
        results.push({
          plan_id: plan.id,
          plan_name: plan.name,
          plan_kind: plan.kind === 'instalments' ? 'instalments' : 'monthly',
          student_id: student.id,
          student_name: student.name,
          tutor_id: tutor.id,
          tutor_name: displayName(tutor),
          amount: paiseToRupees(largestDue(plan)),
          ...schedule(plan),
          refusal:
            refusal === 'over_cap' ? 'over_cap' : statuses.get(tutor.id) ? null : 'cannot_accept',
          expires_at: mandateExpiry(plan, now).toISOString(),
          mandate: mandate ? (shown.find((m) => m.id === mandate.id) ?? null) : null,
        });
      }
      const [me] = await db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, caller.id));
      return success({ results, email: me?.email ?? null });
    },

    /** `POST my-autopay/`: a mandate at the gateway, waiting for the payer's approval. */
    async create(
      caller: UserRow,
      input: { plan_id: number; student_id: number; email: string },
    ): Promise<Result<MandateCreated, 400 | 403 | 404 | 409 | 502>> {
      if (caller.role !== 'student') return refuse(403, coded(t).onlyPayers);
      const email = emailSchema.safeParse(input.email);
      if (!email.success)
        // The email rule's words, with this site's code (the zod schema carries none).
        return refuseField(400, 'email', {
          message: email.error.issues[0]!.message,
          code: 'validation.email',
        });
      const [found] = await plansOf(caller, {
        planId: input.plan_id,
        studentId: input.student_id,
        anyKind: true,
      });
      if (!found) return refuse(404, coded(t).planNotFound);
      const { plan, student, tutor } = found;
      if (autopayRefusal(plan) === 'one_time') return refuse(409, coded(t).oneTime);
      if (autopayRefusal(plan) === 'over_cap') {
        return refuse(
          409,
          coded(t).overCap(formatINR(largestDue(plan)), formatINR(MANDATE_CAP_PAISE)),
        );
      }
      if (!canAcceptPayments(await repo.gatewayStatusOf(tutor.id))) {
        return refuse(409, coded(t).cannotAccept);
      }
      const now = clock.now();
      const maxAmount = largestDue(plan);
      const id = newMandateId();
      const expiresAt = mandateExpiry(plan, now);
      try {
        await db.insert(mandates).values({
          id,
          tutorId: tutor.id,
          planId: plan.id,
          studentId: student.id,
          payerId: caller.id,
          status: 'INITIALIZED',
          maxAmount,
          gatewayPlanId: gatewayPlanId(plan.id, maxAmount),
          expiresAt,
          // Re-read soon: a creation cut short is cleared, an approval is followed.
          nextCheckAt: new Date(now.getTime() + CREATION_STALE_MS),
          createdAt: now,
          updatedAt: now,
        });
      } catch (error) {
        if (isUniqueViolation(error)) return refuse(409, coded(t).already);
        throw error;
      }
      let remote: GatewaySubscription;
      try {
        await gateway.createPlan({
          planId: gatewayPlanId(plan.id, maxAmount),
          name: plan.name.slice(0, 100),
          maxAmount,
        });
        remote = await gateway.createSubscription({
          subscriptionId: id,
          planId: gatewayPlanId(plan.id, maxAmount),
          customer: {
            name: displayName(caller),
            phone: caller.phone,
            email: email.data,
          },
          returnUrl: `${deps.publicOrigin}/student/autopay/${id}`,
          expiresAt,
          authorizationAmount: AUTHORIZATION_PAISE,
        });
      } catch (error) {
        // Nothing is kept: the plan and student may try again at once.
        await db
          .delete(mandates)
          .where(and(eq(mandates.id, id), eq(mandates.status, 'INITIALIZED')));
        if (isGatewayFailure(error)) return { ...refuse(502, coded(t).gateway), cause: error };
        throw error;
      }
      await db.update(users).set({ email: email.data }).where(eq(users.id, caller.id));
      const [row] = await db.select().from(mandates).where(eq(mandates.id, id));
      const applied = await apply(row!, remote);
      return success({ mandate: await view(applied), session_id: remote.sessionId! });
    },

    /** `GET my-autopay/{id}/`: re-read first while it waits for approval. */
    async get(
      caller: UserRow,
      id: string,
    ): Promise<Result<{ mandate: Mandate; refreshError: unknown }, 403 | 404>> {
      const own = await payers(caller, id);
      if (!own.ok) return own;
      let mandate = own.value;
      let refreshError: unknown = null;
      if (mandateStage(mandate.status) === 'pending') {
        try {
          mandate = await apply(mandate, await gateway.fetchSubscription(id));
        } catch (error) {
          refreshError = error;
        }
      }
      return success({ mandate: await view(mandate), refreshError });
    },

    async pause(caller: UserRow, id: string): Promise<Result<Mandate, 403 | 404 | 409 | 502>> {
      const own = await payers(caller, id);
      if (!own.ok) return own;
      if (own.value.status !== 'ACTIVE') return refuse(409, coded(t).notActive);
      const done = await manage(own.value, 'PAUSE');
      return done.ok ? success(await view(done.value)) : done;
    },

    async resume(caller: UserRow, id: string): Promise<Result<Mandate, 403 | 404 | 409 | 502>> {
      const own = await payers(caller, id);
      if (!own.ok) return own;
      if (own.value.status !== 'PAUSED') return refuse(409, coded(t).notPaused);
      const done = await manage(own.value, 'ACTIVATE');
      return done.ok ? success(await view(done.value)) : done;
    },

    async cancelMine(caller: UserRow, id: string): Promise<Result<Mandate, 403 | 404 | 409 | 502>> {
      const own = await payers(caller, id);
      if (!own.ok) return own;
      if (own.value.endedAt) return refuse(409, coded(t).ended);
      const done = await manage(own.value, 'CANCEL');
      return done.ok ? success(await view(done.value)) : done;
    },

    /** `GET autopay/`: the tutor's mandates, each plan and student's live or latest one. */
    async ofTutor(caller: UserRow): Promise<Result<{ results: TutorMandate[] }, 403>> {
      if (caller.role !== 'teacher') return refuse(403, coded(t).onlyTutors);
      const rows = await db
        .select()
        .from(mandates)
        .where(eq(mandates.tutorId, caller.id))
        .orderBy(desc(mandates.createdAt))
        .limit(LIST_MAX);
      const latest = new Map<string, MandateRow>();
      for (const row of rows) {
        const key = `${row.planId}:${row.studentId}`;
        const kept = latest.get(key);
        if (!kept || (kept.endedAt && !row.endedAt)) latest.set(key, row);
      }
      return success({ results: await tutorViews([...latest.values()]) });
    },

    async cancelByTutor(
      caller: UserRow,
      id: string,
    ): Promise<Result<TutorMandate, 403 | 404 | 409 | 502>> {
      if (caller.role !== 'teacher') return refuse(403, coded(t).onlyTutors);
      const mandate = await find(id);
      if (!mandate || mandate.tutorId !== caller.id) return refuse(404, coded(t).notFound);
      if (mandate.endedAt) return refuse(409, coded(t).ended);
      const done = await manage(mandate, 'CANCEL');
      return done.ok ? success((await tutorViews([done.value]))[0]!) : done;
    },

    /** The `mandate-sync` job: what the gateway says now, applied (D253). */
    async sync(mandateId: string): Promise<MandateStatus | null> {
      const mandate = await find(mandateId);
      if (!mandate || mandate.endedAt) return mandate?.status ?? null;
      let remote: GatewaySubscription;
      try {
        remote = await gateway.fetchSubscription(mandateId);
      } catch (error) {
        const stale = clock.now().getTime() - mandate.createdAt.getTime() > CREATION_STALE_MS;
        // Its creation never reached the gateway: forget it, so the payer may start again.
        if (error instanceof GatewayError && error.status === 404 && !mandate.sessionId && stale) {
          await db
            .delete(mandates)
            .where(and(eq(mandates.id, mandateId), isNull(mandates.sessionId)));
          return null;
        }
        throw error;
      }
      const [plan] = await db
        .select({ endedAt: feePlans.endedAt })
        .from(feePlans)
        .where(eq(feePlans.id, mandate.planId));
      // D248: the plan ended: its mandate is cancelled at the gateway.
      if (plan?.endedAt && !isFinalMandate(statusFrom(remote))) {
        const done = await manage(mandate, 'CANCEL');
        if (!done.ok) throw done.cause;
        return done.value.status;
      }
      return (await apply(mandate, remote)).status;
    },

    /** A subscription webhook: the re-read of what it names (D253); false when not ours. */
    async receiveWebhook(event: { subscriptionId: string; paymentId: string | null }) {
      const mandate = await find(event.subscriptionId);
      if (!mandate) return false;
      await jobs.send('mandate-sync', { mandateId: mandate.id });
      if (event.paymentId) {
        const [debit] = await db
          .select({ id: mandateDebits.id })
          .from(mandateDebits)
          .where(
            and(eq(mandateDebits.id, event.paymentId), eq(mandateDebits.mandateId, mandate.id)),
          );
        if (debit) await jobs.send('debit-sync', { debitId: debit.id });
      }
      return true;
    },

    /** Mandates whose re-read is due (the sweep). */
    async due(now: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: mandates.id })
        .from(mandates)
        .where(and(isNull(mandates.endedAt), lte(mandates.nextCheckAt, now)))
        .orderBy(asc(mandates.nextCheckAt))
        .limit(limit);
      return rows.map((row) => row.id);
    },
  };

  async function tutorViews(rows: MandateRow[]): Promise<TutorMandate[]> {
    const shown = await views(rows);
    const payers = rows.length
      ? await db
          .select({ id: users.id, phone: users.phone })
          .from(users)
          .where(
            inArray(
              users.id,
              rows.map((m) => m.payerId),
            ),
          )
      : [];
    return shown.map((mandate, i) => ({
      id: mandate.id,
      status: mandate.status,
      stage: mandate.stage,
      student_id: mandate.student_id,
      student_name: mandate.student_name,
      plan_id: mandate.plan_id,
      plan_name: mandate.plan_name,
      payer_phone: payers.find((p) => p.id === rows[i]!.payerId)?.phone ?? '',
      max_amount: mandate.max_amount,
      created_at: mandate.created_at,
      next_debit: mandate.next_debit,
      last_debit: mandate.last_debit,
    }));
  }
}

export type MandateService = ReturnType<typeof createMandateService>;
