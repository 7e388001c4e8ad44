// Payment links (D19, D34): a tutor whose KYC is approved creates one for an amount; a student
// pays it once; the tutor may cancel it while it is ACTIVE. A link past `expires_at` reads as
// EXPIRED at once; the sweep writes it and ends its open checkouts (D113).
import { coded, type Said } from '../../domain/texts';
import { tidyText } from '../../domain/validation';
import { and, count, desc, eq, gt, lte, type SQL } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import {
  PAISE_PER_RUPEE,
  PAYMENT_LINK_DEFAULT_EXPIRY_MS,
  PAYMENT_LINK_MAX_EXPIRY_DAYS,
} from '../../domain/constants';
import { apiMessages } from '../../domain/apiMessages';
import { paiseToRupees } from '../../domain/money';
import { canAcceptPayments } from '../../domain/onboarding';
import type { PaymentLinkStatus } from '../../domain/statuses';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { paymentLinks, users, type PaymentLinkRow, type UserRow } from '../db/schema';
import { displayName, shownPhone, type UserRepository } from '../users';
import { newPaymentLinkId } from './ids';
import type { JobQueue } from '../jobs/queue';
import type { LinkCheckoutEnded, OrderService } from './orders';
import { offsetOf, pageOf, type PageRequest } from './pages';
import { refuse, success, type Result } from './results';

type PaymentLink = components['schemas']['PaymentLink'];
type PaymentLinkDetails = components['schemas']['PaymentLinkDetails'];
type PaymentLinkPage = components['schemas']['PaymentLinkPage'];

/** D34: an expiry more than this far ahead is refused. */
export const PAYMENT_LINK_MAX_EXPIRY_MS = PAYMENT_LINK_MAX_EXPIRY_DAYS * 24 * 60 * 60 * 1000;

/** The status a link has now: an ACTIVE link past its expiry is EXPIRED. */
export function paymentLinkStatus(
  link: Pick<PaymentLinkRow, 'status' | 'expiresAt'>,
  now: Date,
): PaymentLinkStatus {
  if (link.status === 'ACTIVE' && link.expiresAt.getTime() <= now.getTime()) return 'EXPIRED';
  return link.status;
}

/** The rows whose status is `status` at `now` (the SQL twin of paymentLinkStatus). */
function hasStatus(status: PaymentLinkStatus, now: Date): SQL | undefined {
  switch (status) {
    case 'ACTIVE':
      return and(eq(paymentLinks.status, 'ACTIVE'), gt(paymentLinks.expiresAt, now));
    case 'EXPIRED':
      return and(eq(paymentLinks.status, 'ACTIVE'), lte(paymentLinks.expiresAt, now));
    default:
      return eq(paymentLinks.status, status);
  }
}

/** Why a link that is no longer ACTIVE cannot be cancelled (409). */
const cannotCancel = (): Record<Exclude<PaymentLinkStatus, 'ACTIVE'>, Said> => {
  const l = coded(apiMessages).links;
  return { PAID: l.cancelPaid, EXPIRED: l.cancelExpired, CANCELLED: l.cancelCancelled };
};

export interface PaymentLinkInput {
  amount: number;
  purpose: string;
  student_phone?: string;
  expires_at?: string;
}

export interface PaymentLinkServiceDeps {
  db: Database;
  clock: Clock;
  users: UserRepository;
  /** Ends a cancelled link's open checkouts at the gateway. */
  orders: Pick<OrderService, 'closeLinkCheckouts'>;
  jobs: Pick<JobQueue, 'send'>;
  publicOrigin: string;
}

