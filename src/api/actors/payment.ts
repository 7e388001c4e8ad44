// The real effects of the payment machines (machines/amountEntry, payeeLookup, payment,
// orderStatus): thin wrappers over the API client and browser storage. Each resolves with
// what its machine reads, or rejects with the client's ApiFailure (D37), which the machines
// read as a CallFailure. The UI wraps them with fromPromise (src/ui/components/
// PaymentServicesContext.tsx); tests provide fakes instead.
//
// Session rules kept here (they are facts about the environment, not flow rules):
// - A "student session" is an access token with the student-login flag. Look-ups that may be
//   public (by username, a payment link) go without a token otherwise, so a tutor's or an
//   expired token cannot turn them into a 401 (D27) or make a non-student look logged in; a
//   401 on such a look-up is retried without the token.
// - The search by phone needs the session (D26): without one it answers 'unauthorized' with no
//   request at all.
import { isProfileComplete } from '../../../machines/login/profile';
import { LINK_ID_PATTERN } from '../../domain/ids';
import type { FeeSettings, TutorLookup } from '../../../machines/amountEntry/amountEntry.machine';
import type { OrderView } from '../../../machines/orderStatus/orderStatus.machine';
import type {
  PayeeFacts,
  PayeeSearch,
  StoredPending,
} from '../../../machines/payeeLookup/payeeLookup.machine';
import type { RegisterTutorInput } from '../../../machines/payeeLookup/tutorDetails.machine';
import type {
  CreatedOrder,
  DraftFacts,
  OrderDraft,
} from '../../../machines/payment/payment.machine';
import type { LinkLoad, LinkViewer } from '../../../machines/payment/paymentLink.machine';
import { openCheckout as openGatewayCheckout } from '../../browser/checkout';
import { storage } from '../../browser/storage';
import { PG_NAME, SETTLEMENT_TYPE } from '../../domain/constants';
import { paiseToRupees, rupeesToPaiseOrNull } from '../../domain/money';
import { isValidUsernameShape } from '../../domain/usernames';
import { api } from '../appClient';
import { createApiClient, type Schemas } from '../client';
import { call, data, type ApiFailure, type ApiResult, type FetchOutcome } from '../errors';

/** Everything the payment screens need from the outside world. */
export interface PaymentServices {
  lookupTutor(input: { username: string }, signal?: AbortSignal): Promise<TutorLookup | null>;
  loadFees(signal?: AbortSignal): Promise<FeeSettings>;
  searchPayee(input: { phone: string }, signal?: AbortSignal): Promise<PayeeSearch>;
  readPending(): Promise<StoredPending>;
  registerTutor(input: RegisterTutorInput, signal?: AbortSignal): Promise<PayeeFacts>;
  readDraft(signal?: AbortSignal): Promise<DraftFacts>;
  createOrder(
    input: { order: OrderDraft; idempotencyKey: string },
    signal?: AbortSignal,
  ): Promise<CreatedOrder>;
  openCheckout(input: { paymentSessionId: string }): Promise<void>;
  fetchOrder(input: { orderId: string }, signal?: AbortSignal): Promise<OrderView>;
  loadLink(input: { linkId: string }, signal?: AbortSignal): Promise<LinkLoad>;
  newIdempotencyKey(): string;
}

/** Public look-ups: never a token (D17, D27). */
const publicApi = createApiClient({
  baseUrl: import.meta.env.VITE_API_BASE_URL ?? '/api/v1',
  getToken: () => null,
});

/** A logged-in student: token and the student-login flag (spec §3). */
export function hasStudentSession(): boolean {
  return storage.get('access-token') !== null && storage.get('studentLogin') === true;
}

const isStatus = (failure: ApiFailure, ...statuses: number[]) =>
  failure.kind === 'http' && statuses.includes(failure.status);

/** A look-up that may be public: with the student's token, else (or after a 401) without. */
async function maybeAuthenticated<T>(
  request: (client: typeof api) => Promise<FetchOutcome<T>>,
): Promise<ApiResult<T>> {
  if (hasStudentSession()) {
    const result = await call(request(api));
    if (result.ok || !isStatus(result.failure, 401)) return result;
  }
  return call(request(publicApi));
}

function fullName(first: string | null | undefined, last: string | null | undefined): string {
  return [first, last]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');
}

// ------------------------------------------------------------------ look-ups

