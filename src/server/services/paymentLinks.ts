// Payment links (D19, D34): a tutor whose KYC is approved creates one for an amount; a student
// pays it once. EXPIRED is derived from `expires_at` when read.
import { count, desc, eq } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import { PAISE_PER_RUPEE, PAYMENT_LINK_DEFAULT_EXPIRY_MS } from '../../domain/constants';
import { messages } from '../../domain/messages';
import { paiseToRupees } from '../../domain/money';
import { canAcceptPayments } from '../../domain/onboarding';
import type { PaymentLinkStatus } from '../../domain/statuses';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { paymentLinks, users, type PaymentLinkRow, type UserRow } from '../db/schema';
import { displayName, type UserRepository } from '../users';
import { newPaymentLinkId } from './ids';
import { refuse, success, type Result } from './results';

type PaymentLink = components['schemas']['PaymentLink'];
type PaymentLinkDetails = components['schemas']['PaymentLinkDetails'];
type PaymentLinkPage = components['schemas']['PaymentLinkPage'];

/** D34: an expiry more than this far ahead is refused. */
export const PAYMENT_LINK_MAX_EXPIRY_MS = 180 * 24 * 60 * 60 * 1000;

/** The status a link has now: an ACTIVE link past its expiry is EXPIRED. */
export function paymentLinkStatus(
  link: Pick<PaymentLinkRow, 'status' | 'expiresAt'>,
  now: Date,
): PaymentLinkStatus {
  if (link.status === 'ACTIVE' && link.expiresAt.getTime() <= now.getTime()) return 'EXPIRED';
  return link.status;
}

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
  publicOrigin: string;
}

export function createPaymentLinkService(deps: PaymentLinkServiceDeps) {
  const { db, clock, users: repo, publicOrigin } = deps;

  const toApi = (link: PaymentLinkRow, now: Date): PaymentLink => ({
    id: link.id,
    url: `${publicOrigin}/payment-link/${link.id}`,
    amount: paiseToRupees(link.amount),
    purpose: link.purpose,
    status: paymentLinkStatus(link, now),
    student_phone: link.studentPhone,
    expires_at: link.expiresAt.toISOString(),
    created_at: link.createdAt.toISOString(),
    order_id: link.orderId,
  });

  return {
    async create(
      caller: UserRow,
      input: PaymentLinkInput,
    ): Promise<Result<PaymentLink, 400 | 403>> {
      if (caller.role !== 'teacher') return refuse(403, messages.links.onlyTutors);
      if (!canAcceptPayments(await repo.gatewayStatusOf(caller.id))) {
        return refuse(403, messages.links.kycRequired);
      }
      const now = clock.now();
      const expiresAt = input.expires_at
        ? new Date(input.expires_at)
        : new Date(now.getTime() + PAYMENT_LINK_DEFAULT_EXPIRY_MS);
      if (expiresAt.getTime() <= now.getTime()) return refuse(400, messages.links.expiryPast);
      if (expiresAt.getTime() > now.getTime() + PAYMENT_LINK_MAX_EXPIRY_MS) {
        return refuse(400, messages.links.expiryTooFar);
      }
      const purpose = input.purpose.trim().replace(/\s+/g, ' ');
      if (purpose === '') return refuse(400, messages.links.purposeRequired);
      const [link] = await db
        .insert(paymentLinks)
        .values({
          id: newPaymentLinkId(),
          payeeId: caller.id,
          amount: input.amount * PAISE_PER_RUPEE,
          purpose,
          studentPhone: input.student_phone ?? null,
          status: 'ACTIVE',
          expiresAt,
          createdAt: now,
        })
        .returning();
      if (!link) throw new Error('createPaymentLink: the link was not inserted');
      return success(toApi(link, now));
    },

    /** The caller's own links, newest first, one page at a time. */
    async list(
      caller: UserRow,
      page: number,
      pageSize: number,
    ): Promise<Result<PaymentLinkPage, 403>> {
      if (caller.role !== 'teacher') return refuse(403, messages.links.onlyTutors);
      const now = clock.now();
      const [total] = await db
        .select({ n: count() })
        .from(paymentLinks)
        .where(eq(paymentLinks.payeeId, caller.id));
      const rows = await db
        .select()
        .from(paymentLinks)
        .where(eq(paymentLinks.payeeId, caller.id))
        .orderBy(desc(paymentLinks.createdAt), desc(paymentLinks.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      return success({
        results: rows.map((row) => toApi(row, now)),
        count: Number(total?.n ?? 0),
        page,
        page_size: pageSize,
      });
    },

    /** D34: public; `payee` (the tutor's id) only for a logged-in caller (D17). */
    async details(id: string, loggedIn: boolean): Promise<Result<PaymentLinkDetails, 404>> {
      const [row] = await db
        .select({ link: paymentLinks, payee: users })
        .from(paymentLinks)
        .innerJoin(users, eq(users.id, paymentLinks.payeeId))
        .where(eq(paymentLinks.id, id))
        .limit(1);
      if (!row) return refuse(404, messages.links.notFound);
      const { link, payee } = row;
      return success({
        id: link.id,
        amount: paiseToRupees(link.amount),
        purpose: link.purpose,
        status: paymentLinkStatus(link, clock.now()),
        expires_at: link.expiresAt.toISOString(),
        payee_name: displayName(payee),
        payee_phone: payee.phone,
        ...(loggedIn ? { payee: payee.id } : {}),
      });
    },
  };
}

export type PaymentLinkService = ReturnType<typeof createPaymentLinkService>;