export function createPaymentLinkService(deps: PaymentLinkServiceDeps) {
  const { db, clock, users: repo, orders, jobs, publicOrigin } = deps;

  /** Where the payer opens link `id`. */
  const urlOf = (id: string) => `${publicOrigin}/payment-link/${id}`;
  const toApi = (link: PaymentLinkRow, now: Date): PaymentLink => ({
    id: link.id,
    url: urlOf(link.id),
    amount: paiseToRupees(link.amount),
    purpose: link.purpose,
    status: paymentLinkStatus(link, now),
    student_phone: link.studentPhone,
    expires_at: link.expiresAt.toISOString(),
    created_at: link.createdAt.toISOString(),
    order_id: link.orderId,
    paid_at: link.paidAt?.toISOString() ?? null,
  });

  /** A new ACTIVE link (30 days unless `expiresAt` says otherwise), inside `tx`. */
  async function insert(
    tx: Database,
    values: Pick<PaymentLinkRow, 'payeeId' | 'amount' | 'purpose' | 'studentPhone'> & {
      expiresAt?: Date;
    },
  ): Promise<PaymentLinkRow> {
    const now = clock.now();
    const [link] = await tx
      .insert(paymentLinks)
      .values({
        id: newPaymentLinkId(),
        status: 'ACTIVE',
        createdAt: now,
        ...values,
        expiresAt: values.expiresAt ?? new Date(now.getTime() + PAYMENT_LINK_DEFAULT_EXPIRY_MS),
      })
      .returning();
    if (!link) throw new Error('insertPaymentLink: the link was not inserted');
    return link;
  }

  return {
    insert,
    urlOf,
    toApi,

    async create(
      caller: UserRow,
      input: PaymentLinkInput,
    ): Promise<Result<PaymentLink, 400 | 403>> {
      if (caller.role !== 'teacher') return refuse(403, coded(apiMessages).links.onlyTutors);
      if (!canAcceptPayments(await repo.gatewayStatusOf(caller.id))) {
        return refuse(403, coded(apiMessages).links.kycRequired);
      }
      const now = clock.now();
      const expiresAt = input.expires_at
        ? new Date(input.expires_at)
        : new Date(now.getTime() + PAYMENT_LINK_DEFAULT_EXPIRY_MS);
      if (expiresAt.getTime() <= now.getTime())
        return refuse(400, coded(apiMessages).links.expiryPast);
      if (expiresAt.getTime() > now.getTime() + PAYMENT_LINK_MAX_EXPIRY_MS) {
        return refuse(400, coded(apiMessages).links.expiryTooFar);
      }
      const purpose = tidyText(input.purpose);
      if (purpose === '') return refuse(400, coded(apiMessages).links.purposeRequired);
      const link = await insert(db, {
        payeeId: caller.id,
        amount: input.amount * PAISE_PER_RUPEE,
        purpose,
        studentPhone: input.student_phone ?? null,
        expiresAt,
      });
      return success(toApi(link, now));
    },

    /** The caller's own links, newest first, one page at a time; only `status` ones if given. */
    async list(
      caller: UserRow,
      request: PageRequest,
      status?: PaymentLinkStatus,
    ): Promise<Result<PaymentLinkPage, 403>> {
      if (caller.role !== 'teacher') return refuse(403, coded(apiMessages).links.onlyTutors);
      const now = clock.now();
      const mine = and(
        eq(paymentLinks.payeeId, caller.id),
        status === undefined ? undefined : hasStatus(status, now),
      );
      const [total] = await db.select({ n: count() }).from(paymentLinks).where(mine);
      const rows = await db
        .select()
        .from(paymentLinks)
        .where(mine)
        .orderBy(desc(paymentLinks.createdAt), desc(paymentLinks.id))
        .limit(request.pageSize)
        .offset(offsetOf(request));
      return success(
        pageOf(
          rows.map((row) => toApi(row, now)),
          Number(total?.n ?? 0),
          request,
        ),
      );
    },

    /**
     * The caller's ACTIVE link becomes CANCELLED: no new order can pay it (orders.ts), and the
     * checkouts already open for it are ended at the gateway (`checkouts`, for the log). The
     * cancel stands whatever the gateway answers.
     */
    async cancel(
      caller: UserRow,
      id: string,
    ): Promise<Result<{ link: PaymentLink; checkouts: LinkCheckoutEnded[] }, 403 | 404 | 409>> {
      if (caller.role !== 'teacher') return refuse(403, coded(apiMessages).links.onlyTutors);
      const now = clock.now();
      const mine = and(eq(paymentLinks.id, id), eq(paymentLinks.payeeId, caller.id));
      const cancelled = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(paymentLinks)
          .set({ status: 'CANCELLED' })
          .where(and(mine, hasStatus('ACTIVE', now)))
          .returning();
        // The job ends whatever this request cannot (a gateway outage), later.
        if (row) await jobs.send('link-close', { linkId: row.id }, { tx });
        return row;
      });
      if (cancelled) {
        const checkouts = await orders.closeLinkCheckouts(cancelled.id);
        return success({ link: toApi(cancelled, now), checkouts });
      }
      const [link] = await db.select().from(paymentLinks).where(mine).limit(1);
      if (!link) return refuse(404, coded(apiMessages).links.notFound);
      const status = paymentLinkStatus(link, now);
      // The update above takes every link ACTIVE at `now`, and no status returns to ACTIVE.
      if (status === 'ACTIVE') throw new Error('cancelPaymentLink: an ACTIVE link was missed');
      return refuse(409, cannotCancel()[status]);
    },

    /** D34: public; `payee` (the tutor's id) only for a logged-in caller (D17). */
    async details(id: string, loggedIn: boolean): Promise<Result<PaymentLinkDetails, 404>> {
      const [row] = await db
        .select({ link: paymentLinks, payee: users })
        .from(paymentLinks)
        .innerJoin(users, eq(users.id, paymentLinks.payeeId))
        .where(eq(paymentLinks.id, id))
        .limit(1);
      if (!row) return refuse(404, coded(apiMessages).links.notFound);
      const { link, payee } = row;
      return success({
        id: link.id,
        amount: paiseToRupees(link.amount),
        purpose: link.purpose,
        status: paymentLinkStatus(link, clock.now()),
        expires_at: link.expiresAt.toISOString(),
        payee_name: displayName(payee),
        payee_phone: shownPhone(payee),
        ...(loggedIn ? { payee: payee.id } : {}),
      });
    },
  };
}

export type PaymentLinkService = ReturnType<typeof createPaymentLinkService>;