async function lookupTutor(
  { username }: { username: string },
  signal?: AbortSignal,
): Promise<TutorLookup | null> {
  if (!isValidUsernameShape(username)) return null;
  const result = await maybeAuthenticated((client) =>
    client.GET('/user/search/', { params: { query: { username } }, signal }),
  );
  if (!result.ok) {
    if (isStatus(result.failure, 400, 404)) return null;
    throw result.failure;
  }
  const tutor = result.data[0];
  if (!tutor || tutor.role !== 'teacher') return null;
  return {
    id: tutor.id ?? null,
    name: fullName(tutor.first_name, tutor.last_name) || (tutor.username ?? username),
    username: tutor.username ?? username,
    phone: tutor.phone,
    onboarding: tutor.pg_onboarding_status ?? [],
  };
}

export const FEES_CACHE_MS = 5 * 60_000;
let feesCache: { at: number; answer: Promise<FeeSettings> } | null = null;

/** payments/pg/ (public), kept a few minutes: the static link and the review both need it. */
function loadFees(signal?: AbortSignal): Promise<FeeSettings> {
  const now = Date.now();
  if (feesCache && now - feesCache.at < FEES_CACHE_MS) return feesCache.answer;
  const answer = data(
    publicApi.GET('/payments/pg/', { params: { query: { pg_name: PG_NAME } }, signal }),
  ).then((settings) => ({
    baseRate: settings.base_rate,
    holidays: settings.settlement_holidays,
  }));
  const entry = { at: now, answer };
  feesCache = entry;
  answer.catch(() => {
    if (feesCache === entry) feesCache = null;
  });
  return answer;
}

/** Forgets the kept fee settings (tests). */
export function resetFeesCache(): void {
  feesCache = null;
}

function payeeFacts(user: Schemas['UserSummary']): PayeeFacts {
  return {
    id: user.id ?? null,
    first_name: user.first_name,
    last_name: user.last_name,
    has_pan: user.has_pan,
    role: user.role,
    phone: user.phone,
    pg_onboarding_status: user.pg_onboarding_status,
  };
}

async function searchPayee(
  { phone }: { phone: string },
  signal?: AbortSignal,
): Promise<PayeeSearch> {
  if (!hasStudentSession()) return { kind: 'unauthorized' };
  const result = await call(api.GET('/user/search/', { params: { query: { phone } }, signal }));
  if (!result.ok) {
    if (isStatus(result.failure, 401)) return { kind: 'unauthorized' };
    throw result.failure;
  }
  const user = result.data[0];
  return user ? { kind: 'found', payee: payeeFacts(user) } : { kind: 'none' };
}

// ------------------------------------------------------------------ tutor details

/** What payeeLookup kept for /pay/tutor-details: the tutor's phone and the amount. */
async function readPending(): Promise<StoredPending> {
  return { amount: storage.get('activePaymentAmount'), tutorPhone: storage.get('tutorPhone') };
}

async function registerTutor(input: RegisterTutorInput, signal?: AbortSignal): Promise<PayeeFacts> {
  const tutor = await data(
    api.POST('/user/register/', {
      body: {
        first_name: input.firstName,
        last_name: input.lastName,
        pan: input.pan,
        phone: input.phone,
        amount: paiseToRupees(input.amount),
      },
      signal,
    }),
  );
  return payeeFacts(tutor);
}

// ------------------------------------------------------------------ review and order

const ID = /^\d+$/;

/** The payer's id: the stored user id, else user/me/ (and it is stored); 'ended' on a 401. */
async function payerId(signal?: AbortSignal): Promise<number | 'ended'> {
  const stored = storage.get('userId');
  if (stored !== null && ID.test(stored)) return Number(stored);
  const result = await call(api.GET('/user/me/', { signal }));
  if (!result.ok) {
    if (isStatus(result.failure, 401)) return 'ended';
    throw result.failure;
  }
  storage.set('userId', String(result.data.id));
  return result.data.id;
}

/** The payee: the id an earlier screen stored, else the tutor found by phone. */
async function payee(phone: string, signal?: AbortSignal): Promise<DraftFacts['payee']> {
  const stored = storage.get('payeeUserId') ?? storage.get('activePaymentTutorId');
  if (stored !== null && ID.test(stored)) return { id: Number(stored), onboarding: null };
  const search = await searchPayee({ phone }, signal);
  if (search.kind !== 'found' || search.payee.id === null) return null;
  return { id: search.payee.id, onboarding: search.payee.pg_onboarding_status ?? [] };
}

