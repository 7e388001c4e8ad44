// /payment-link/{id}: the wrapper of a tutor's one-off payment link (spec §2, §8; D19, D34).
// The activeFlow tracker records DynamicLinkFlow; this machine loads the link and sends the
// student on:
//
// - no such link (or any refusal) → /page-not-found (spec §8); no answer → a retry;
// - PAID, EXPIRED or CANCELLED → a message that it cannot be paid;
// - a logged-in student with a complete profile → link stored → /pay/review;
// - a logged-in student without a PAN or names → link stored → /student/signup (spec §4,
//   student login step 5: where login would send them);
// - anyone else → link stored (the login screen's side panel shows it) → /student/login.
// Every exit replaces the wrapper in the history, so Back does not bounce through it.
import { assign, setup } from 'xstate';
import { messages } from '../../src/domain/messages';
import type { Paise } from '../../src/domain/money';
import type { PaymentLinkStatus } from '../../src/domain/statuses';
import { abstractPromise, notProvided } from '../shared/abstract';
import { isUnreachable, unreachableText } from '../shared/failure';
import type { NavigateParams } from '../shared/navigation';

export interface LinkView {
  id: string;
  /** The base amount, paise. */
  amount: Paise;
  purpose: string;
  status: PaymentLinkStatus;
  payeeName: string;
  payeePhone: string | null;
  /** Present only for a logged-in caller (D17). */
  payeeId: number | null;
}

/** Who opened the link: not logged in (or not a student), a student without a complete
 * profile, or a student who can pay. */
export type LinkViewer = 'anonymous' | 'incomplete' | 'complete';

export interface LinkLoad {
  /** null: no such link. */
  link: LinkView | null;
  viewer: LinkViewer;
}

export interface PaymentLinkInput {
  linkId: string;
}

export interface PaymentLinkContext {
  linkId: string;
  link: LinkView | null;
  error: string | null;
}

export type PaymentLinkEvent = { type: 'link.retry' };

export const paymentLinkMachine = setup({
  types: {
    context: {} as PaymentLinkContext,
    input: {} as PaymentLinkInput,
    events: {} as PaymentLinkEvent,
  },
  actors: {
    loadLink: abstractPromise<LinkLoad, { linkId: string }>('loadLink'),
  },
  actions: {
    navigate: (_: unknown, _params: NavigateParams) => notProvided('navigate'),
    /** Amount, payee name, phone and id, and the link id, for the review (and login panel). */
    storeLink: (_: unknown, _params: LinkView) => notProvided('storeLink'),
  },
}).createMachine({
  id: 'paymentLink',
  description: 'Loads a payment link and sends the student on (spec §2, D19).',
  context: ({ input }) => ({ linkId: input.linkId, link: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadLink',
        src: 'loadLink',
        input: ({ context }) => ({ linkId: context.linkId }),
        onDone: [
          {
            guard: ({ event }) => event.output.link === null,
            target: 'leaving',
            actions: { type: 'navigate', params: { to: '/page-not-found', replace: true } },
          },
          {
            guard: ({ event }) => event.output.link?.status !== 'ACTIVE',
            target: 'unavailable',
            actions: assign({ link: ({ event }) => event.output.link }),
          },
          {
            guard: ({ event }) =>
              event.output.viewer === 'complete' && event.output.link?.payeeId != null,
            target: 'leaving',
            actions: [
              assign({ link: ({ event }) => event.output.link }),
              { type: 'storeLink', params: ({ event }) => event.output.link as LinkView },
              { type: 'navigate', params: { to: '/pay/review', replace: true } },
            ],
          },
          {
            guard: ({ event }) => event.output.viewer === 'incomplete',
            target: 'leaving',
            actions: [
              assign({ link: ({ event }) => event.output.link }),
              { type: 'storeLink', params: ({ event }) => event.output.link as LinkView },
              { type: 'navigate', params: { to: '/student/signup', replace: true } },
            ],
          },
          {
            target: 'leaving',
            actions: [
              assign({ link: ({ event }) => event.output.link }),
              { type: 'storeLink', params: ({ event }) => event.output.link as LinkView },
              { type: 'navigate', params: { to: '/student/login', replace: true } },
            ],
          },
        ],
        onError: [
          {
            guard: ({ event }) => isUnreachable(event.error),
            target: 'loadFailed',
            actions: assign({
              error: ({ event }) => unreachableText(event.error, messages.generic.somethingWrong),
            }),
          },
          {
            description: 'Spec §8: a failed link fetch goes to the 404 page',
            target: 'leaving',
            actions: { type: 'navigate', params: { to: '/page-not-found', replace: true } },
          },
        ],
      },
    },
    loadFailed: {
      tags: ['error'],
      on: { 'link.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
    /** PAID, EXPIRED or CANCELLED: it cannot be paid. */
    unavailable: {},
    leaving: { type: 'final' },
  },
});
