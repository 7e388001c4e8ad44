// Access tokens (D13): opaque random strings; only their SHA-256 is stored, with an expiry
// and a revocation time, so logout works on every instance at once.
import { and, eq, gt, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { sessions, users, type UserRow } from '../db/schema';
import { SESSION_VALIDITY_MS } from './constants';
import { hashSessionToken, newSessionToken } from './crypto';

export interface Session {
  user: UserRow;
  tokenHash: string;
  expiresAt: Date;
}

export function createSessionService(db: Database, clock: Clock) {
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
      const [row] = await db
        .select({ user: users, expiresAt: sessions.expiresAt })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.tokenHash, tokenHash),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, clock.now()),
          ),
        )
        .limit(1);
      return row ? { user: row.user, tokenHash, expiresAt: row.expiresAt } : null;
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
