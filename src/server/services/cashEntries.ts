// D237: cash a tutor received, recorded with its amount (any, up to what the student owes) and
// its day. In one transaction it locks the student's open dues (dues first, as every payment
// does, D147), settles them oldest first, ends the links of every due it touched (none asks
// for the old amount) and keeps the entry with what went to each due: the payer's receipt.
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import { checkCashEntry, type CashEntryInput } from '../../domain/cashEntry';
import { settleOldestFirst } from '../../domain/duesLedger';
import { paiseToRupees } from '../../domain/money';
import { studentsTexts } from '../../domain/studentsTexts';
import { coded } from '../../domain/texts';
import { istDateKey } from '../../domain/time';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import {
  cashPaymentDues,
  cashPayments,
  dues,
  feePlans,
  tutorStudents,
  users,
  type UserRow,
} from '../db/schema';
import type { JobQueue } from '../jobs/queue';
import { displayName } from '../users';
import { endLinksForDues } from './dueLinks';
import { OPEN_DUE_STATUSES } from '../../domain/dues';
import { refuse, refuseField, success, type Result } from './results';
import { tutorOnly } from './tutorOnly';

type CashReceipt = components['schemas']['CashReceipt'];

/** 'My dues' shows this many of the latest receipts. */
const RECEIPTS_SHOWN = 20;

export const receiptNumber = (id: number) => `CR-${String(id).padStart(6, '0')}`;

export function createCashEntryService({
  db,
  clock,
  jobs,
}: {
  db: Database;
  clock: Clock;
  jobs: Pick<JobQueue, 'send'>;
}) {
  /** The receipts of `where`'s entries, newest first, with the dues each settled. */
  async function receipts(where: ReturnType<typeof eq>, limit: number): Promise<CashReceipt[]> {
    const entries = await db
      .select({ entry: cashPayments, student: tutorStudents.name, tutor: users })
      .from(cashPayments)
      .innerJoin(tutorStudents, eq(tutorStudents.id, cashPayments.studentId))
      .innerJoin(users, eq(users.id, cashPayments.tutorId))
      .where(where)
      .orderBy(desc(cashPayments.createdAt), desc(cashPayments.id))
      .limit(limit);
    if (entries.length === 0) return [];
    const lines = await db
      .select({
        entryId: cashPaymentDues.cashPaymentId,
        dueId: dues.id,
        plan: feePlans.name,
        period: dues.period,
        applied: cashPaymentDues.applied,
      })
      .from(cashPaymentDues)
      .innerJoin(dues, eq(dues.id, cashPaymentDues.dueId))
      .innerJoin(feePlans, eq(feePlans.id, dues.planId))
      .where(
        inArray(
          cashPaymentDues.cashPaymentId,
          entries.map(({ entry }) => entry.id),
        ),
      )
      .orderBy(asc(dues.dueDate), asc(dues.id));
    return entries.map(({ entry, student, tutor }) => ({
      id: entry.id,
      number: receiptNumber(entry.id),
      tutor_name: displayName(tutor),
      student_id: entry.studentId,
      student_name: student,
      amount: paiseToRupees(entry.amount),
      received_on: entry.receivedOn,
      note: entry.note,
      dues: lines
        .filter((line) => line.entryId === entry.id)
        .map((line) => ({
          due_id: line.dueId,
          plan_name: line.plan,
          period: line.period,
          applied: paiseToRupees(line.applied),
        })),
      created_at: entry.createdAt.toISOString(),
    }));
  }

  return {
    async record(
      caller: UserRow,
      studentId: number,
      input: CashEntryInput,
    ): Promise<Result<CashReceipt, 400 | 403 | 404 | 409>> {
      const refused = tutorOnly(caller);
      if (refused) return refused;
      const today = istDateKey(clock.now());
      const written = await db.transaction(async (tx) => {
        const [student] = await tx
          .select()
          .from(tutorStudents)
          .where(and(eq(tutorStudents.id, studentId), eq(tutorStudents.tutorId, caller.id)));
        if (!student) return refuse(404, coded(studentsTexts.plans).noStudent);
        const open = await tx
          .select({ id: dues.id, amount: dues.amount, paid: dues.paid })
          .from(dues)
          .where(and(eq(dues.studentId, studentId), inArray(dues.status, OPEN_DUE_STATUSES)))
          .orderBy(asc(dues.dueDate), asc(dues.id))
          .for('update');
        const owed = open.reduce((sum, due) => sum + due.amount - due.paid, 0);
        if (owed === 0) return refuse(409, coded(studentsTexts.cash).nothingOwed);
        const checked = checkCashEntry(input, today, owed);
        if (!checked.ok) return refuseField(400, checked.errors[0]!.field, checked.errors[0]!);
        const { applied } = settleOldestFirst(open, checked.value.amount);
        const now = clock.now();
        const [entry] = await tx
          .insert(cashPayments)
          .values({
            tutorId: caller.id,
            studentId,
            payerPhone: student.parentPhone ?? student.phone,
            ...checked.value,
            createdAt: now,
          })
          .returning({ id: cashPayments.id });
        for (const due of applied) {
          await tx
            .update(dues)
            .set({
              paid: due.paid,
              status: due.status,
              ...(due.status === 'paid' ? { settledBy: 'cash' as const, settledAt: now } : {}),
            })
            .where(eq(dues.id, due.id));
        }
        await tx.insert(cashPaymentDues).values(
          applied.map((due) => ({
            cashPaymentId: entry!.id,
            dueId: due.id,
            applied: due.applied,
          })),
        );
        // A link made before asks for what was owed then: none stays open for a touched due.
        await endLinksForDues(
          tx,
          jobs,
          applied.map((due) => due.id),
        );
        return success(entry!.id);
      });
      if (!written.ok) return written;
      const [receipt] = await receipts(eq(cashPayments.id, written.value), 1);
      return success(receipt!);
    },

    /** D237: the receipts of the cash recorded for `caller`'s students (as their payer). */
    async receiptsOf(caller: UserRow): Promise<CashReceipt[]> {
      if (caller.role !== 'student') return [];
      return receipts(eq(cashPayments.payerPhone, caller.phone), RECEIPTS_SHOWN);
    },
  };
}

export type CashEntryService = ReturnType<typeof createCashEntryService>;
