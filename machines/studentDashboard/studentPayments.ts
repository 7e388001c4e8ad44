// What the student dashboard shows (issue 5): the student's payments, receipts and sessions in
// the app's own units (integer paise, D9; ISO instants, shown in IST, D21). The API actors
// (src/api/actors/student.ts) convert the server's rupees; the machines and views read these.
import type { PaymentMethod } from '../../src/domain/constants';
import type { Paise } from '../../src/domain/money';
import type { OrderStatus, PaymentStatus, RefundStatus } from '../../src/domain/statuses';
import type { TaxDocumentView } from '../../src/domain/taxDocumentSheet';

export interface RefundSummary {
  id: string;
  status: RefundStatus;
  amount: Paise;
  requestedAt: string;
  /** D112: why the platform refunded on its own; null for the student's own request. */
  automaticReason: string | null;
}

export interface PaidTutor {
  id: number;
  name: string;
  username: string | null;
  /** Null once the tutor's data was erased (D322). */
  phone: string | null;
}

export interface Breakup {
  amount: Paise;
  fee: Paise;
  charges: Paise;
  total: Paise;
}

export interface PaymentMade extends Breakup {
  orderId: string;
  createdAt: string;
  paidAt: string | null;
  tutor: PaidTutor;
  method: PaymentMethod;
  orderStatus: OrderStatus;
  latestPaymentStatus: PaymentStatus | null;
  refund: RefundSummary | null;
  /** Until when a refund may be asked for; null when it cannot be (any more). */
  refundableUntil: string | null;
}

export interface Receipt extends Breakup {
  orderId: string;
  receiptNumber: string;
  payee: { name: string; username: string | null };
  payer: { name: string; phone: string | null };
  paidAt: string;
  method: 'card' | 'upi';
  bankReference: string | null;
  refund: RefundSummary | null;
  /** D147: the dues the payment settled (none when it was not for dues). */
  paidFor: { plan: string; period: string; student: string; amount: Paise }[];
  /** Issue 50: the payment's tax documents (none for a payment made before them). */
  documents: TaxDocumentView[];
}

export interface Session {
  id: number;
  title: string;
  tutorName: string;
  amount: Paise;
  start: string;
  end: string;
}

/** A PDF the API sent, with the name to save it under. */
export interface SavedFile {
  blob: Blob;
  fileName: string;
}

/** The latest payments' distinct tutors (by id), newest first, at most `limit`; only those with a username (pay again needs it). */
export function recentTutors(payments: readonly PaymentMade[], limit = 5): PaidTutor[] {
  const seen = new Set<number>();
  const tutors: PaidTutor[] = [];
  for (const { tutor } of payments) {
    if (tutors.length >= limit) break;
    if (seen.has(tutor.id) || tutor.username === null) continue;
    seen.add(tutor.id);
    tutors.push(tutor);
  }
  return tutors;
}

/** Where 'Pay again' goes: the tutor's static link (spec §2), one tap. */
export const payAgainPath = (username: string) => `/static-link/${encodeURIComponent(username)}`;
