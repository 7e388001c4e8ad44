// Where a student with a complete profile goes after login or sign-up (spec §4 "Student
// login" 3-4, §8; D3, D15): back into the flow they came in by. One place for both
// machines (studentLogin's Continue, studentSignup's success), which invoke it as the
// abstract actor `routeByFlow`; the UI provides it as
//   fromPromise(({ signal }) => routeByFlow(fetchers, signal))
// with the stored flow and the API calls as `fetchers` (src/ui/routes/student/).
//
// - payTuitionFeesFlow: /pay/payment-details.
// - StaticLinkFlow: the tutor is looked up by the username of the stored flow URL; found,
//   back to that URL and query (D15: same-origin paths only); not found: /page-not-found.
// - DynamicLinkFlow: the link is loaded and its payee checked; a payee with any gateway
//   onboarding entry gives /pay/review (the link's amount, payee, name, phone and id are to
//   be stored), anything else /page-not-found. A link no longer ACTIVE (paid, expired,
//   cancelled) cannot be paid: /page-not-found.
// - defaultFlow, or no flow stored: /student/dashboard (D3).
//
// "Not found" is a verdict (404, or 400 for an id the server refuses, or an empty answer).
// Any other failure (offline, timeout, 5xx, 401) rejects with the CallFailure, so the
// screen can offer another try instead of a 404 page for a flaky network.
import { isSameOriginPath, type ActiveFlow } from '../../src/domain/activeFlow';
import { LINK_ID_PATTERN } from '../../src/domain/ids';
import { rupeesToPaiseOrNull, type Paise } from '../../src/domain/money';
import { isOnboarded, type PgOnboardingEntry } from '../../src/domain/onboarding';
import { isValidUsernameShape } from '../../src/domain/usernames';
import { abstractPromise } from '../shared/abstract';
import { asFailure } from '../shared/failure';
import { LOGIN_PATHS } from '../shared/loginPaths';

export const PATHS = {
  paymentDetails: '/pay/payment-details',
  review: '/pay/review',
  notFound: '/page-not-found',
  studentDashboard: '/student/dashboard',
  studentSignup: '/student/signup',
  studentLogin: LOGIN_PATHS.student,
  tutorLogin: LOGIN_PATHS.teacher,
} as const;

/** The stored active flow (spec §3 activeFlow, activeFlowUrl, activeFlowQuery). */
export interface StoredFlow {
  flow: ActiveFlow | null;
  /** The flow's pathname, e.g. '/static-link/asha-verma'. */
  url: string | null;
  /** Its search string: '' or '?…'. */
  query: string | null;
}

/** A tutor as `GET user/search/?username=` lists them (D17). */
export interface TutorSummary {
  id?: number;
  first_name: string | null;
  last_name: string | null;
  phone: string;
}

/** `GET payments/payment-link/{id}/` (D19, D34). */
export interface PaymentLinkDetails {
  id: string;
  /** Whole rupees (D25). */
  amount: number;
  status: string;
  payee_name: string;
  payee_phone: string | null;
  /** Present for a logged-in caller. */
  payee?: number;
}

/** `GET user/{id}/` of the payee: whether they have a gateway onboarding entry. */
export interface PayeeSummary {
  pg_onboarding_status: readonly PgOnboardingEntry[];
}

/** What routeByFlow reads; each call rejects with a CallFailure. */
export interface RouteFetchers {
  readFlow(): StoredFlow;
  searchTutor(username: string, signal?: AbortSignal): Promise<readonly TutorSummary[]>;
  getPaymentLink(id: string, signal?: AbortSignal): Promise<PaymentLinkDetails>;
  getPayee(id: number, signal?: AbortSignal): Promise<PayeeSummary>;
}

