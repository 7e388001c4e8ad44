// A tutor's students (issue 14): the ones the tutor added, one by one or from a CSV, and the
// students who have paid the tutor (tutorsStudents.ts) without being added; a parent who paid
// for one of them is not a student (D231). A phone is in a tutor's list once: the database's
// unique index says so, whatever runs at the same time. D230: a student is changed (a name, a
// phone, a parent, another batch), marked left (no more dues) and brought back.
import { and, asc, eq, inArray, isNotNull, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import {
  batchKey,
  checkStudent,
  childConsentError,
  type ChildConsent,
  type FieldError,
  type StudentInput,
} from '../../domain/students';
import { privacyTexts } from '../../domain/privacyTexts';
import { studentsTexts } from '../../domain/studentsTexts';
import { coded } from '../../domain/texts';
import { istDateKey } from '../../domain/time';
import { tidyText } from '../../domain/validation';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import {
  consents,
  dues,
  feePlans,
  orders,
  tutorStudents,
  users,
  type TutorStudentRow,
  type UserRow,
} from '../db/schema';
import type { JobQueue } from '../jobs/queue';
import type { AuditOrigin, AuditTrail } from './audit';
import { isUniqueViolation } from './dbErrors';
import { endLinksForDues } from './dueLinks';
import { OPEN_DUE_STATUSES } from '../../domain/dues';
import { dropUntouchedFutureDues } from './futureDues';
import { offsetOf, pageOf, type PageRequest } from './pages';
import { refuse, refuseField, success, type Result } from './results';
import { readStudentCsv } from './studentCsv';
import { tutorOnly } from './tutorOnly';

type Student = components['schemas']['Student'];
type StudentPage = components['schemas']['StudentPage'];
type StudentChange = components['schemas']['StudentChange'];
type StudentChoices = components['schemas']['StudentChoices'];
type StudentImport = components['schemas']['StudentImport'];
type ImportRow = components['schemas']['StudentImportRow'];
type StudentConfirmation = components['schemas']['StudentConfirmation'];
export type ImportAccept = components['schemas']['StudentImportRequest']['accept'];
export type StudentStatus = 'current' | 'left';

const m = studentsTexts.api;
const PHONE_INDEX = 'tutor_students_tutor_phone_idx';
/** The most students the plan editor is offered at once (the contract's). */
const CHOICES_MAX = 5000;

/** An added student as the tutor sees them; `parentConfirmed`: the parent confirmed a child's consent. */
const added = (row: TutorStudentRow, parentConfirmed: boolean): Student => ({
  id: row.id,
  // D322: an erased entry keeps its id (its paid dues stay), nothing else.
  name: row.erasedAt ? privacyTexts.erased : row.name,
  phone: row.erasedAt ? null : row.phone,
  parent_name: row.parentName,
  parent_phone: row.parentPhone,
  batch: row.batch,
  source: 'added',
  left_at: row.leftAt?.toISOString() ?? null,
  confirmed: row.confirmedAt !== null,
  erased: row.erasedAt !== null,
  minor: row.minor,
  consent:
    row.minor && !row.erasedAt ? (parentConfirmed ? 'parent_confirmed' : 'awaiting_parent') : null,
});

const payerOf = (row: Pick<TutorStudentRow, 'parentPhone' | 'phone'>) =>
  row.parentPhone ?? row.phone;

/** D320: which of these children's parents confirmed the tutor's word on their consent. */
async function parentsConfirmed(db: Database, children: number[]): Promise<Set<number>> {
  if (children.length === 0) return new Set();
  const rows = await db
    .select({ id: consents.tutorStudentId })
    .from(consents)
    .where(
      and(
        eq(consents.kind, 'child'),
        eq(consents.decision, 'given'),
        inArray(consents.tutorStudentId, children),
      ),
    );
  return new Set(rows.flatMap((row) => (row.id === null ? [] : [row.id])));
}

/** One added student as the tutor sees them, a child's consent looked up. */
async function shownStudent(db: Database, row: TutorStudentRow): Promise<Student> {
  const confirmed = row.minor ? await parentsConfirmed(db, [row.id]) : new Set<number>();
  return added(row, confirmed.has(row.id));
}

/** Thrown inside the import's transaction to undo it: a row was taken meanwhile. */
class TakenMeanwhile extends Error {}

export function createStudentService({
  db,
  clock,
  jobs,
  audit,
}: {
  db: Database;
  clock: Clock;
  jobs: Pick<JobQueue, 'send'>;
  audit: AuditTrail;
}) {
  /**
   * Students who paid the tutor and were not added: their names as on their account. D231: a
   * phone the list has, as a student's or as a parent's, is not one of them.
   */
  async function payersNotAdded(tutorId: number): Promise<Student[]> {
    const mine = eq(tutorStudents.tutorId, tutorId);
    const known = db
      .select({ phone: tutorStudents.phone })
      .from(tutorStudents)
      .where(mine)
      .union(
        db
          .select({ phone: sql<string>`${tutorStudents.parentPhone}` })
          .from(tutorStudents)
          .where(and(mine, isNotNull(tutorStudents.parentPhone))),
      );
    const rows = await db
      .selectDistinct({
        phone: users.phone,
        first: users.firstName,
        last: users.lastName,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.payerId))
      .where(
        and(
          eq(orders.payeeId, tutorId),
          eq(orders.status, 'PAID'),
          notInArray(users.phone, known),
          // D322: someone erased is no longer anyone's student; their payments say so.
          isNull(users.erasedAt),
        ),
      );
    return rows.map((row) => ({
      id: null,
      name: [row.first, row.last].filter(Boolean).join(' ') || row.phone,
      phone: row.phone,
      parent_name: null,
      parent_phone: null,
      batch: null,
      source: 'paid' as const,
      left_at: null,
      confirmed: true,
      erased: false,
      minor: false,
      consent: null,
    }));
  }

  /** The caller's student `id`, locked, or a 404 (D322: an erased one is nobody now). */
  async function studentOf(tx: Database, caller: UserRow, id: number) {
    const [row] = await tx
      .select()
      .from(tutorStudents)
      .where(
        and(
          eq(tutorStudents.id, id),
          eq(tutorStudents.tutorId, caller.id),
          isNull(tutorStudents.erasedAt),
        ),
      )
      .for('update');
    return row ? success(row) : refuse(404, coded(studentsTexts.plans).noStudent);
  }

  /** Its dues a payment link may be open for (unpaid): their links end when the payer changes. */
  async function endLinksOfStudent(tx: Database, studentId: number) {
    const open = await tx
      .select({ id: dues.id })
      .from(dues)
      .where(and(eq(dues.studentId, studentId), inArray(dues.status, OPEN_DUE_STATUSES)))
      .for('update');
    await endLinksForDues(
      tx,
      jobs,
      open.map((due) => due.id),
    );
  }

  return {
    async add(
      caller: UserRow,
      input: StudentInput & ChildConsent,
      origin?: AuditOrigin,
    ): Promise<Result<Student, 400 | 403 | 409>> {
      const refused = tutorOnly(caller);
      if (refused) return refused;
      const checked = checkStudent(input);
      if (!checked.ok) return refuseField(400, checked.errors[0]!.field, checked.errors[0]!);
      const child = childConsentError(input);
      if (child) return refuse(400, child);
      const minor = input.minor === true;
      try {
        const row = await db.transaction(async (tx) => {
          const now = clock.now();
          const [inserted] = await tx
            .insert(tutorStudents)
            .values({
              tutorId: caller.id,
              ...checked.value,
              batchKey: batchKey(checked.value.batch),
              minor,
              // D210: a phone the tutor types in one by one is one they vouch for.
              confirmedAt: now,
              parentConsentNotedAt: minor ? now : null,
              createdAt: now,
              batchSince: now,
              activeSince: now,
            })
            .returning();
          if (!inserted) throw new Error('addStudent: the student was not inserted');
          if (minor) {
            // D320: the tutor's word that the parent agreed, until the parent confirms it.
            await audit.record(
              tx,
              { actorId: caller.id, action: 'student.added_minor', subjectStudentId: inserted.id },
              origin,
            );
          }
          return inserted;
        });
        return success(added(row, false));
      } catch (error) {
        if (isUniqueViolation(error, PHONE_INDEX)) {
          return refuseField(409, 'phone', coded(m).duplicate);
        }
        throw error;
      }
    },

    /**
     * Added students (current ones with the payers not added, or those who left), by name, one
     * page at a time.
     */
    async list(
      caller: UserRow,
      request: PageRequest,
      status: StudentStatus = 'current',
    ): Promise<Result<StudentPage, 403>> {
      const refused = tutorOnly(caller);
      if (refused) return refused;
      const mine = await db
        .select()
        .from(tutorStudents)
        .where(
          and(
            eq(tutorStudents.tutorId, caller.id),
            status === 'left' ? isNotNull(tutorStudents.leftAt) : isNull(tutorStudents.leftAt),
          ),
        )
        .orderBy(asc(tutorStudents.id));
      const confirmed = await parentsConfirmed(
        db,
        mine.filter((row) => row.minor).map((row) => row.id),
      );
      const shown = mine.map((row) => added(row, confirmed.has(row.id)));
      const payers = status === 'current' ? await payersNotAdded(caller.id) : [];
      const all = [...shown, ...payers].sort((a, b) =>
        a.name.localeCompare(b.name, 'en-IN', { sensitivity: 'base' }),
      );
      const start = offsetOf(request);
      return success({
        ...pageOf(all.slice(start, start + request.pageSize), all.length, request),
        unconfirmed: mine.filter((row) => row.confirmedAt === null).length,
      });
    },

    /** D210: the tutor vouches for these students' phones (absent: every one not yet). */
    async confirm(
      caller: UserRow,
      ids: number[] | undefined,
    ): Promise<Result<StudentConfirmation, 403>> {
      const refused = tutorOnly(caller);
      if (refused) return refused;
      const confirmed = await db
        .update(tutorStudents)
        .set({ confirmedAt: clock.now() })
        .where(
          and(
            eq(tutorStudents.tutorId, caller.id),
            isNull(tutorStudents.confirmedAt),
            ids === undefined ? undefined : inArray(tutorStudents.id, ids),
          ),
        )
        .returning({ id: tutorStudents.id });
      return success({ confirmed: confirmed.length });
    },

    /** D232: every current student, by name, for the plan editor. */
    async choices(caller: UserRow): Promise<Result<StudentChoices, 403>> {
      const refused = tutorOnly(caller);
      if (refused) return refused;
      const rows = await db
        .select({ id: tutorStudents.id, name: tutorStudents.name, batch: tutorStudents.batch })
        .from(tutorStudents)
        .where(
          and(
            eq(tutorStudents.tutorId, caller.id),
            isNull(tutorStudents.leftAt),
            isNull(tutorStudents.erasedAt),
          ),
        )
        .orderBy(asc(tutorStudents.name), asc(tutorStudents.id))
        .limit(CHOICES_MAX);
      return success({ results: rows });
    },

    /**
     * D230: changes a student. A move to another batch ends the old batch's untouched dues ahead
     * and counts the new batch's plans from now; a new paying phone ends the links made for the
     * old one (the next reminder makes one for the new phone).
     */
    async change(
      caller: UserRow,
      id: number,
      input: StudentChange,
    ): Promise<Result<Student, 400 | 403 | 404 | 409>> {
      const refused = tutorOnly(caller);
      if (refused) return refused;
      const today = istDateKey(clock.now());
      try {
        return await db.transaction(async (tx) => {
          const found = await studentOf(tx, caller, id);
          if (!found.ok) return found;
          const was = found.value;
          const checked = checkStudent({
            name: input.name ?? was.name,
            phone: input.phone ?? was.phone,
            parent_name: input.parent_name !== undefined ? input.parent_name : was.parentName,
            parent_phone: input.parent_phone !== undefined ? input.parent_phone : was.parentPhone,
            batch: input.batch !== undefined ? input.batch : was.batch,
          });
          if (!checked.ok) return refuseField(400, checked.errors[0]!.field, checked.errors[0]!);
          const next = checked.value;
          // D320: a child keeps a paying parent (the one whose consent the tutor noted).
          const child = childConsentError({
            minor: was.minor,
            parent_consent: true,
            parent_phone: next.parentPhone,
          });
          if (child) return refuseField(400, 'parent_phone', child);
          const key = batchKey(next.batch);
          const moved = key !== was.batchKey;
          const [row] = await tx
            .update(tutorStudents)
            .set({ ...next, batchKey: key, ...(moved ? { batchSince: clock.now() } : {}) })
            .where(eq(tutorStudents.id, id))
            .returning();
          if (moved) {
            // The old batch's plans make no more of this student's dues.
            await dropUntouchedFutureDues(
              tx,
              jobs,
              and(
                eq(dues.studentId, id),
                inArray(
                  dues.planId,
                  tx
                    .select({ id: feePlans.id })
                    .from(feePlans)
                    .where(
                      and(
                        eq(feePlans.tutorId, caller.id),
                        isNull(feePlans.studentId),
                        key === null ? undefined : ne(feePlans.batchKey, key),
                      ),
                    ),
                ),
              ),
              today,
            );
          }
          if (payerOf(next) !== payerOf(was)) await endLinksOfStudent(tx, id);
          return success(await shownStudent(tx, row!));
        });
      } catch (error) {
        if (isUniqueViolation(error, PHONE_INDEX)) {
          return refuseField(409, 'phone', coded(m).duplicate);
        }
        throw error;
      }
    },

    /** D230: the student left: no plan makes their dues; the untouched ones ahead go. */
    async leave(caller: UserRow, id: number): Promise<Result<Student, 403 | 404 | 409>> {
      const refused = tutorOnly(caller);
      if (refused) return refused;
      const today = istDateKey(clock.now());
      return db.transaction(async (tx) => {
        const found = await studentOf(tx, caller, id);
        if (!found.ok) return found;
        if (found.value.leftAt) return refuse(409, coded(m).alreadyLeft);
        const [row] = await tx
          .update(tutorStudents)
          .set({ leftAt: clock.now() })
          .where(eq(tutorStudents.id, id))
          .returning();
        await dropUntouchedFutureDues(tx, jobs, eq(dues.studentId, id), today);
        return success(await shownStudent(tx, row!));
      });
    },

    /** D230: the student is back: plans make their dues again from now. */
    async restore(caller: UserRow, id: number): Promise<Result<Student, 403 | 404 | 409>> {
      const refused = tutorOnly(caller);
      if (refused) return refused;
      return db.transaction(async (tx) => {
        const found = await studentOf(tx, caller, id);
        if (!found.ok) return found;
        if (!found.value.leftAt) return refuse(409, coded(m).notLeft);
        const [row] = await tx
          .update(tutorStudents)
          .set({ leftAt: null, activeSince: clock.now() })
          .where(eq(tutorStudents.id, id))
          .returning();
        return success(await shownStudent(tx, row!));
      });
    },

    /**
     * Every row checked; with `accept` 'check' nothing is written, 'all' writes every row or
     * none, 'valid' writes the rows without a problem. One transaction: nothing half-saved.
     * D241: a row naming the same student as an earlier one (phone and name) is a repeat.
     */
    async importCsv(
      caller: UserRow,
      csv: string,
      accept: ImportAccept,
    ): Promise<Result<StudentImport, 400 | 403 | 409>> {
      const refused = tutorOnly(caller);
      if (refused) return refused;
      const read = readStudentCsv(csv);
      if (!read.ok) return read;
      const checked = read.value.map((row) => ({ row, check: checkStudent(row) }));
      const phones = checked.flatMap(({ check }) => (check.ok ? [check.value.phone] : []));
      const existing = new Set(
        phones.length === 0
          ? []
          : (
              await db
                .select({ phone: tutorStudents.phone })
                .from(tutorStudents)
                .where(
                  and(eq(tutorStudents.tutorId, caller.id), inArray(tutorStudents.phone, phones)),
                )
            ).map((r) => r.phone),
      );
      // A row's plan names one of the tutor's running batch plans: the student joins its batch.
      const batchOf = new Map(
        (
          await db
            .select({ name: feePlans.name, batch: feePlans.batch })
            .from(feePlans)
            .where(and(eq(feePlans.tutorId, caller.id), isNull(feePlans.endedAt)))
        ).map((plan) => [plan.name.toLowerCase(), plan.batch]),
      );
      const c = coded(m);
      const firstRowOf = new Map<string, { row: number; name: string }>();
      const report: ImportRow[] = checked.map(({ row, check }) => {
        const errors: FieldError[] = check.ok ? [] : [...check.errors];
        let repeatOf: number | null = null;
        if (check.ok) {
          const first = firstRowOf.get(check.value.phone);
          const sameName =
            first !== undefined &&
            first.name.localeCompare(check.value.name, 'en-IN', { sensitivity: 'base' }) === 0;
          if (sameName) repeatOf = first.row;
        }
        const plan = tidyText(row.plan);
        if (plan !== '' && repeatOf === null) {
          const batch = batchOf.get(plan.toLowerCase());
          if (batch === undefined) errors.push({ field: 'plan', ...c.noPlan(plan) });
          else if (batch === null) errors.push({ field: 'plan', ...c.planForOne(plan) });
          else if (
            check.ok &&
            check.value.batch !== null &&
            batchKey(check.value.batch) !== batchKey(batch)
          ) {
            errors.push({ field: 'plan', ...c.planOtherBatch(plan, batch) });
          } else if (check.ok) check.value.batch = batch;
        }
        if (check.ok && repeatOf === null) {
          const { phone } = check.value;
          const first = firstRowOf.get(phone);
          if (existing.has(phone)) errors.push({ field: 'phone', ...c.duplicate });
          else if (first !== undefined) {
            errors.push({ field: 'phone', ...c.duplicateInFile(first.row) });
          } else firstRowOf.set(phone, { row: row.row, name: check.value.name });
        }
        return {
          row: row.row,
          name: check.ok ? check.value.name : row.name,
          phone: check.ok ? check.value.phone : row.phone,
          parent_name: check.ok ? check.value.parentName : row.parent_name || null,
          parent_phone: check.ok ? check.value.parentPhone : row.parent_phone || null,
          batch: check.ok ? check.value.batch : row.batch || null,
          errors,
          imported: false,
          repeat_of: repeatOf,
        };
      });
      const summary = (): StudentImport => {
        const invalid = report.filter((r) => r.errors.length > 0).length;
        const imported = report.filter((r) => r.imported).length;
        return { rows: report, valid: report.length - invalid, invalid, imported };
      };
      if (accept === 'check') return success(summary());
      const { invalid } = summary();
      if (accept === 'all' && invalid > 0) return refuse(400, c.importInvalid(invalid));
      const toWrite = checked.flatMap(({ check }, i) =>
        check.ok && report[i]!.errors.length === 0 && report[i]!.repeat_of === null
          ? [{ i, value: check.value }]
          : [],
      );
      try {
        await db.transaction(async (tx) => {
          if (toWrite.length === 0) return;
          const now = clock.now();
          // D210: imported phones get no reminder until the tutor confirms them.
          const written = await tx
            .insert(tutorStudents)
            .values(
              toWrite.map(({ value }) => ({
                tutorId: caller.id,
                ...value,
                batchKey: batchKey(value.batch),
                createdAt: now,
                batchSince: now,
                activeSince: now,
              })),
            )
            .onConflictDoNothing()
            .returning({ phone: tutorStudents.phone });
          const writtenPhones = new Set(written.map((r) => r.phone));
          for (const { i, value } of toWrite) {
            const row = report[i]!;
            if (writtenPhones.has(value.phone)) row.imported = true;
            else row.errors.push({ field: 'phone', ...c.duplicate });
          }
          if (accept === 'all' && written.length < toWrite.length) throw new TakenMeanwhile();
        });
      } catch (error) {
        if (error instanceof TakenMeanwhile) return refuse(409, c.duplicate);
        throw error;
      }
      return success(summary());
    },
  };
}

export type StudentService = ReturnType<typeof createStudentService>;
