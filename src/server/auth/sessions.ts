// Access tokens (D13): opaque random strings; only their SHA-256 is stored, with an expiry
// and a revocation time, so logout works on every instance at once. D242: a session is one
// device's login, alive until 30 days after its last use (sliding: each use moves it on, written
// at most once an hour so a busy device costs no write per request), listed with the device's
// name and revocable one by one.
import type { Locale } from '../../domain/locale';
import { and, desc, eq, gt, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { sessions, users, type UserRow } from '../db/schema';
import { onboardingEntries, type OnboardingEntry } from '../users';
import { SESSION_REFRESH_MS, SESSION_VALIDITY_MS } from './constants';
import { hashSessionToken, newSessionToken } from './crypto';

type DeviceSession = components['schemas']['DeviceSession'];

export interface Session {
  /** The session's row: what the device list names and revokes. */
  id: number;
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
    .select({
      id: sessions.id,
      user: users,
      expiresAt: sessions.expiresAt,
      lastUsedAt: sessions.lastUsedAt,
      onboarding: onboardingEntries,
    })
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

  const validUntil = (from: Date) => new Date(from.getTime() + SESSION_VALIDITY_MS);

  return {
    async create(userId: number, device = ''): Promise<{ token: string; expiresAt: Date }> {
      const now = clock.now();
      const token = newSessionToken();
      const expiresAt = validUntil(now);
      // The user's dead sessions can go: an unknown token is refused like a revoked one.
      await db
        .delete(sessions)
        .where(
          and(
            eq(sessions.userId, userId),
            or(lte(sessions.expiresAt, now), isNotNull(sessions.revokedAt)),
          ),
        );
      await db.insert(sessions).values({
        tokenHash: hashSessionToken(token),
        userId,
        expiresAt,
        createdAt: now,
        lastUsedAt: now,
        device,
      });
      return { token, expiresAt };
    },

    /**
     * The live session of `token`, or null when unknown, expired or revoked. D242: a use more
     * than SESSION_REFRESH_MS after the last one written moves the expiry to 30 days from now.
     */
    async authenticate(token: string): Promise<Session | null> {
      const tokenHash = hashSessionToken(token);
      const now = clock.now();
      const [row] = await live.execute({ tokenHash, now });
      if (!row) return null;
      let expiresAt = row.expiresAt;
      if (now.getTime() - row.lastUsedAt.getTime() >= SESSION_REFRESH_MS) {
        expiresAt = validUntil(now);
        // Conditional: of racing requests one writes, the others find it written.
        await db
          .update(sessions)
          .set({ lastUsedAt: now, expiresAt })
          .where(and(eq(sessions.id, row.id), lt(sessions.lastUsedAt, now)));
      }
      return { id: row.id, user: row.user, tokenHash, expiresAt, onboarding: row.onboarding };
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

    /** D242: the user's live sessions, the latest used first; `current` is the caller's. */
    async devices(session: Session): Promise<DeviceSession[]> {
      const rows = await db
        .select()
        .from(sessions)
        .where(
          and(
            eq(sessions.userId, session.user.id),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, clock.now()),
          ),
        )
        .orderBy(desc(sessions.lastUsedAt), desc(sessions.id));
      return rows.map((row) => ({
        id: row.id,
        device: row.device,
        created_at: row.createdAt.toISOString(),
        last_used_at: row.lastUsedAt.toISOString(),
        expires_at: row.expiresAt.toISOString(),
        current: row.id === session.id,
      }));
    },

    /** D242: logs out one of the user's live sessions; false when there is none of that id. */
    async revokeDevice(session: Session, id: number): Promise<boolean> {
      const revoked = await db
        .update(sessions)
        .set({ revokedAt: clock.now() })
        .where(
          and(
            eq(sessions.id, id),
            eq(sessions.userId, session.user.id),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, clock.now()),
          ),
        )
        .returning({ id: sessions.id });
      return revoked.length > 0;
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
