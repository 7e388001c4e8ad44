// Rolling-window rate limits kept as rows (ARCHITECTURE.md: no state in process), serialised
// per bucket with an advisory lock so parallel requests and instances count the same hits.
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { rateLimitHits } from '../db/schema';

export interface RateLimit {
  /** At most this many hits ... */
  max: number;
  /** ... within this rolling window. */
  windowMs: number;
}

export type RateVerdict = { ok: true } | { ok: false; retryAfterSeconds: number };

/** Phone look-ups (D26): enough for any student paying, too few to enumerate users. */
export const PHONE_SEARCH_LIMIT: RateLimit = { max: 30, windowMs: 60 * 60 * 1000 };
/** Tutor invitations by SMS per student (D28). */
export const TUTOR_INVITATION_LIMIT: RateLimit = { max: 10, windowMs: 24 * 60 * 60 * 1000 };
/** PAN checks per caller (own PAN, tutors added): each one is a paid gateway call. */
export const PAN_CHECK_LIMIT: RateLimit = { max: 10, windowMs: 24 * 60 * 60 * 1000 };
/** Bank account penny drops per tutor (D31): each one costs the platform money. */
export const PENNY_DROP_LIMIT: RateLimit = { max: 10, windowMs: 24 * 60 * 60 * 1000 };

export function createRateLimiter(db: Database, clock: Clock) {
  return {
    /** Counts a hit in `bucket` unless the limit is reached; then says when to retry. */
    async hit(bucket: string, limit: RateLimit): Promise<RateVerdict> {
      const now = clock.now();
      const windowStart = new Date(now.getTime() - limit.windowMs);
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rate:${bucket}`}))`);
        await tx
          .delete(rateLimitHits)
          .where(and(eq(rateLimitHits.bucket, bucket), lt(rateLimitHits.createdAt, windowStart)));
        const hits = await tx
          .select({ createdAt: rateLimitHits.createdAt })
          .from(rateLimitHits)
          .where(and(eq(rateLimitHits.bucket, bucket), gt(rateLimitHits.createdAt, windowStart)))
          .orderBy(asc(rateLimitHits.createdAt));
        if (hits.length >= limit.max) {
          // One more is allowed once the oldest counted hit leaves the window.
          const freeing = hits[hits.length - limit.max]!.createdAt.getTime() + limit.windowMs;
          const seconds = Math.max(1, Math.ceil((freeing - now.getTime()) / 1000));
          return { ok: false, retryAfterSeconds: seconds } as const;
        }
        await tx.insert(rateLimitHits).values({ bucket, createdAt: now });
        return { ok: true } as const;
      });
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
