// Rolling-window rate limits kept as rows (ARCHITECTURE.md: no state in process), serialised
// per bucket with an advisory lock so parallel requests and instances count the same hits.
import { and, eq, gt, lt, sql } from 'drizzle-orm';
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

/** A limit on one bucket ('otp:address:1.2.3.4'), checked with others in one step. */
export interface BucketLimit {
  bucket: string;
  limit: RateLimit;
}

/** Phone look-ups (D26): enough for any student paying, too few to enumerate users. */
export const PHONE_SEARCH_LIMIT: RateLimit = { max: 30, windowMs: 60 * 60 * 1000 };
/** Tutor invitations by SMS per student (D28). */
export const TUTOR_INVITATION_LIMIT: RateLimit = { max: 10, windowMs: 24 * 60 * 60 * 1000 };
/** PAN checks per caller (own PAN, tutors added): each one is a paid gateway call. */
export const PAN_CHECK_LIMIT: RateLimit = { max: 10, windowMs: 24 * 60 * 60 * 1000 };
/** Bank account penny drops per tutor (D31): each one costs the platform money. */
export const PENNY_DROP_LIMIT: RateLimit = { max: 10, windowMs: 24 * 60 * 60 * 1000 };

/** Locks `bucket` for the rest of `tx`, forgets hits outside the window, judges one more. */
async function judge(tx: Database, { bucket, limit }: BucketLimit, now: Date) {
  const windowStart = new Date(now.getTime() - limit.windowMs);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rate:${bucket}`}))`);
  await tx
    .delete(rateLimitHits)
    .where(and(eq(rateLimitHits.bucket, bucket), lt(rateLimitHits.createdAt, windowStart)));
  // Only the hit that frees the next slot matters: the max-th newest one.
  const [freeing] = await tx
    .select({ createdAt: rateLimitHits.createdAt })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.bucket, bucket), gt(rateLimitHits.createdAt, windowStart)))
    .orderBy(sql`${rateLimitHits.createdAt} desc`)
    .offset(limit.max - 1)
    .limit(1);
  if (!freeing) return { ok: true } as const;
  const seconds = Math.ceil((freeing.createdAt.getTime() + limit.windowMs - now.getTime()) / 1000);
  return { ok: false, retryAfterSeconds: Math.max(1, seconds) } as const;
}

/** Every limit judged (locks taken in one order, so no two requests deadlock); the longest wait. */
async function judgeAll(tx: Database, limits: BucketLimit[], now: Date): Promise<RateVerdict> {
  let wait = 0;
  const sorted = [...limits].sort((a, b) => a.bucket.localeCompare(b.bucket));
  for (const entry of sorted) {
    const verdict = await judge(tx, entry, now);
    if (!verdict.ok) wait = Math.max(wait, verdict.retryAfterSeconds);
  }
  return wait > 0 ? { ok: false, retryAfterSeconds: wait } : { ok: true };
}

export function createRateLimiter(db: Database, clock: Clock) {
  const record = async (tx: Database, buckets: string[], now: Date) => {
    if (buckets.length === 0) return;
    await tx.insert(rateLimitHits).values(buckets.map((bucket) => ({ bucket, createdAt: now })));
  };

  /** Inside `tx`: when every limit allows one more, counts a hit in each; else counts none. */
  const take = async (tx: Database, limits: BucketLimit[]): Promise<RateVerdict> => {
    const now = clock.now();
    const verdict = await judgeAll(tx, limits, now);
    if (verdict.ok) await record(tx, [...new Set(limits.map((l) => l.bucket))], now);
    return verdict;
  };

  return {
    /** Counts a hit in `bucket` unless the limit is reached; then says when to retry. */
    hit: (bucket: string, limit: RateLimit): Promise<RateVerdict> =>
      db.transaction((tx) => take(tx, [{ bucket, limit }])),

    take,

    /** Inside `tx`: whether every limit allows one more, counting nothing (see `record`). */
    check(tx: Database, limits: BucketLimit[]): Promise<RateVerdict> {
      return judgeAll(tx, limits, clock.now());
    },

    /** Inside `tx`: counts one hit in each bucket (after `check`, once the hit happened). */
    record(tx: Database, buckets: string[]): Promise<void> {
      return record(tx, buckets, clock.now());
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
