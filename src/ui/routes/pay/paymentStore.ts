// The payment machines' storage actions (spec §3 ongoing-payment keys, D1, D16, D20): what
// one screen keeps for the next. A value storage refuses is left out (and logged) rather
// than breaking the flow; the next screen's guard then sends the student back.
import type {
  ChosenPayee,
  PendingPayment,
} from '../../../../machines/amountEntry/amountEntry.machine';
import type { PendingPayee } from '../../../../machines/payeeLookup/payeeLookup.machine';
import type { LinkView } from '../../../../machines/payment/paymentLink.machine';
import { storage, type StorageKey, type StorageValue } from '../../../browser/storage';
import type { Paise } from '../../../domain/money';

function keep<K extends StorageKey>(key: K, value: StorageValue<K> | null | undefined): void {
  if (value === null || value === undefined || value === '') {
    storage.remove(key);
    return;
  }
  try {
    storage.set(key, value);
  } catch (error) {
    storage.remove(key);
    console.warn(`Not stored: ${key}`, error);
  }
}

/** A new payment starts: nothing of an earlier one (order, link, session, payee) rides along. */
function startPayment(): void {
  for (const key of [
    'orderId',
    'totalAmount',
    'linkId',
    'sessionDateTime',
    'payeeUserId',
    'activePaymentTutorId',
    'activePaymentTutorVerified',
  ] as const) {
    storage.remove(key);
  }
}

/** Spec §5: the amount is saved on each change; cleared when the field is empty. */
export function saveAmount(_: unknown, { amount }: { amount: Paise | null }): void {
  keep('activePaymentAmount', amount !== null && amount > 0 ? amount : null);
}

/** Static link, not logged in: the amount and the tutor for the login screen's side panel. */
export function storeForLogin(_: unknown, payment: PendingPayment): void {
  startPayment();
  keep('activePaymentAmount', payment.amount);
  keep('activePaymentTutorName', payment.tutorName);
  keep('tutorPhone', payment.tutorPhone);
  keep('activePaymentTutorVerified', payment.verified);
}

/** Payment details: the amount and the phone, for login or /pay/tutor-details. */
export function storePending(_: unknown, pending: PendingPayee): void {
  startPayment();
  storage.remove('activePaymentTutorName');
  keep('activePaymentAmount', pending.amount);
  keep('tutorPhone', pending.tutorPhone);
}

/** Everything /pay/review needs: amount, payee id, name and phone; D20 the booking. */
export function storePayee(_: unknown, payee: ChosenPayee): void {
  startPayment();
  keep('activePaymentAmount', payee.amount);
  keep('activePaymentTutorName', payee.tutorName);
  keep('tutorPhone', payee.tutorPhone);
  keep('payeeUserId', String(payee.payeeId));
  keep('activePaymentTutorId', String(payee.payeeId));
  keep('sessionDateTime', payee.session);
}

/** A payment link (D19): its amount, payee and id. */
export function storeLink(_: unknown, link: LinkView): void {
  startPayment();
  keep('linkId', link.id);
  keep('activePaymentAmount', link.amount);
  keep('activePaymentTutorName', link.payeeName);
  keep('tutorPhone', link.payeePhone);
  if (link.payeeId !== null) {
    keep('payeeUserId', String(link.payeeId));
    keep('activePaymentTutorId', String(link.payeeId));
  }
}

/** D1: the order id, for /pay/redirect and /pay/status. */
export function storeOrder(_: unknown, { orderId }: { orderId: string }): void {
  keep('orderId', orderId);
}

/** D1: the payment went through; D125: and remember that it did. */
export function clearPayment(): void {
  const paid = storage.get('orderId');
  storage.clearPayment();
  if (paid) storage.set('paidOrderId', paid);
}

/** The stored amount as the field's text, e.g. back from login. */
export function storedAmount(): Paise | null {
  return storage.get('activePaymentAmount');
}

export function storedTutorPhone(): string | null {
  return storage.get('tutorPhone');
}
