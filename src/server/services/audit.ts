// The audit trail (issue 54, D323): who read another person's data, changed bank or KYC data,
// gave or withdrew consent, or erased data; when, and from where. Written with the executor of
// the read or change it records, so both commit or neither does. The table refuses UPDATE,
// DELETE and TRUNCATE (migration 0020): nothing here or anywhere can change a written event.
import { count, desc, eq, or } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { auditEvents } from '../db/schema';
import { offsetOf, pageOf, type PageRequest } from './pages';

export type AuditAction = components['schemas']['AuditAction'];
type AuditEventPage = components['schemas']['AuditEventPage'];

/** Where a request came from: Fastify's request has both (`ip` behind TRUST_PROXY, D115). */
export interface AuditOrigin {
  ip: string | null;
  id: string | null;
}

export interface AuditEntry {
  /** Who acted; null for the platform (a job, a staff command). */
  actorId: number | null;
  action: AuditAction;
  subjectUserId?: number | null;
  subjectStudentId?: number | null;
  /** Ids, counts and kinds only: never a name, phone, PAN or account number. */
  detail?: Record<string, string | number | boolean | null>;
}

export function createAuditTrail({ db, clock }: { db: Database; clock: Clock }) {
  return {
    async record(executor: Database, entry: AuditEntry, origin?: AuditOrigin): Promise<void> {
      await executor.insert(auditEvents).values({
        at: clock.now(),
        actorId: entry.actorId,
        action: entry.action,
        subjectUserId: entry.subjectUserId ?? null,
        subjectStudentId: entry.subjectStudentId ?? null,
        detail: entry.detail ?? null,
        ip: origin?.ip ?? null,
        requestId: origin?.id ?? null,
      });
    },

    /** The trail of the caller's own account: what they did, and what was done to their data. */
    async listOwn(userId: number, request: PageRequest): Promise<AuditEventPage> {
      const mine = or(eq(auditEvents.actorId, userId), eq(auditEvents.subjectUserId, userId));
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(auditEvents)
          .where(mine)
          .orderBy(desc(auditEvents.at), desc(auditEvents.id))
          .limit(request.pageSize)
          .offset(offsetOf(request)),
        db.select({ n: count() }).from(auditEvents).where(mine),
      ]);
      return pageOf(
        rows.map((row) => ({
          id: row.id,
          at: row.at.toISOString(),
          action: row.action as AuditAction,
          by: row.actorId === null ? 'platform' : row.actorId === userId ? 'you' : 'someone',
          actor_id: row.actorId,
          about_you: row.subjectUserId === userId,
          subject_user_id: row.subjectUserId,
          subject_student_id: row.subjectStudentId,
          // Another person's address is theirs: shown only for the caller's own actions.
          ip: row.actorId === userId ? row.ip : null,
        })),
        Number(total?.n ?? 0),
        request,
      );
    },
  };
}

export type AuditTrail = ReturnType<typeof createAuditTrail>;
