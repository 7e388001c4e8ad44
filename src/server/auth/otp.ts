// Login codes (D12) and role conflicts (D14). Every check reads rows, never process memory,
// and runs under a per-phone advisory lock, so limits hold across parallel requests and
// across server instances.
import { currentLocale } from '../language';
import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { messages } from '../../domain/messages';
import { coded, type Said } from '../../domain/texts';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { otpCodes, otpFailures, type Role, type UserRow } from '../db/schema';
import type { SmsSender } from '../sms/sender';
import { maskPhone } from '../sms/sender';
import type { RateLimiter } from '../services/rateLimits';
import type { UserRepository } from '../users';
import { codeBuckets, guessBuckets, type OtpFloodLimits } from './otpFloods';
import {
  OTP_CODES_WINDOW_MS,
  OTP_MAX_CODES_PER_HOUR,
  OTP_MAX_WRONG_TRIES,
  OTP_MAX_WRONG_TRIES_PER_DAY,
  OTP_RESEND_COOLDOWN_SECONDS,
  OTP_VALIDITY_MS,
  OTP_WRONG_TRIES_WINDOW_MS,
} from './constants';

const OTP_RESEND_COOLDOWN_MS = OTP_RESEND_COOLDOWN_SECONDS * 1000;
import { hashOtp, randomOtp, sameDigest } from './crypto';

export type RateLimited = { kind: 'rateLimited'; retryAfterSeconds: number; said: Said };
export type RoleMismatch = { kind: 'roleMismatch' };

export type GenerateResult =
  | { kind: 'sent'; said: Said; resendAfterSeconds: number }
  | { kind: 'unsent'; said: Said; error: unknown }
  | RoleMismatch
  | RateLimited;

export type ValidateResult =
  { kind: 'ok'; user: UserRow } | { kind: 'invalid'; said: Said } | RoleMismatch | RateLimited;

export interface OtpServiceDeps {
  db: Database;
  clock: Clock;
  secret: string;
  sms: SmsSender;
  users: UserRepository;
  rateLimiter: RateLimiter;
  /** D114: codes and wrong guesses per client address, codes overall. */
  floods: OtpFloodLimits;
  /** Tests may fix the code; production uses the CSPRNG. */
  generateCode?: () => string;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
type Wait = { untilMs: number; said: Said };
const otpSaid = () => coded(messages).otp;

export function createOtpService(deps: OtpServiceDeps) {
  const { db, clock, secret, sms, users, rateLimiter, floods } = deps;

  /** D114: a 429 when this address, or the product as a whole, asked for too many codes. */
  const floodWait = async (tx: Database, address: string): Promise<RateLimited | null> => {
    const here = await rateLimiter.check(tx, codeBuckets(floods, address).slice(0, -1));
    if (!here.ok) {
      return {
        kind: 'rateLimited',
        retryAfterSeconds: here.retryAfterSeconds,
        said: otpSaid().tooManyFromAddress,
      };
    }
    const overall = await rateLimiter.check(tx, codeBuckets(floods, address).slice(-1));
    if (!overall.ok) {
      return {
        kind: 'rateLimited',
        retryAfterSeconds: overall.retryAfterSeconds,
        said: otpSaid().busy,
      };
    }
    return null;
  };
  const generateCode = deps.generateCode ?? (() => randomOtp());

  /** Serialises the OTP checks of one phone for the rest of the transaction. */
  const lockPhone = (tx: Database, phone: string) =>
    tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:${phone}`}))`);

  const roleConflict = async (tx: Database, phone: string, role: Role) => {
    const user = await users.findByPhone(phone, tx);
    return user !== undefined && user.role !== role;
  };

  /** When the daily wrong-try limit (D12) frees up again, if it is reached now. */
  const dailyLimitWait = async (tx: Database, phone: string, now: Date): Promise<Wait | null> => {
    const failures = await tx
      .select({ createdAt: otpFailures.createdAt })
      .from(otpFailures)
      .where(
        and(
          eq(otpFailures.phone, phone),
          gt(otpFailures.createdAt, new Date(now.getTime() - OTP_WRONG_TRIES_WINDOW_MS)),
        ),
      )
      .orderBy(asc(otpFailures.createdAt));
    const excess = failures.length - OTP_MAX_WRONG_TRIES_PER_DAY;
    const freeing = failures[excess];
    if (excess < 0 || !freeing) return null;
    // One try is allowed again once enough old failures leave the window.
    return {
      untilMs: freeing.createdAt.getTime() + OTP_WRONG_TRIES_WINDOW_MS,
      said: otpSaid().tooManyWrongTriesToday,
    };
  };

