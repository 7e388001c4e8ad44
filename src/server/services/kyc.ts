// The tutor's Aadhaar KYC with the gateway (spec §2 Aadhaar step, §4; D4, D8, D15, D16, D35):
// the tutor is a sub-merchant of ours; starting KYC creates (or reuses) the merchant and
// answers the gateway's one-hour onboarding link; the status comes back by webhook and by
// re-reading the merchant on demand. Both go through applyStatus, the one place that moves a
// tutor's status:
// - the same status again changes nothing (`duplicate`);
// - MIN_KYC_APPROVED and ACTIVE never move back (only APPROVED → ACTIVE): at-least-once,
//   out-of-order delivery cannot undo an approval;
// - another step back (by STATUS_RANK) needs an event no older than the last change, so a
//   late delivery of an old event is dropped while a retry after a rejection
//   (MIN_KYC_REJECTED → MIN_KYC_PENDING) is taken;
// - the first MIN_KYC_APPROVED or ACTIVE records users.kyc_approved_at (D8).
import { coded } from '../../domain/texts';
import { and, eq, sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import { PG_NAME } from '../../domain/constants';
import { messages } from '../../domain/messages';
import { apiMessages } from '../../domain/apiMessages';
import {
  AADHAAR_RETURN_PATH,
  canAcceptPayments,
  isPgOnboardingStatus,
  type PgOnboardingStatus,
} from '../../domain/onboarding';
import { toIstIsoString } from '../../domain/time';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { bankAccounts, pgOnboarding, users, type UserRow } from '../db/schema';
import type { MerchantOnboardingApi, OnboardingWebhook } from '../gateway/merchants';
import { displayName } from '../users';
import type { AuditTrail } from './audit';
import { hasPan } from './pans';
import { refuse, success, type Refusal, type Result } from './results';

export type PgOnboardingLink = components['schemas']['PgOnboardingLink'];
export type PgOnboardingState = components['schemas']['PgOnboardingState'];

/** The order a KYC goes through; a move to a lower rank is a step back. */
const STATUS_RANK: Record<PgOnboardingStatus, number> = {
  NONE: 0,
  INITIATED: 1,
  EMAIL_VERIFIED: 2,
  MIN_KYC_PENDING: 3,
  MIN_KYC_REJECTED: 4,
  MIN_KYC_SUBMITTED: 5,
  MIN_KYC_APPROVED: 6,
  ACTIVE: 7,
};

/** Nothing the gateway says later moves a tutor back from these. */
const APPROVED: readonly PgOnboardingStatus[] = ['MIN_KYC_APPROVED', 'ACTIVE'];

/** Whether a status change reported at `eventAt` is taken, given the last change. */
function takes(
  current: PgOnboardingStatus,
  next: PgOnboardingStatus,
  eventAt: Date,
  lastChange: Date,
): boolean {
  if (next === current) return false;
  if (STATUS_RANK[next] > STATUS_RANK[current]) return true;
  if (APPROVED.includes(current)) return false;
  // Event times have whole seconds; the last change is compared at the same precision.
  return eventAt.getTime() >= Math.floor(lastChange.getTime() / 1000) * 1000;
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Our merchant id for a tutor: stable, so a repeated create finds the same merchant. */
export const merchantIdFor = (userId: number) => `tp_tutor_${userId}`;

type StartStatus = 403 | 409 | 502;

export interface KycServiceDeps {
  db: Database;
  clock: Clock;
  merchants: MerchantOnboardingApi;
  publicOrigin: string;
  /** D15: the only origin an onboarding link may be on. */
  onboardingOrigin: string;
  /** D323: every KYC status change is in the audit trail. */
  audit: AuditTrail;
}

export function createKycService(deps: KycServiceDeps) {
  const { db, clock, merchants } = deps;

  const rowOf = async (userId: number, executor: Database = db) => {
    const [row] = await executor
      .select()
      .from(pgOnboarding)
      .where(and(eq(pgOnboarding.userId, userId), eq(pgOnboarding.pgName, PG_NAME)))
      .limit(1);
    return row;
  };

  const statusOf = (value: string): PgOnboardingStatus =>
    isPgOnboardingStatus(value) ? value : 'NONE';

  /**
   * The one place a tutor's gateway status changes (see the top of the file). Creates the row
   * on the first status; stores `merchantId` when the row has none.
   */
  async function applyStatus(
    userId: number,
    change: { status: PgOnboardingStatus; at: Date; merchantId?: string },
  ): Promise<'processed' | 'duplicate'> {
    return db.transaction(async (tx) => {
      const now = clock.now();
      // Per tutor, so two first statuses cannot both insert the row.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`kyc:${userId}`}))`);
      const row = await rowOf(userId, tx);
      let taken: boolean;
      if (!row) {
        await tx.insert(pgOnboarding).values({
          userId,
          pgName: PG_NAME,
          status: change.status,
          merchantId: change.merchantId ?? null,
          updatedAt: now,
        });
        taken = true;
      } else {
        taken = takes(statusOf(row.status), change.status, change.at, row.updatedAt);
        const merchantId = row.merchantId ?? change.merchantId ?? null;
        if (taken || merchantId !== row.merchantId) {
          await tx
            .update(pgOnboarding)
            .set({ merchantId, ...(taken ? { status: change.status, updatedAt: now } : {}) })
            .where(eq(pgOnboarding.id, row.id));
        }
      }
      if (taken) {
        // The gateway's verdict on the tutor's KYC, as the platform recorded it.
        await deps.audit.record(tx, {
          actorId: null,
          action: 'kyc.status_changed',
          subjectUserId: userId,
          detail: { status: change.status },
        });
      }
      if (taken && canAcceptPayments(change.status)) {
        await tx
          .update(users)
          .set({ kycApprovedAt: change.at })
          .where(and(eq(users.id, userId), sql`${users.kycApprovedAt} is null`));
      }
      return taken ? 'processed' : 'duplicate';
    });
  }

  const hasVerifiedBankAccount = async (userId: number) => {
    const [row] = await db
      .select({ id: bankAccounts.id })
      .from(bankAccounts)
      .where(and(eq(bankAccounts.userId, userId), eq(bankAccounts.verified, true)))
      .limit(1);
    return row !== undefined;
  };

  /** 409 for a KYC past the Aadhaar step (D4: every other status may start again). */
  const alreadyDone = (status: PgOnboardingStatus): Refusal<409> | null => {
    if (status === 'MIN_KYC_SUBMITTED') return refuse(409, coded(apiMessages).kyc.underReview);
    if (canAcceptPayments(status)) return refuse(409, coded(apiMessages).kyc.alreadyApproved);
    return null;
  };

  const gatewayFailed = (cause: unknown): Refusal<502> => ({
    ...refuse(502, coded(apiMessages).kyc.gatewayFailed),
    cause,
  });

  return {
    applyStatus,

    /** startPgOnboarding: the onboarding link for the caller's Aadhaar KYC. */
    async start(caller: UserRow, userId: number): Promise<Result<PgOnboardingLink, StartStatus>> {
      if (caller.role !== 'teacher') return refuse(403, coded(apiMessages).kyc.onlyTutors);
      if (userId !== caller.id) return refuse(403, coded(apiMessages).kyc.ownAccountOnly);
      // D58: a PAN on file is a verified one.
      if (!hasPan(caller)) return refuse(409, coded(apiMessages).kyc.panRequired);
      if (!(await hasVerifiedBankAccount(caller.id))) {
        return refuse(409, coded(apiMessages).kyc.bankAccountRequired);
      }
      const row = await rowOf(caller.id);
      const stored = alreadyDone(statusOf(row?.status ?? 'NONE'));
      if (stored) return stored;

      const merchantId = row?.merchantId ?? merchantIdFor(caller.id);
      let link;
      try {
        const merchant = await merchants.createMerchant({
          merchantId,
          email: messages.publicPages.supportEmail(caller.username ?? merchantId),
          name: displayName(caller),
          phone: caller.phone,
        });
        // Stored before the link exists, so the link's status webhooks find the tutor.
        await applyStatus(caller.id, { status: merchant.status, at: clock.now(), merchantId });
        const done = alreadyDone(merchant.status);
        if (done) return done;
        link = await merchants.createOnboardingLink(
          merchantId,
          `${deps.publicOrigin}${AADHAAR_RETURN_PATH}`,
        );
      } catch (error) {
        return gatewayFailed(error);
      }
      // D15 on the server too: a link elsewhere is never handed to the browser.
      const origin = originOf(link.url);
      if (origin !== deps.onboardingOrigin) {
        return gatewayFailed(
          new Error(`onboarding link on ${origin ?? 'no origin'}, not ${deps.onboardingOrigin}`),
        );
      }
      return success({
        onboarding_link: link.url,
        expires_at: toIstIsoString(new Date(link.expiresAt)),
      });
    },

    /**
     * getPgOnboarding: the caller's own status (anyone else's is a 404), re-read from the
     * gateway while it can still change; a failed re-read answers the stored status.
     */
    async get(
      caller: UserRow,
      userId: number,
    ): Promise<Result<{ state: PgOnboardingState; refreshError: unknown }, 404>> {
      if (userId !== caller.id || caller.role !== 'teacher') {
        return refuse(404, coded(apiMessages).kyc.notFound);
      }
      let row = await rowOf(caller.id);
      let refreshError: unknown = null;
      if (row?.merchantId && row.status !== 'ACTIVE') {
        try {
          const merchant = await merchants.fetchMerchant(row.merchantId);
          await applyStatus(caller.id, { status: merchant.status, at: clock.now() });
          row = (await rowOf(caller.id)) ?? row;
        } catch (error) {
          refreshError = error;
        }
      }
      return success({
        state: {
          user_id: caller.id,
          pg_name: PG_NAME,
          status: statusOf(row?.status ?? 'NONE'),
          updated_at: toIstIsoString(row?.updatedAt ?? caller.createdAt),
        },
        refreshError,
      });
    },

    /** A verified status webhook: `processed`, `duplicate`, or `ignored` (not our merchant). */
    async receiveWebhook(event: OnboardingWebhook): Promise<'processed' | 'duplicate' | 'ignored'> {
      const [row] = await db
        .select({ userId: pgOnboarding.userId })
        .from(pgOnboarding)
        .where(and(eq(pgOnboarding.merchantId, event.merchantId), eq(pgOnboarding.pgName, PG_NAME)))
        .limit(1);
      if (!row) return 'ignored';
      return applyStatus(row.userId, { status: event.status, at: event.eventTime ?? clock.now() });
    },
  };
}

export type KycService = ReturnType<typeof createKycService>;
