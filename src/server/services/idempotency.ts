// D32: an `Idempotency-Key` makes a POST happen once. A row per (caller, key) holds the
// request's fingerprint and, once answered, the reply:
// - the same key and body replay the reply; another body under the key is refused (409);
// - a request still working under the key is waited for, then refused (409) if it is slow;
// - a refusal or a crash is not remembered, so fixing the problem and retrying with the key
//   works; a request that died without answering releases its key after IN_FLIGHT_STALE_MS;
// - a key is free again after IDEMPOTENCY_TTL_MS; the sweep removes such rows.
// Keys are per caller, shared by every route that takes them (as Stripe's are).
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { success, type Refusal, type Result } from './results';

/** Keys are remembered this long. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a second request waits for the first one to answer ... */
export const WAIT_FOR_FIRST_MS = 15_000;
export const WAIT_STEP_MS = 100;
/** ... and after how long an unanswered first request is taken for dead. */
export const IN_FLIGHT_STALE_MS = 60_000;

/** A stable fingerprint of a JSON body: its keys sorted (rows already stored keep matching). */
export function fingerprint(body: Record<string, unknown>): string {
  const sorted = Object.fromEntries(Object.entries(body).sort(([a], [b]) => a.localeCompare(b)));
  return createHash('sha256').update(JSON.stringify(sorted)).digest('hex');
}

export interface IdempotentRequest {
  userId: number;
  key: string;
  /** fingerprint(body), the body normalised as the route reads it */
  hash: string;
  /** What the caller is told: another body under the key; the first request still working. */
  refusals: { mismatch: Refusal<409>; inFlight: Refusal<409> };
}

type Claim<T> =
  | { kind: 'claimed'; rowId: number }
  | { kind: 'replay'; reply: T }
  | { kind: 'refused'; refusal: Refusal<409> };

/**
 * The sweep's part (D108): removes up to `limit` keys older than a day. A claim treats such a
 * key as free anyway, so this only keeps the table small, off the order's path (issue 11).
 */
export async function forgetExpiredKeys(db: Database, now: Date, limit: number): Promise<number> {
  const expired = db
    .select({ id: idempotencyKeys.id })
    .from(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)))
    .limit(limit);
  const gone = await db
    .delete(idempotencyKeys)
    .where(inArray(idempotencyKeys.id, expired))
    .returning({ id: idempotencyKeys.id });
  return gone.length;
}

export function createIdempotency({ db, clock }: { db: Database; clock: Clock }) {
  /** Claims the key for this request, or tells how an earlier request with it ended. */
  const claim = async <T>(request: IdempotentRequest): Promise<Claim<T>> => {
    const { userId, key, hash, refusals } = request;
    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      const now = clock.now();
      const [claimed] = await db
        .insert(idempotencyKeys)
        .values({ userId, key, requestHash: hash, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: idempotencyKeys.id });
      if (claimed) return { kind: 'claimed', rowId: claimed.id };
      const [row] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
        .limit(1);
      if (!row) continue; // answered with a refusal and released meanwhile: claim it now
      if (now.getTime() - row.createdAt.getTime() > IDEMPOTENCY_TTL_MS) {
        // Expired, and not yet removed by the sweep: the key is free again.
        await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, row.id));
        continue;
      }
      if (row.requestHash !== hash) return { kind: 'refused', refusal: refusals.mismatch };
      if (row.response !== null) return { kind: 'replay', reply: row.response as T };
      if (now.getTime() - row.createdAt.getTime() > IN_FLIGHT_STALE_MS) {
        // Its request died without answering: release the key and claim it again.
        await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, row.id));
        continue;
      }
      if (Date.now() >= deadline) return { kind: 'refused', refusal: refusals.inFlight };
      await sleep(WAIT_STEP_MS);
    }
  };

  const release = (rowId: number) =>
    db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, rowId));

  /** Runs `work` once per key: its success is stored and replayed; a refusal is not kept. */
  return async function idempotent<T, S extends number>(
    request: IdempotentRequest,
    work: () => Promise<Result<T, S>>,
  ): Promise<Result<T, S | 409>> {
    const claimed = await claim<T>(request);
    if (claimed.kind === 'replay') return success(claimed.reply);
    if (claimed.kind === 'refused') return claimed.refusal;
    let result: Result<T, S>;
    try {
      result = await work();
    } catch (error) {
      await release(claimed.rowId);
      throw error;
    }
    if (!result.ok) {
      await release(claimed.rowId);
      return result;
    }
    await db
      .update(idempotencyKeys)
      .set({ response: result.value as object })
      .where(eq(idempotencyKeys.id, claimed.rowId));
    return success(result.value);
  };
}

export type Idempotent = ReturnType<typeof createIdempotency>;
