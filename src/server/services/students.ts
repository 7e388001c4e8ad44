// A tutor's students (issue 14): the ones the tutor added, one by one or from a CSV, and the
// students who have paid the tutor (tutorsStudents.ts) without being added. A phone is in a
// tutor's list once: the database's unique index says so, whatever runs at the same time.
import { tidyText } from '../../domain/validation';
import { and, asc, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import {
  checkStudent,
  childConsentError,
  type ChildConsent,
  type FieldError,
  type StudentInput,
} from '../../domain/students';
import { privacyTexts } from '../../domain/privacyTexts';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import {
  consents,
  feePlans,
  orders,
  tutorStudents,
  users,
  type TutorStudentRow,
  type UserRow,
} from '../db/schema';
import type { AuditOrigin, AuditTrail } from './audit';
import { isUniqueViolation } from './dbErrors';
import { offsetOf, pageOf, type PageRequest } from './pages';
import { refuse, success, type Result } from './results';
import { tutorOnly } from './tutorOnly';
import { readStudentCsv } from './studentCsv';
import { studentsTexts } from '../../domain/studentsTexts';

type Student = components['schemas']['Student'];
type StudentPage = components['schemas']['StudentPage'];
type StudentImport = components['schemas']['StudentImport'];
type ImportRow = components['schemas']['StudentImportRow'];
type StudentConfirmation = components['schemas']['StudentConfirmation'];
export type ImportAccept = components['schemas']['StudentImportRequest']['accept'];

const m = studentsTexts.api;
const PHONE_INDEX = 'tutor_students_tutor_phone_idx';

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
  confirmed: row.confirmedAt !== null,
  erased: row.erasedAt !== null,
  minor: row.minor,
  consent:
    row.minor && !row.erasedAt ? (parentConfirmed ? 'parent_confirmed' : 'awaiting_parent') : null,
});

/** Thrown inside the import's transaction to undo it: a row was taken meanwhile. */
class TakenMeanwhile extends Error {}

export function createStudentService({
  db,
  clock,
  audit,
}: {
  db: Database;
  clock: Clock;
  audit: AuditTrail;
}) {
  /** Students who paid the tutor and were not added: their names as on their account. */
  async function payersNotAdded(tutorId: number): Promise<Student[]> {
    const addedPhones = db
      .select({ phone: tutorStudents.phone })
      .from(tutorStudents)
      .where(eq(tutorStudents.tutorId, tutorId));
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
          notInArray(users.phone, addedPhones),
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
      confirmed: true,
      erased: false,
      minor: false,
      consent: null,
    }));
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
      if (!checked.ok) return refuse(400, checked.errors[0]!.message);
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
              minor,
              // D210: a phone the tutor types in one by one is one they vouch for.
              confirmedAt: now,
              parentConsentNotedAt: minor ? now : null,
              createdAt: now,
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
        if (isUniqueViolation(error, PHONE_INDEX)) return refuse(409, m.duplicate);
        throw error;
      }
    },

    /** Added students and payers not added, by name, one page at a time. */
    async list(caller: UserRow, request: PageRequest): Promise<Result<StudentPage, 403>> {
      const refused = tutorOnly(caller);
      if (refused) return refused;
      const mine = await db
        .select()
        .from(tutorStudents)
        .where(eq(tutorStudents.tutorId, caller.id))
        .orderBy(asc(tutorStudents.id));
      const children = mine.filter((row) => row.minor).map((row) => row.id);
      const confirmed = new Set(
        children.length === 0
          ? []
          : (
              await db
                .select({ id: consents.tutorStudentId })
                .from(consents)
                .where(
                  and(
                    eq(consents.kind, 'child'),
                    eq(consents.decision, 'given'),
                    inArray(consents.tutorStudentId, children),
                  ),
                )
            ).map((row) => row.id),
      );
      const shown = mine.map((row) => added(row, confirmed.has(row.id)));
      const all = [...shown, ...(await payersNotAdded(caller.id))].sort((a, b) =>
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

    /**
     * Every row checked; with `accept` 'check' nothing is written, 'all' writes every row or
     * none, 'valid' writes the rows without a problem. One transaction: nothing half-saved.
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
      const firstRowOf = new Map<string, number>();
      const report: ImportRow[] = checked.map(({ row, check }) => {
        const errors: FieldError[] = check.ok ? [] : [...check.errors];
        const plan = tidyText(row.plan);
        if (plan !== '') {
          const batch = batchOf.get(plan.toLowerCase());
          if (batch === undefined) errors.push({ field: 'plan', message: m.noPlan(plan) });
          else if (batch === null) errors.push({ field: 'plan', message: m.planForOne(plan) });
          else if (check.ok && check.value.batch !== null && check.value.batch !== batch) {
            errors.push({ field: 'plan', message: m.planOtherBatch(plan, batch) });
          } else if (check.ok) check.value.batch = batch;
        }
        if (check.ok) {
          const { phone } = check.value;
          const first = firstRowOf.get(phone);
          if (existing.has(phone)) errors.push({ field: 'phone', message: m.duplicate });
          else if (first !== undefined) {
            errors.push({ field: 'phone', message: m.duplicateInFile(first) });
          } else firstRowOf.set(phone, row.row);
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
        };
      });
      const summary = (): StudentImport => {
        const invalid = report.filter((r) => r.errors.length > 0).length;
        const imported = report.filter((r) => r.imported).length;
        return { rows: report, valid: report.length - invalid, invalid, imported };
      };
      if (accept === 'check') return success(summary());
      const { invalid } = summary();
      if (accept === 'all' && invalid > 0) return refuse(400, m.importInvalid(invalid));
      const toWrite = checked.flatMap(({ check }, i) =>
        check.ok && report[i]!.errors.length === 0 ? [{ i, value: check.value }] : [],
      );
      try {
        await db.transaction(async (tx) => {
          if (toWrite.length === 0) return;
          const now = clock.now();
          // D210: imported phones get no reminder until the tutor confirms them.
          const written = await tx
            .insert(tutorStudents)
            .values(toWrite.map(({ value }) => ({ tutorId: caller.id, ...value, createdAt: now })))
            .onConflictDoNothing()
            .returning({ phone: tutorStudents.phone });
          const writtenPhones = new Set(written.map((r) => r.phone));
          for (const { i, value } of toWrite) {
            const row = report[i]!;
            if (writtenPhones.has(value.phone)) row.imported = true;
            else row.errors.push({ field: 'phone', message: m.duplicate });
          }
          if (accept === 'all' && written.length < toWrite.length) throw new TakenMeanwhile();
        });
      } catch (error) {
        if (error instanceof TakenMeanwhile) return refuse(409, m.duplicate);
        throw error;
      }
      return success(summary());
    },
  };
}

export type StudentService = ReturnType<typeof createStudentService>;
