// Tutor sign-up step 3, Aadhaar (spec §2 "Aadhaar step", §4 "Aadhaar", §8; D4, D15, D16):
// 'Verify' asks the server to start the gateway's KYC (`POST payments/pg/onboarding/`) and sends
// the browser to the onboarding link, where the tutor verifies Aadhaar with the gateway itself.
//
//   ready ──aadhaar.verify──▶ starting ── a link on the gateway's origin ──▶ redirecting ─┐
//     ▲ └───────────────────────── aadhaar.returned (back from the gateway) ──────────────┘
//     ▲                          │ no link, a refused origin (D15), a failure ─┐
//     └──────── failed: 'Verification Failed!', 'Verify Again' ◀─────────────┘
//                                │ 401 ──▶ done (unauthorized): Session Expired
//                                └ 409 ──▶ conflict (the server's message) ──▶ done (dashboard)
//
// - `ready` is one state whether or not the last try failed: `failed` in context tells the
//   panel ('Verify' or 'Verification Failed!' with 'Verify Again'). D4: a tutor whose KYC the
//   gateway rejected starts with `failed` set, on the failed panel.
// - D15: whether a link may be followed is the `linkAllowed` guard, provided by the UI (it knows
//   the page's origin and the configured gateway origin); `openOnboarding` moves the browser.
// - D16: no Aadhaar number passes through here: the gateway's page asks for it.
import { assign, not, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { messages } from '../../src/domain/messages';
import { abstractPromise, notProvided } from '../shared/abstract';
import {
  httpStatus,
  isUnauthorized,
  serverMessage,
  serverText,
  unreachableText,
} from '../shared/failure';

export interface AadhaarVerificationInput {
  /** The tutor's user id, the call's `user_id`. */
  userId: string;
  /** D4: the gateway rejected the KYC (MIN_KYC_REJECTED): open on the failed panel. */
  rejected: boolean;
}

export interface StartOnboardingInput {
  userId: string;
}

/** The server's answer: the gateway's onboarding link, or null when it sent none. */
export interface OnboardingStart {
  onboardingLink: string | null;
}

/** How step 3 ended without leaving the page: the session is gone, or on to the dashboard. */
export type AadhaarResult = 'unauthorized' | 'dashboard';

export interface AadhaarOutput {
  result: AadhaarResult;
}

export interface AadhaarVerificationContext {
  userId: string;
  /** The last try failed (or, D4, the gateway rejected the KYC): the failed panel shows. */
  failed: boolean;
  /** A line under the failed panel, or the conflict's message. */
  error: string | null;
  result: AadhaarResult | null;
}

export type AadhaarVerificationEvent =
  /** 'Verify', or 'Verify Again' on the failed panel. */
  | { type: 'aadhaar.verify' }
  /** The way on after a 409 (e.g. the KYC is already submitted). */
  | { type: 'aadhaar.dashboard' }
  /** The page is shown again from the browser's back-forward cache after leaving for the gateway. */
  | { type: 'aadhaar.returned' };

const outputOf = (event: unknown): OnboardingStart | undefined =>
  (event as { output?: OnboardingStart }).output;
const linkOf = (event: unknown): string => outputOf(event)?.onboardingLink ?? '';
const errorOf = (event: unknown): unknown => (event as { error?: unknown }).error;

/** What the failed panel adds to 'Verification Failed!': the server's words, or why no answer came. */
function failureDetail(error: unknown): string | null {
  const text = serverMessage(error) ?? unreachableText(error, '');
  return text === '' ? null : text;
}

export const aadhaarVerificationMachine = setup({
  types: {
    context: {} as AadhaarVerificationContext,
    events: {} as AadhaarVerificationEvent,
    input: {} as AadhaarVerificationInput,
    output: {} as AadhaarOutput,
    children: {} as { startOnboarding: 'startOnboarding' },
  },
  actors: {
    startOnboarding: abstractPromise<OnboardingStart, StartOnboardingInput>('startOnboarding'),
  },
  actions: {
    /** Abstract: moves the browser to the gateway's onboarding page. */
    openOnboarding: (_: unknown, _params: { url: string }) => notProvided('openOnboarding'),
    fail: assign(({ event }) => ({ failed: true, error: failureDetail(errorOf(event)) })),
    failNoLink: assign({ failed: true, error: null }),
    startTry: assign({ failed: false, error: null }),
    conflict: assign(({ event }) => ({
      error: serverText(errorOf(event), messages.generic.somethingWrong),
    })),
    endUnauthorized: assign({ result: 'unauthorized' as const }),
    endDashboard: assign({ result: 'dashboard' as const }),
  },
  guards: {
    /** Abstract (D15): the link is on the configured gateway onboarding origin. */
    linkAllowed: (_: unknown, _params: { url: string }): boolean => notProvided('linkAllowed'),
    hasLink: ({ event }) => Boolean(outputOf(event)?.onboardingLink),
    unauthorized: ({ event }) => isUnauthorized(errorOf(event)),
    conflict: ({ event }) => httpStatus(errorOf(event)) === 409,
  },
}).createMachine({
  id: 'aadhaarVerification',
  description: 'Starts the gateway KYC and follows its link (spec §2 "Aadhaar step", D4, D15).',
  context: ({ input }) => ({
    userId: input.userId,
    failed: input.rejected,
    error: null,
    result: null,
  }),
  initial: 'ready',
  states: {
    ready: {
      on: { 'aadhaar.verify': { target: 'starting', actions: 'startTry' } },
    },
    starting: {
      tags: 'loading',
      invoke: {
        id: 'startOnboarding',
        src: 'startOnboarding',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: [
          { guard: not('hasLink'), target: 'ready', actions: 'failNoLink' },
          {
            guard: { type: 'linkAllowed', params: ({ event }) => ({ url: linkOf(event) }) },
            target: 'redirecting',
            actions: { type: 'openOnboarding', params: ({ event }) => ({ url: linkOf(event) }) },
          },
          // D15: a link on any other origin is never followed.
          { target: 'ready', actions: 'failNoLink' },
        ],
        onError: [
          { guard: 'unauthorized', target: 'done', actions: 'endUnauthorized' },
          { guard: 'conflict', target: 'conflict', actions: 'conflict' },
          { target: 'ready', actions: 'fail' },
        ],
      },
    },
    redirecting: {
      // The browser is leaving: 'Verifying' stays until the gateway's page opens. Back from
      // there may show this very page again (back-forward cache): 'Verify' again, not a spinner.
      tags: 'loading',
      on: { 'aadhaar.returned': { target: 'ready' } },
    },
    conflict: {
      tags: 'error',
      on: { 'aadhaar.dashboard': { target: 'done', actions: 'endDashboard' } },
    },
    done: { type: 'final' },
  },
  output: ({ context }) => ({ result: context.result ?? 'dashboard' }),
});

export type AadhaarVerificationActorRef = ActorRefFrom<typeof aadhaarVerificationMachine>;
export type AadhaarVerificationSnapshot = SnapshotFrom<typeof aadhaarVerificationMachine>;
