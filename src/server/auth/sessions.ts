// Access tokens (D13): opaque random strings; only their SHA-256 is stored, with an expiry
// and a revocation time, so logout works on every instance at once.
import type { Locale } from '../../domain/locale';
import { and, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { sessions, users, type UserRow } from '../db/schema';
import { onboardingEntries, type OnboardingEntry } from '../users';
import { SESSION_VALIDITY_MS } from './constants';
import { hashSessionToken, newSessionToken } from './crypto';

export interface Session {
  user: UserRow;
  tokenHash: string;
  expiresAt: Date;
  /** The user's gateway entries as the request began, read with the session (GET user/me/). */
  onboarding: OnboardingEntry[];
}

export function createSessionService(db: Database, clock: Clock) {
  // Issue 11: every authenticated request runs this, so it is built once and prepared on each
  // connection (PostgreSQL parses and plans it once), not rebuilt per request. It also brings
  // the user's gateway entries, so GET user/me/, the app's most frequent call, is one round trip.
  const live = db
    .select({ user: users, expiresAt: sessions.expiresAt, onboarding: onboardingEntries })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('session_live');

  return {
    async create(userId: number): Promise<{ token: string; expiresAt: Date }> {
      const now = clock.now();
      const token = newSessionToken();
      const expiresAt = new Date(now.getTime() + SESSION_VALIDITY_MS);
      // The user's dead sessions can go: an unknown token is refused like a revoked one.
      await db
        .delete(sessions)
        .where(
          and(
            eq(sessions.userId, userId),
            or(lte(sessions.expiresAt, now), isNotNull(sessions.revokedAt)),
          ),
        );
      await db
        .insert(sessions)
        .values({ tokenHash: hashSessionToken(token), userId, expiresAt, createdAt: now });
      return { token, expiresAt };
    },

    /** The live session of `token`, or null when unknown, expired or revoked. */
    async authenticate(token: string): Promise<Session | null> {
      const tokenHash = hashSessionToken(token);
      const [row] = await live.execute({ tokenHash, now: clock.now() });
      return row
        ? { user: row.user, tokenHash, expiresAt: row.expiresAt, onboarding: row.onboarding }
        : null;
    },

    /**
     * Issue 15: remembers the language the user now uses the app in, so the texts they get
     * later (reminders, by a job with no request) are in it. Written only when it changed.
     */
    async rememberLanguage(session: Session, language: Locale): Promise<void> {
      if (session.user.language === language) return;
      await db.update(users).set({ language }).where(eq(users.id, session.user.id));
      session.user.language = language;
    },

    async revoke(tokenHash: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: clock.now() })
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
