// A person's own data (issue 54, D324, D325): everything we hold about them, read in one
// transaction with its audit event and the one-a-minute limit's hit, so a refused or failed
// download counts for nothing. The JSON is the whole of it; the PDF (personalDataPdf.ts) lays
// the same out to read. The whole PAN appears here, to its owner, and nowhere else.
import { and, desc, eq, or } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import { paiseToRupees } from '../../domain/money';
import { EXPORT_INTERVAL_SECONDS } from '../../domain/privacy';
import { privacyTexts } from '../../domain/privacyTexts';
import { coded } from '../../domain/texts';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import {
  auditEvents,
  bankAccounts,
  consents,
  orders,
  paymentLinks,
  refunds,
  schedules,
  smsMessages,
  tutorStudents,
  users,
  type UserRow,
} from '../db/schema';
import { displayName } from '../users';
import type { AuditOrigin, AuditTrail } from './audit';
import type { PanStore } from './pans';
import { personalDataPdf } from './personalDataPdf';
import type { RateLimiter } from './rateLimits';
import { refuse, success, type Result } from './results';

export type PersonalDataExport = components['schemas']['PersonalDataExport'];
type Row = components['schemas']['ExportRow'];

/** Rows of each list at most: a long-running tutor's export stays a download, not a dump. */
const LIST_MAX = 5000;
const EXPORT_LIMIT = { max: 1, windowMs: EXPORT_INTERVAL_SECONDS * 1000 };

const iso = (date: Date | null) => date?.toISOString() ?? null;
const rupees = (paise: number | null) => (paise === null ? null : paiseToRupees(paise));

export interface PersonalDataDeps {
  db: Database;
  clock: Clock;
  pans: PanStore;
  audit: AuditTrail;
  rateLimiter: RateLimiter;
}

