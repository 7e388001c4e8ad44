// Every refusal of a new order that needs no write (D6, D9, D10, D11, D19), in the order a
// student would want to hear them. The cap is looked at here without its lock; the decision
// that counts is taken under it (orderOpening.ts).
import { coded, type Said } from '../../domain/texts';
import { eq } from 'drizzle-orm';
import { acceptanceVerdict } from '../../domain/acceptanceLimit';
import { apiMessages } from '../../domain/apiMessages';
import { DEFAULT_BASE_RATE, PAISE_PER_RUPEE, type PaymentMethod } from '../../domain/constants';
import { isTotalConsistent } from '../../domain/fees';
import { messages } from '../../domain/messages';
import { rupeesToPaiseOrNull, type Paise } from '../../domain/money';
import { amountSaid } from '../../domain/validation';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { paymentLinks, type UserRow } from '../db/schema';
import type { UserRepository } from '../users';
import { heldAgainstCap } from './acceptanceCap';
import { paymentLinkStatus } from './paymentLinks';
import { privacyTexts } from '../../domain/privacyTexts';
import { withdrawnOf } from './consents';
import { hasPan } from './pans';
import { refuse, success, type Result } from './results';

/** The platform fee rate the server charges (D9); published by `GET payments/pg/`. */
export const BASE_RATE = DEFAULT_BASE_RATE;

/** `POST payments/pg/order/`'s body. */
export interface OrderInput {
  amount: number;
  base_amount: number;
  payer_id: number;
  payee_id: number;
  payment_method: PaymentMethod;
  settlement_type: 'STANDARD';
  payment_link_id?: string;
  book_session?: boolean;
}

export type CreateStatus = 400 | 403 | 404 | 409 | 502;

/** What the checks found: the payee, the amounts in paise, and whether the D10 cap applies. */
export interface CheckedOrder {
  payee: UserRow;
  total: Paise;
  base: Paise;
  capped: boolean;
}

/** 'Order refused: <reason>' (the app shows the text after the last ': '). */
export const refused = <S extends 400 | 409>(status: S, reason: Said) =>
  refuse(status, { message: apiMessages.orders.refused(reason.message), code: reason.code });

export function createOrderChecks(deps: { db: Database; clock: Clock; users: UserRepository }) {
  const { db, clock, users } = deps;

  const checkLink = async (caller: UserRow, payee: UserRow, linkId: string, base: Paise) => {
    const [link] = await db.select().from(paymentLinks).where(eq(paymentLinks.id, linkId)).limit(1);
    if (!link) return refuse(404, coded(apiMessages).orders.linkNotFound);
    const linkStatus = paymentLinkStatus(link, clock.now());
    if (linkStatus === 'PAID') return refused(409, coded(apiMessages).orders.linkPaid);
    if (linkStatus === 'EXPIRED') return refused(409, coded(apiMessages).orders.linkExpired);
    if (linkStatus !== 'ACTIVE') return refused(409, coded(apiMessages).orders.linkCancelled);
    if (link.payeeId !== payee.id) return refused(409, coded(apiMessages).orders.linkOtherTutor);
    if (link.amount !== base) return refused(409, coded(apiMessages).orders.linkOtherAmount);
    if (link.studentPhone !== null && link.studentPhone !== caller.phone) {
      return refused(409, coded(apiMessages).orders.linkOtherStudent);
    }
    return null;
  };

  return async function checkOrder(
    caller: UserRow,
    input: OrderInput,
  ): Promise<Result<CheckedOrder, CreateStatus>> {
    if (caller.role !== 'student') return refuse(403, coded(apiMessages).orders.onlyStudents);
    if (input.payer_id !== caller.id) return refuse(403, coded(apiMessages).orders.payerNotCaller);
    if (!hasPan(caller) || !caller.firstName || !caller.lastName) {
      return refused(400, coded(apiMessages).orders.profileIncomplete);
    }
    const found = await users.findWithGatewayStatus(input.payee_id);
    // D322: an erased tutor is nobody now.
    if (!found || found.user.erasedAt) return refuse(404, coded(apiMessages).orders.payeeNotFound);
    const { user: payee, status } = found;
    if (payee.role !== 'teacher') return refused(400, coded(messages).roles.payeeIsStudent);
    // D319: no payment from, or to, someone who withdrew their consent.
    const withdrawn = await withdrawnOf(db, [caller.id, payee.id]);
    if (withdrawn.has(caller.id)) return refuse(403, coded(privacyTexts).api.consentWithdrawn);
    if (withdrawn.has(payee.id)) return refused(400, coded(privacyTexts).api.payeeWithdrew);

    const base = input.base_amount * PAISE_PER_RUPEE;
    const baseError = Number.isSafeInteger(base)
      ? amountSaid(base)
      : coded(messages).validation.amountMax;
    if (baseError) return refused(400, baseError);
    const notOnboarded = acceptanceVerdict(status, 0, base);
    if (!notOnboarded.ok && notOnboarded.reason === 'not-onboarded') {
      return refused(400, notOnboarded.said);
    }

    if (input.payment_link_id !== undefined) {
      const linkRefusal = await checkLink(caller, payee, input.payment_link_id, base);
      if (linkRefusal) return linkRefusal;
    }

    const total = rupeesToPaiseOrNull(input.amount);
    if (total === null || !isTotalConsistent(total, base, input.payment_method, BASE_RATE)) {
      return refused(400, coded(apiMessages).orders.totalChanged);
    }
    const capped = status === 'MIN_KYC_APPROVED';
    const held = capped ? await heldAgainstCap(db, payee.id, clock.now()) : 0;
    const verdict = acceptanceVerdict(status, held, base);
    if (!verdict.ok) return refused(400, verdict.said);
    return success({ payee, total, base, capped });
  };
}
