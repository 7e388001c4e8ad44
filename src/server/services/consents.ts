// Consent (issue 54, D319, D320): to the privacy notice, recorded with its version and time and
// withdrawn as easily; and a parent's answer for a child a tutor added. The app asks where a
// person signs up (the personal-details form) and, for a new notice version or a child waiting
// for the parent, on the dashboards (the consent gate).
import { and, desc, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import { NOTICE_VERSION } from '../../domain/privacy';
import { privacyTexts } from '../../domain/privacyTexts';
import { coded } from '../../domain/texts';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { consents, tutorStudents, users, type UserRow } from '../db/schema';
import { displayName } from '../users';
import type { AuditOrigin, AuditTrail } from './audit';
import { refuse, success, type Result } from './results';

type ConsentState = components['schemas']['ConsentState'];
type ChildAnswer = NonNullable<components['schemas']['ConsentAnswer']['children']>[number];

/** The notice consent in force for each of `userIds`: the newest, unless withdrawn. */
async function noticeConsents(db: Database, userIds: number[]) {
  if (userIds.length === 0) return new Map<number, { version: string; givenAt: Date } | null>();
  const rows = await db
    .selectDistinctOn([consents.userId], {
      userId: consents.userId,
      version: consents.version,
      givenAt: consents.givenAt,
      withdrawnAt: consents.withdrawnAt,
    })
    .from(consents)
    .where(and(inArray(consents.userId, userIds), eq(consents.kind, 'notice')))
    .orderBy(consents.userId, desc(consents.givenAt), desc(consents.id));
  return new Map(
    rows.map((row) => [
      row.userId,
      row.withdrawnAt ? null : { version: row.version, givenAt: row.givenAt },
    ]),
  );
}

/**
 * Who of `userIds` withdrew their consent and has not agreed again: no payment to or from them
 * (D319). Someone who never answered (an account from before the notice) is asked by the app,
 * not refused here.
 */
export async function withdrawnOf(db: Database, userIds: number[]): Promise<Set<number>> {
  const found = await noticeConsents(db, userIds);
  return new Set([...found].filter(([, consent]) => consent === null).map(([id]) => id));
}

/** The children waiting for `parent`'s answer: minors whose parent phone is theirs. */
const waitingChildren = (db: Database, parent: UserRow) =>
  db
    .select({ id: tutorStudents.id, name: tutorStudents.name, tutor: users })
    .from(tutorStudents)
    .innerJoin(users, eq(users.id, tutorStudents.tutorId))
    .where(
      and(
        eq(tutorStudents.parentPhone, parent.phone),
        eq(tutorStudents.minor, true),
        isNull(tutorStudents.erasedAt),
        notExists(
          db
            .select({ one: sql`1` })
            .from(consents)
            .where(
              and(
                eq(consents.userId, parent.id),
                eq(consents.kind, 'child'),
                eq(consents.tutorStudentId, tutorStudents.id),
              ),
            ),
        ),
      ),
    )
    .orderBy(tutorStudents.id);

export interface ConsentDeps {
  db: Database;
  clock: Clock;
  audit: AuditTrail;
  /** D320: a parent's refusal erases the child's entry. */
  eraseChildEntry: (tx: Database, studentId: number) => Promise<void>;
}

export function createConsentService({ db, clock, audit, eraseChildEntry }: ConsentDeps) {
  const state = async (user: UserRow): Promise<ConsentState> => {
    const consent = (await noticeConsents(db, [user.id])).get(user.id) ?? null;
    const children = await waitingChildren(db, user);
    return {
      notice_version: NOTICE_VERSION,
      consent: consent && { version: consent.version, given_at: consent.givenAt.toISOString() },
      needs_notice: consent?.version !== NOTICE_VERSION,
      children: children.map((child) => ({
        student_id: child.id,
        child_name: child.name,
        tutor_name: displayName(child.tutor),
      })),
    };
  };

  /** The notice `version` agreed to now, unless it is the consent in force already. */
  const agree = async (tx: Database, user: UserRow, version: string, origin?: AuditOrigin) => {
    const current = (await noticeConsents(tx, [user.id])).get(user.id);
    if (current?.version === version) return;
    await tx
      .insert(consents)
      .values({ userId: user.id, kind: 'notice', version, givenAt: clock.now() });
    await audit.record(
      tx,
      { actorId: user.id, action: 'consent.given', subjectUserId: user.id, detail: { version } },
      origin,
    );
  };

  return {
    state,

    /**
     * Records consent to the notice on a sign-up form (user/onboarding/'s `notice_version`),
     * before the identity is saved. Another version than the current one is a 409.
     */
    async agreeToNotice(
      user: UserRow,
      version: string,
      origin?: AuditOrigin,
    ): Promise<Result<null, 409>> {
      if (version !== NOTICE_VERSION) return refuse(409, coded(privacyTexts).api.noticeChanged);
      await db.transaction((tx) => agree(tx, user, version, origin));
      return success(null);
    },

    /** giveConsent: the notice, a parent's answers, or both, in one transaction. */
    async answer(
      user: UserRow,
      input: { notice_version?: string; children?: ChildAnswer[] },
      origin?: AuditOrigin,
    ): Promise<Result<ConsentState, 404 | 409>> {
      if (input.notice_version !== undefined && input.notice_version !== NOTICE_VERSION) {
        return refuse(409, coded(privacyTexts).api.noticeChanged);
      }
      const waiting = new Set((await waitingChildren(db, user)).map((child) => child.id));
      const answers = input.children ?? [];
      if (answers.some((child) => !waiting.has(child.student_id))) {
        return refuse(404, coded(privacyTexts).api.childNotFound);
      }
      await db.transaction(async (tx) => {
        if (input.notice_version !== undefined) await agree(tx, user, input.notice_version, origin);
        for (const child of new Map(answers.map((a) => [a.student_id, a])).values()) {
          // The unique index keeps one answer per parent and child, whatever runs at once.
          const [recorded] = await tx
            .insert(consents)
            .values({
              userId: user.id,
              kind: 'child',
              version: NOTICE_VERSION,
              tutorStudentId: child.student_id,
              decision: child.decision,
              givenAt: clock.now(),
            })
            .onConflictDoNothing()
            .returning({ id: consents.id });
          if (!recorded) continue;
          const refused = child.decision === 'refused';
          await audit.record(
            tx,
            {
              actorId: user.id,
              action: refused ? 'child.refused' : 'child.consent',
              subjectStudentId: child.student_id,
            },
            origin,
          );
          if (refused) await eraseChildEntry(tx, child.student_id);
        }
      });
      return success(await state(user));
    },

    /** withdrawConsent: the consent in force ends now (DPDP Act s.6(4)). */
    async withdraw(user: UserRow, origin?: AuditOrigin): Promise<ConsentState> {
      await db.transaction(async (tx) => {
        const ended = await tx
          .update(consents)
          .set({ withdrawnAt: clock.now() })
          .where(
            and(
              eq(consents.userId, user.id),
              eq(consents.kind, 'notice'),
              isNull(consents.withdrawnAt),
            ),
          )
          .returning({ id: consents.id });
        if (ended.length === 0) return;
        await audit.record(
          tx,
          { actorId: user.id, action: 'consent.withdrawn', subjectUserId: user.id },
          origin,
        );
      });
      return state(user);
    },
  };
}

export type ConsentService = ReturnType<typeof createConsentService>;