/** The payment to keep in storage before going on (spec §3 active-payment keys). */
export type PaymentToStore =
  | {
      /** Static link: the tutor whose link it is. */
      kind: 'tutor';
      tutorId: string | null;
      tutorName: string | null;
      tutorPhone: string;
    }
  | {
      /** Dynamic link: everything /pay/review needs. */
      kind: 'link';
      linkId: string;
      amount: Paise;
      payeeId: string;
      payeeName: string;
      payeePhone: string;
    };

export interface RouteDecision {
  /** A same-origin path. */
  to: string;
  store: PaymentToStore | null;
}

const go = (to: string, store: PaymentToStore | null = null): RouteDecision => ({ to, store });
const notFound = () => go(PATHS.notFound);

/** The last segment of a stored path: '/static-link/asha-verma' gives 'asha-verma'. */
function lastSegment(url: string | null): string | null {
  if (!url) return null;
  const segment = url.split('/').filter(Boolean).at(-1);
  return segment ?? null;
}

/** 404, or 400 for an id or name the server refuses: nothing to go back to. */
function isNotFound(error: unknown): boolean {
  const failure = asFailure(error);
  return failure.kind === 'http' && (failure.status === 404 || failure.status === 400);
}

/** Runs `call`; "not found" answers null, every other failure rejects as it is. */
async function orNull<T>(call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

function fullName(first: string | null, last: string | null): string | null {
  const name = [first, last]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');
  return name === '' ? null : name;
}

async function staticLink(
  fetchers: RouteFetchers,
  { url, query }: StoredFlow,
  signal?: AbortSignal,
): Promise<RouteDecision> {
  // D30: the app lower-cases a username taken from a URL before looking it up.
  const username = lastSegment(url)?.toLowerCase() ?? null;
  if (!url || !username || !isValidUsernameShape(username)) return notFound();
  const target = `${url}${query ?? ''}`;
  if (!isSameOriginPath(target)) return notFound(); // D15
  const tutor = (await orNull(() => fetchers.searchTutor(username, signal)))?.[0];
  if (!tutor) return notFound();
  return go(target, {
    kind: 'tutor',
    tutorId: tutor.id === undefined ? null : String(tutor.id),
    tutorName: fullName(tutor.first_name, tutor.last_name),
    tutorPhone: tutor.phone,
  });
}

async function dynamicLink(
  fetchers: RouteFetchers,
  { url }: StoredFlow,
  signal?: AbortSignal,
): Promise<RouteDecision> {
  const id = lastSegment(url);
  if (!id || !LINK_ID_PATTERN.test(id)) return notFound();
  const link = await orNull(() => fetchers.getPaymentLink(id, signal));
  if (!link || link.status !== 'ACTIVE' || link.payee === undefined || !link.payee_phone) {
    return notFound();
  }
  const amount = rupeesToPaiseOrNull(link.amount);
  if (amount === null || amount <= 0) return notFound();
  const payeeId = link.payee;
  const payee = await orNull(() => fetchers.getPayee(payeeId, signal));
  if (!payee || !isOnboarded(payee.pg_onboarding_status)) return notFound();
  return go(PATHS.review, {
    kind: 'link',
    linkId: link.id,
    amount,
    payeeId: String(payeeId),
    payeeName: link.payee_name,
    payeePhone: link.payee_phone,
  });
}

/** Where to go now, and what to store first. Rejects with a CallFailure worth a retry. */
export async function routeByFlow(
  fetchers: RouteFetchers,
  signal?: AbortSignal,
): Promise<RouteDecision> {
  const stored = fetchers.readFlow();
  switch (stored.flow) {
    case 'payTuitionFeesFlow':
      return go(PATHS.paymentDetails);
    case 'StaticLinkFlow':
      return staticLink(fetchers, stored, signal);
    case 'DynamicLinkFlow':
      return dynamicLink(fetchers, stored, signal);
    default:
      return go(PATHS.studentDashboard); // D3; also when no flow was ever recorded
  }
}

/** The abstract actor both machines invoke; the UI provides it over `routeByFlow`. */
export const routeByFlowActor = abstractPromise<RouteDecision, void>('routeByFlow');
