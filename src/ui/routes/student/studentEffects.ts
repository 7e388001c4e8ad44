// What the student login and sign-up screens give their machines: storage writes, the stored
// flow, the routing actor over the real API, analytics. Loaded with the machines, after the
// first paint.
import { fromPromise } from 'xstate';
import {
  routeByFlow,
  type PaymentToStore,
  type RouteDecision,
  type StoredFlow,
} from '../../../../machines/login/routeByFlow';
import type { SessionToStore } from '../../../../machines/login/login.machine';
import type { PersonalDraft } from '../../../../machines/personalDetails/personalDetails.machine';
import { routeFetchers } from '../../../api/actors/auth';
import { codeMemory } from '../../../browser/codeMemory';
import { storage, type StorageKey, type StorageValue } from '../../../browser/storage';

export function readStoredFlow(): StoredFlow {
  return {
    flow: storage.get('activeFlow'),
    url: storage.get('activeFlowUrl'),
    query: storage.get('activeFlowQuery'),
  };
}

/** routeByFlow over the real API and the stored flow. */
export const routeByFlowLive = fromPromise<RouteDecision, void>(({ signal }) =>
  routeByFlow({ ...routeFetchers, readFlow: readStoredFlow }, signal),
);

/** After a correct code (spec §3): token, user id, phone and the student-login flag. */
export function storeSession(_: unknown, { token, userId, phone }: SessionToStore): void {
  storage.set('access-token', token);
  storage.set('userId', userId);
  storage.set('phoneNumber', phone);
  storage.set('studentLogin', true);
  // One login at a time: the root redirect (spec §2) must not find a tutor's flag too.
  storage.remove('tutorLogin');
}

/** A value the server sent but storage refuses is left out rather than breaking the flow. */
function keep<K extends StorageKey>(key: K, value: StorageValue<K> | null): void {
  if (value === null) return;
  try {
    storage.set(key, value);
  } catch (error) {
    console.warn(`Not stored: ${key}`, error);
  }
}

/** The payment routeByFlow found (spec §4: "store the details"). */
export function storePayment(_: unknown, payment: PaymentToStore): void {
  if (payment.kind === 'tutor') {
    keep('activePaymentTutorName', payment.tutorName);
    keep('tutorPhone', payment.tutorPhone);
    keep('activePaymentTutorId', payment.tutorId);
    keep('payeeUserId', payment.tutorId);
    // A static-link payment is not a link payment: an older link id must not ride along.
    storage.remove('linkId');
    return;
  }
  keep('linkId', payment.linkId);
  keep('activePaymentAmount', payment.amount);
  keep('activePaymentTutorName', payment.payeeName);
  keep('tutorPhone', payment.payeePhone);
  keep('activePaymentTutorId', payment.payeeId);
  keep('payeeUserId', payment.payeeId);
}

/** Analytics (D22): the one adapter, which never blocks or breaks a flow. */
export { trackAction as track } from '../../../browser/analytics';

/** D128: the student's code, kept for a reload on the code step. */
export const studentCode = codeMemory('student');

/** Sign-up: the form draft while it is filled (D16: session storage only). */
export function saveDraft(_: unknown, draft: PersonalDraft): void {
  keep('onboardingDetails', draft);
}

/** Sign-up saved: no names or PAN stay in the browser (D16). */
export function clearDraft(): void {
  storage.remove('onboardingDetails');
  storage.remove('autoFillDetails');
}

/** Sign-up's start: is anyone logged in, and what was filled in before. */
export function readSignupStart() {
  return {
    signedIn: storage.get('access-token') !== null,
    draft: storage.get('onboardingDetails'),
    autoFill: storage.get('autoFillDetails'),
  };
}