  return {
    /** `address`: the client's address (the socket's, or the trusted proxy's word for it). */
    async generate(phone: string, role: Role, address: string): Promise<GenerateResult> {
      const now = clock.now();
      const code = generateCode();
      const outcome = await db.transaction(async (tx) => {
        await lockPhone(tx, phone);
        if (await roleConflict(tx, phone, role)) return { kind: 'roleMismatch' } as const;
        // Rows older than the longest window matter to no limit: keep the tables small.
        const dayAgo = new Date(now.getTime() - OTP_WRONG_TRIES_WINDOW_MS);
        await tx
          .delete(otpCodes)
          .where(and(eq(otpCodes.phone, phone), lt(otpCodes.createdAt, dayAgo)));
        await tx
          .delete(otpFailures)
          .where(and(eq(otpFailures.phone, phone), lt(otpFailures.createdAt, dayAgo)));

        const recent = await tx
          .select({ createdAt: otpCodes.createdAt })
          .from(otpCodes)
          .where(
            and(
              eq(otpCodes.phone, phone),
              gt(otpCodes.createdAt, new Date(now.getTime() - OTP_CODES_WINDOW_MS)),
            ),
          )
          .orderBy(asc(otpCodes.createdAt));
        const hourlyWait = (codes: { createdAt: Date }[]): number | null => {
          const oldestCounted = codes[codes.length - OTP_MAX_CODES_PER_HOUR];
          return oldestCounted ? oldestCounted.createdAt.getTime() + OTP_CODES_WINDOW_MS : null;
        };

        const waits: Wait[] = [];
        const daily = await dailyLimitWait(tx, phone, now);
        if (daily) waits.push(daily);
        const newest = recent.at(-1);
        if (newest && now.getTime() - newest.createdAt.getTime() < OTP_RESEND_COOLDOWN_MS) {
          const untilMs = newest.createdAt.getTime() + OTP_RESEND_COOLDOWN_MS;
          waits.push({
            untilMs,
            said: otpSaid().waitBeforeResend(seconds(untilMs - now.getTime())),
          });
        }
        const hourly = hourlyWait(recent);
        if (hourly !== null) waits.push({ untilMs: hourly, said: otpSaid().tooManyRequests });
        if (waits.length > 0) {
          // Report the longest wait: retrying earlier would only be refused again.
          const longest = waits.reduce((a, b) => (b.untilMs > a.untilMs ? b : a));
          return {
            kind: 'rateLimited',
            retryAfterSeconds: seconds(longest.untilMs - now.getTime()),
            said: longest.said,
          } as const;
        }
        const flood = await floodWait(tx, address);
        if (flood) return flood;
        await rateLimiter.record(
          tx,
          codeBuckets(floods, address).map((entry) => entry.bucket),
        );

        // Only the newest code of a phone is ever checked, so this supersedes older ones.
        const [row] = await tx
          .insert(otpCodes)
          .values({
            phone,
            role,
            codeHash: hashOtp(secret, phone, role, code),
            expiresAt: new Date(now.getTime() + OTP_VALIDITY_MS),
            createdAt: now,
          })
          .returning({ id: otpCodes.id });
        // The next send is possible after the cooldown, or later if this used up the hour.
        const nextHourly = hourlyWait([...recent, { createdAt: now }]);
        const resendAtMs = Math.max(now.getTime() + OTP_RESEND_COOLDOWN_MS, nextHourly ?? 0);
        return { kind: 'sent', id: row!.id, resendAfterMs: resendAtMs - now.getTime() } as const;
      });

      if (outcome.kind !== 'sent') return outcome;
      try {
        // Sent after commit, at once (the student is waiting; the sender retries a transient
        // failure briefly): a slow SMS provider must not hold the phone's lock.
        await sms.send({ phone, template: 'otp', vars: { otp: code }, language: currentLocale() });
      } catch (error) {
        // Undelivered: forget the code so the cooldown does not block a retry, and say so.
        await db.delete(otpCodes).where(eq(otpCodes.id, outcome.id));
        return { kind: 'unsent', said: otpSaid().notSent, error };
      }
      return {
        kind: 'sent',
        said: otpSaid().sentTo(maskPhone(phone)),
        resendAfterSeconds: seconds(outcome.resendAfterMs),
      };
    },

    async validate(
      phone: string,
      role: Role,
      otp: string,
      address: string,
    ): Promise<ValidateResult> {
      const now = clock.now();
      return db.transaction(async (tx): Promise<ValidateResult> => {
        await lockPhone(tx, phone);
        // D114: wrong guesses from this address, for any phones, are counted and capped.
        const guesses = await rateLimiter.check(tx, guessBuckets(floods, address));
        if (!guesses.ok) {
          return {
            kind: 'rateLimited',
            retryAfterSeconds: guesses.retryAfterSeconds,
            said: otpSaid().tooManyGuessesFromAddress,
          };
        }
        const daily = await dailyLimitWait(tx, phone, now);
        if (daily) {
          return {
            kind: 'rateLimited',
            retryAfterSeconds: seconds(daily.untilMs - now.getTime()),
            said: daily.said,
          };
        }
        if (await roleConflict(tx, phone, role)) return { kind: 'roleMismatch' };

        const [code] = await tx
          .select()
          .from(otpCodes)
          .where(eq(otpCodes.phone, phone))
          .orderBy(desc(otpCodes.createdAt), desc(otpCodes.id))
          .limit(1);
        if (!code) return { kind: 'invalid', said: otpSaid().incorrect };
        if (code.attempts >= OTP_MAX_WRONG_TRIES) {
          return { kind: 'invalid', said: otpSaid().tooManyAttempts };
        }
        if (code.consumedAt !== null || code.expiresAt.getTime() <= now.getTime()) {
          return { kind: 'invalid', said: otpSaid().expired };
        }

        if (!sameDigest(hashOtp(secret, phone, role, otp), code.codeHash)) {
          const attempts = code.attempts + 1;
          await tx.update(otpCodes).set({ attempts }).where(eq(otpCodes.id, code.id));
          await tx.insert(otpFailures).values({ phone, createdAt: now });
          await rateLimiter.record(
            tx,
            guessBuckets(floods, address).map((entry) => entry.bucket),
          );
          const burned = attempts >= OTP_MAX_WRONG_TRIES;
          return {
            kind: 'invalid',
            said: burned ? otpSaid().tooManyAttempts : otpSaid().incorrect,
          };
        }

        await tx.update(otpCodes).set({ consumedAt: now }).where(eq(otpCodes.id, code.id));
        const user = await users.findOrCreate(phone, role, now, tx);
        return { kind: 'ok', user };
      });
    },
  };
}

export type OtpService = ReturnType<typeof createOtpService>;
