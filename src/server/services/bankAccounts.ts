// Tutors' bank accounts (D16, D31): verified by the gateway's penny drop in the name on the
// tutor's verified PAN, kept only on a VALID account whose holder's name matches well enough.
// The full number is never stored, returned or logged: only its last 4 digits, and an HMAC
// (keyed by APP_SECRET) that recognises the same account added again.
import { coded, type Said } from '../../domain/texts';
import { createHmac } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import { apiMessages } from '../../domain/apiMessages';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { bankAccounts, type BankAccountRow, type UserRow } from '../db/schema';
import { GatewayError } from '../gateway/types';
import { nameVerdict, type BankFailureCode, type VerificationApi } from '../gateway/verification';
import type { UserRepository } from '../users';
import type { Sealer } from '../crypto/sealing';
import type { AuditOrigin, AuditTrail } from './audit';
import { isUniqueViolation } from './dbErrors';
import { hasPan } from './pans';
import { PENNY_DROP_LIMIT, type RateLimiter } from './rateLimits';
import { refuse, success, type Refusal, type Result } from './results';

type BankAccount = components['schemas']['BankAccount'];

export interface BankAccountDeps {
  db: Database;
  clock: Clock;
  users: UserRepository;
  verification: VerificationApi;
  rateLimiter: RateLimiter;
  /** APP_SECRET: keys the account fingerprint. */
  secret: string;
  /** D317: the penny drop's reference is sealed at rest. */
  sealer: Sealer;
  /** D323: every account added is in the audit trail. */
  audit: AuditTrail;
}

export interface NewAccount {
  /** 9-18 digits (the contract checked the shape). */
  accountNumber: string;
  ifsc: string;
}

// Read per call: the words are in the caller's language (http/language.ts).
const failureMessages = (): Record<BankFailureCode, Said> => {
  const a = coded(apiMessages).accounts;
  return {
    INVALID_ACCOUNT_FAIL: a.invalidAccount,
    ACCOUNT_BLOCKED: a.blocked,
    INVALID_IFSC_FAIL: a.invalidIfsc,
    NRE_ACCOUNT_FAIL: a.nre,
    OTHER: a.notVerified,
  };
};

/** D16: X for every digit but the last 4. */
export function maskAccountNumber(accountNumber: string): string {
  return 'X'.repeat(Math.max(0, accountNumber.length - 4)) + accountNumber.slice(-4);
}

/**
 * The same account whatever branch IFSC is typed: account numbers are unique within a bank
 * (the IFSC's first 4 letters), and transfers reach them through any of its branches.
 */
export function accountFingerprint(secret: string, accountNumber: string, ifsc: string): string {
  return createHmac('sha256', secret)
    .update(`bank-account:${ifsc.slice(0, 4)}:${accountNumber}`)
    .digest('hex');
}

const toApi = (row: BankAccountRow): BankAccount => ({
  id: row.id,
  masked_account_number: row.accountNumberMasked,
  ifsc: row.ifsc,
  bank_name: row.bankName ?? row.ifsc.slice(0, 4),
  name_at_bank: row.nameAtBank ?? '',
  verified: row.verified,
  created_at: row.createdAt.toISOString(),
});

export function createBankAccountService(deps: BankAccountDeps) {
  const { db, clock, users: repo, verification, rateLimiter, secret, sealer, audit } = deps;

  const unavailable = (cause: unknown): Refusal<502> => ({
    ...refuse(502, coded(apiMessages).accounts.unavailable),
    cause,
  });

  return {
    /** The caller's verified accounts, newest first (none for students). */
    async list(caller: UserRow): Promise<BankAccount[]> {
      const rows = await db
        .select()
        .from(bankAccounts)
        .where(and(eq(bankAccounts.userId, caller.id), eq(bankAccounts.verified, true)))
        .orderBy(desc(bankAccounts.createdAt), desc(bankAccounts.id));
      return rows.map(toApi);
    },

    /**
     * Refusals in this order: not a tutor (403), no verified PAN (403), the same account again
     * (409, before any money is spent), too many penny drops today (429), the gateway failed
     * (502), the bank's verdict or a name that does not match (400).
     */
    async add(
      caller: UserRow,
      input: NewAccount,
      origin?: AuditOrigin,
    ): Promise<Result<BankAccount, 400 | 403 | 409 | 429 | 502>> {
      if (caller.role !== 'teacher') return refuse(403, coded(apiMessages).accounts.onlyTutors);
      const user = (await repo.findById(caller.id)) ?? caller;
      if (!hasPan(user) || !user.firstName || !user.lastName) {
        return refuse(403, coded(apiMessages).accounts.panRequired);
      }
      const fingerprint = accountFingerprint(secret, input.accountNumber, input.ifsc);
      const [existing] = await db
        .select({ id: bankAccounts.id })
        .from(bankAccounts)
        .where(
          and(eq(bankAccounts.userId, user.id), eq(bankAccounts.accountFingerprint, fingerprint)),
        )
        .limit(1);
      if (existing) return refuse(409, coded(apiMessages).accounts.duplicate);

      const allowed = await rateLimiter.hit(`penny-drop:${user.id}`, PENNY_DROP_LIMIT);
      if (!allowed.ok) {
        return refuse(429, coded(apiMessages).accounts.tooManyAttempts, allowed.retryAfterSeconds);
      }
      let result;
      try {
        result = await verification.verifyBankAccount({
          accountNumber: input.accountNumber,
          ifsc: input.ifsc,
          name: `${user.firstName} ${user.lastName}`,
          phone: user.phone,
        });
      } catch (error) {
        if (error instanceof GatewayError) return unavailable(error);
        throw error;
      }
      if (result.status === 'INVALID') return refuse(400, failureMessages()[result.code]);
      const names = nameVerdict(result.nameMatch);
      if (names === 'mismatch') return refuse(400, coded(apiMessages).accounts.nameMismatch);
      if (names === 'unknown') return unavailable(new Error('the penny drop gave no name match'));

      try {
        const row = await db.transaction(async (tx) => {
          const [added] = await tx
            .insert(bankAccounts)
            .values({
              userId: user.id,
              accountNumberMasked: maskAccountNumber(input.accountNumber),
              ifsc: input.ifsc,
              bankName: result.bankName,
              nameAtBank: result.nameAtBank,
              verified: true,
              verificationReferenceSealed:
                result.referenceId === null
                  ? null
                  : sealer.seal('bank_accounts.verification_reference', result.referenceId),
              accountFingerprint: fingerprint,
              createdAt: clock.now(),
            })
            .returning();
          if (!added) throw new Error('bank account insert returned nothing');
          await audit.record(
            tx,
            {
              actorId: user.id,
              action: 'bank_account.added',
              subjectUserId: user.id,
              detail: { bank_account_id: added.id },
            },
            origin,
          );
          return added;
        });
        return success(toApi(row));
      } catch (error) {
        // The same account added by a parallel request meanwhile.
        if (isUniqueViolation(error, 'bank_accounts_user_fingerprint_idx')) {
          return refuse(409, coded(apiMessages).accounts.duplicate);
        }
        throw error;
      }
    },
  };
}

export type BankAccountService = ReturnType<typeof createBankAccountService>;