export function createPersonalDataService({
  db,
  clock,
  pans,
  audit,
  rateLimiter,
}: PersonalDataDeps) {
  async function collect(tx: Database, user: UserRow): Promise<PersonalDataExport> {
    const made = await tx
      .select({ order: orders, tutor: users })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.payeeId))
      .where(eq(orders.payerId, user.id))
      .orderBy(desc(orders.createdAt))
      .limit(LIST_MAX);
    const received = await tx
      .select({ order: orders, student: users })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.payerId))
      .where(and(eq(orders.payeeId, user.id), eq(orders.status, 'PAID')))
      .orderBy(desc(orders.paidAt))
      .limit(LIST_MAX);
    const payment = (order: typeof orders.$inferSelect): Row => ({
      order_id: order.id,
      status: order.status,
      created_at: iso(order.createdAt),
      paid_at: iso(order.paidAt),
      amount: rupees(order.baseAmount),
      fee: rupees(order.fee),
      charges: rupees(order.charges),
      total: rupees(order.total),
      method: order.paymentMethod,
    });
    const entries = await tx
      .select({ entry: tutorStudents, tutor: users })
      .from(tutorStudents)
      .innerJoin(users, eq(users.id, tutorStudents.tutorId))
      .where(or(eq(tutorStudents.phone, user.phone), eq(tutorStudents.parentPhone, user.phone)))
      .limit(LIST_MAX);
    const students =
      user.role === 'teacher'
        ? await tx
            .select()
            .from(tutorStudents)
            .where(eq(tutorStudents.tutorId, user.id))
            .orderBy(tutorStudents.id)
            .limit(LIST_MAX)
        : [];
    return {
      generated_at: clock.now().toISOString(),
      profile: {
        id: user.id,
        role: user.role,
        first_name: user.firstName,
        last_name: user.lastName,
        phone: user.phone,
        pan: pans.reveal(user),
        username: user.username,
        subjects: user.subjects,
        language: user.language,
        created_at: user.createdAt.toISOString(),
      },
      consents: (
        await tx.select().from(consents).where(eq(consents.userId, user.id)).orderBy(consents.id)
      ).map((c) => ({
        kind: c.kind,
        version: c.version,
        decision: c.decision,
        student_id: c.tutorStudentId,
        given_at: iso(c.givenAt),
        withdrawn_at: iso(c.withdrawnAt),
      })),
      bank_accounts: (
        await tx.select().from(bankAccounts).where(eq(bankAccounts.userId, user.id))
      ).map((a) => ({
        account_number: a.accountNumberMasked,
        ifsc: a.ifsc,
        bank_name: a.bankName,
        name_at_bank: a.nameAtBank,
        verified: a.verified,
        added_at: iso(a.createdAt),
      })),
      payments_made: made.map(({ order, tutor }) => ({
        ...payment(order),
        tutor: displayName(tutor),
      })),
      payments_received: received.map(({ order, student }) => ({
        ...payment(order),
        student: displayName(student),
      })),
      refunds: (
        await tx
          .select()
          .from(refunds)
          .where(or(eq(refunds.studentId, user.id), eq(refunds.tutorId, user.id)))
          .orderBy(desc(refunds.requestedAt))
          .limit(LIST_MAX)
      ).map((r) => ({
        refund_id: r.id,
        order_id: r.orderId,
        amount: rupees(r.amount),
        reason: r.reason,
        status: r.status,
        requested_at: iso(r.requestedAt),
        refunded_at: iso(r.refundedAt),
      })),
      payment_links: (
        await tx
          .select()
          .from(paymentLinks)
          .where(or(eq(paymentLinks.payeeId, user.id), eq(paymentLinks.studentPhone, user.phone)))
          .orderBy(desc(paymentLinks.createdAt))
          .limit(LIST_MAX)
      ).map((l) => ({
        link_id: l.id,
        amount: rupees(l.amount),
        purpose: l.purpose,
        status: l.status,
        student_phone: l.studentPhone,
        created_at: iso(l.createdAt),
        expires_at: iso(l.expiresAt),
      })),
      sessions: (
        await tx
          .select()
          .from(schedules)
          .where(or(eq(schedules.teacherId, user.id), eq(schedules.studentId, user.id)))
          .orderBy(desc(schedules.starttime))
          .limit(LIST_MAX)
      ).map((s) => ({
        subject: s.subject,
        title: s.title,
        starts_at: iso(s.starttime),
        ends_at: iso(s.endtime),
        amount: rupees(s.amount),
      })),
      student_entries: entries.map(({ entry, tutor }) => ({
        tutor: displayName(tutor),
        as: entry.phone === user.phone ? 'student' : 'parent',
        name: entry.name,
        batch: entry.batch,
        minor: entry.minor,
        added_at: iso(entry.createdAt),
      })),
      students: students.map((s) => ({
        student_id: s.id,
        name: s.erasedAt ? privacyTexts.erased : s.name,
        phone: s.erasedAt ? null : s.phone,
        parent_name: s.parentName,
        parent_phone: s.parentPhone,
        batch: s.batch,
        minor: s.minor,
      })),
      texts: (
        await tx
          .select()
          .from(smsMessages)
          .where(eq(smsMessages.phone, user.phone))
          .orderBy(desc(smsMessages.createdAt))
          .limit(LIST_MAX)
      ).map((t) => ({
        channel: t.channel,
        kind: t.template,
        status: t.status,
        language: t.language,
        sent_at: iso(t.createdAt),
      })),
      audit: (
        await tx
          .select()
          .from(auditEvents)
          .where(or(eq(auditEvents.actorId, user.id), eq(auditEvents.subjectUserId, user.id)))
          .orderBy(desc(auditEvents.at), desc(auditEvents.id))
          .limit(LIST_MAX)
      ).map((e) => ({
        at: iso(e.at),
        action: e.action,
        actor_id: e.actorId,
        subject_user_id: e.subjectUserId,
        subject_student_id: e.subjectStudentId,
      })),
    };
  }

  /** The data, the limit's hit and the audit event in one transaction (D325). */
  async function exported(
    user: UserRow,
    format: 'json' | 'pdf',
    origin?: AuditOrigin,
  ): Promise<Result<PersonalDataExport, 429>> {
    return db.transaction(async (tx) => {
      const allowed = await rateLimiter.take(tx, [
        { bucket: `data-export:${user.id}`, limit: EXPORT_LIMIT },
      ]);
      if (!allowed.ok) {
        return refuse(
          429,
          coded(privacyTexts).api.exportTooSoon(allowed.retryAfterSeconds),
          allowed.retryAfterSeconds,
        );
      }
      const data = await collect(tx, user);
      await audit.record(
        tx,
        { actorId: user.id, action: 'data.exported', subjectUserId: user.id, detail: { format } },
        origin,
      );
      return success(data);
    });
  }

  const fileName = (ext: string) =>
    `tuitionpay-my-data-${clock.now().toISOString().slice(0, 10)}.${ext}`;

  return {
    async json(user: UserRow, origin?: AuditOrigin) {
      const result = await exported(user, 'json', origin);
      return result.ok ? success({ data: result.value, fileName: fileName('json') }) : result;
    },
    async pdf(user: UserRow, origin?: AuditOrigin) {
      const result = await exported(user, 'pdf', origin);
      if (!result.ok) return result;
      return success({ bytes: await personalDataPdf(result.value), fileName: fileName('pdf') });
    },
  };
}

export type PersonalDataService = ReturnType<typeof createPersonalDataService>;