/** What /pay/review decides from (machines/payment/draft.ts): storage, and who the parties are. */
async function readDraft(signal?: AbortSignal): Promise<DraftFacts> {
  const stored = {
    amount: storage.get('activePaymentAmount'),
    payeePhone: storage.get('tutorPhone'),
    payeeName: storage.get('activePaymentTutorName'),
    paidOrderId: storage.get('paidOrderId'),
    linkId: storage.get('linkId'),
    book: storage.get('sessionDateTime') !== null,
  };
  const none = { ...stored, session: false, payerId: null, payee: null };
  // Without a session or a tutor's phone there is no one to ask about.
  if (!hasStudentSession()) return none;
  if (!stored.payeePhone) return { ...none, session: true };
  const payer = await payerId(signal);
  if (payer === 'ended') return none;
  return {
    ...stored,
    session: true,
    payerId: payer,
    payee: await payee(stored.payeePhone, signal),
  };
}

async function createOrder(
  { order, idempotencyKey }: { order: OrderDraft; idempotencyKey: string },
  signal?: AbortSignal,
): Promise<CreatedOrder> {
  const created = await data(
    api.POST('/payments/pg/order/', {
      params: { header: { 'Idempotency-Key': idempotencyKey } },
      body: {
        amount: paiseToRupees(order.breakup.total),
        base_amount: paiseToRupees(order.breakup.amount),
        payer_id: order.payerId,
        payee_id: order.payeeId,
        payment_method: order.method,
        settlement_type: SETTLEMENT_TYPE,
        ...(order.linkId ? { payment_link_id: order.linkId } : {}),
        ...(order.bookSession ? { book_session: true } : {}),
      },
      signal,
    }),
  );
  return { id: created.id, paymentSessionId: created.payment_session_id };
}

async function fetchOrder(
  { orderId }: { orderId: string },
  signal?: AbortSignal,
): Promise<OrderView> {
  const order = await data(
    api.GET('/payments/pg/order/{orderId}/', { params: { path: { orderId } }, signal }),
  );
  return {
    id: order.id,
    status: order.order.status,
    paymentStatus: order.latest_payment_status ?? null,
    total: rupeesToPaiseOrNull(order.order.amount) ?? 0,
    payeeName: order.payee_name,
    payeePhone: order.payee_phone,
    maskedAccount: order.masked_account_number,
    paymentTime: order.payment_time,
    refundReason: order.refund?.automatic_reason ?? null,
    session: order.schedule
      ? { start: order.schedule.starttime, end: order.schedule.endtime }
      : null,
  };
}

// ------------------------------------------------------------------ payment links

async function viewer(signal?: AbortSignal): Promise<LinkViewer> {
  if (!hasStudentSession()) return 'anonymous';
  const result = await call(api.GET('/user/me/', { signal }));
  if (!result.ok) {
    if (isStatus(result.failure, 401)) return 'anonymous';
    throw result.failure;
  }
  const me = result.data;
  if (me.role !== 'student') return 'anonymous';
  return isProfileComplete(me) ? 'complete' : 'incomplete';
}

async function loadLink({ linkId }: { linkId: string }, signal?: AbortSignal): Promise<LinkLoad> {
  if (!LINK_ID_PATTERN.test(linkId)) return { link: null, viewer: 'anonymous' };
  const result = await maybeAuthenticated((client) =>
    client.GET('/payments/payment-link/{id}/', { params: { path: { id: linkId } }, signal }),
  );
  if (!result.ok) {
    if (isStatus(result.failure, 400, 404)) return { link: null, viewer: 'anonymous' };
    throw result.failure;
  }
  const link = result.data;
  const who = link.status === 'ACTIVE' ? await viewer(signal) : 'anonymous';
  return {
    viewer: who,
    link: {
      id: link.id,
      amount: rupeesToPaiseOrNull(link.amount) ?? 0,
      purpose: link.purpose,
      status: link.status,
      payeeName: link.payee_name,
      payeePhone: link.payee_phone,
      payeeId: link.payee ?? null,
    },
  };
}

// ------------------------------------------------------------------ the rest

/** A fresh Idempotency-Key (contract: 8-64 of A-Z a-z 0-9 _ -). */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const paymentServices: PaymentServices = {
  lookupTutor,
  loadFees,
  searchPayee,
  readPending,
  registerTutor,
  readDraft,
  createOrder,
  openCheckout: ({ paymentSessionId }) => openGatewayCheckout(paymentSessionId),
  fetchOrder,
  loadLink,
  newIdempotencyKey,
};
