// The Autopay status page the gateway's mandate page returns to (issue 49): it follows the
// mandate until the bank has answered, without a reload.
//
//   checking ──done, pending──▶ waiting ──after the pause──▶ checking   (bounded: 12 checks in
//      │                          about a minute and a half, then stillPending, 'Check again')
//      ├──done, answered──▶ known (active, paused, failed, expired, cancelled, completed)
//      ├──404 / 403──▶ notFound
//      ├──401──▶ leaving (the student login)
//      └──no answer──▶ waiting (again, bounded) ──▶ unreachable ('Check again')
//
// The fetch is abstract (`fetchMandate`); navigation is the UI's.
import { assign, setup, type ActorRefFrom } from 'xstate';
import { messages } from '../../src/domain/messages';
import { abstractPromise, notProvided } from '../shared/abstract';
import type { MandateView } from '../shared/autopay';
import { httpStatus, isUnauthorized, unreachableText } from '../shared/failure';
import { STUDENT_LOGIN_PATH } from '../shared/loginPaths';
import type { NavigateParams } from '../shared/navigation';

export interface MandateStatusContext {
  mandateId: string;
  mandate: MandateView | null;
  /** Checks made in this run of automatic checks. */
  checks: number;
  error: string | null;
}

export type MandateStatusEvent = { type: 'status.check' };

/** The pauses between automatic checks: a bank answers within seconds to a minute or two. */
export const MANDATE_RECHECK_MS = [
  2000, 2000, 3000, 3000, 4000, 5000, 6000, 8000, 10000, 12000, 15000,
] as const;
export const MANDATE_MAX_CHECKS = MANDATE_RECHECK_MS.length + 1;

const pending = ({ event }: { event: { output: MandateView } }) => event.output.stage === 'pending';

export const mandateStatusMachine = setup({
  types: {
    context: {} as MandateStatusContext,
    input: {} as { mandateId: string },
    events: {} as MandateStatusEvent,
  },
  actors: {
    fetchMandate: abstractPromise<MandateView, { mandateId: string }>('fetchMandate'),
  },
  actions: {
    navigate: (_: unknown, _params: NavigateParams) => notProvided('navigate'),
  },
  guards: {
    mayCheckAgain: ({ context }) => context.checks < MANDATE_MAX_CHECKS,
  },
  delays: {
    recheck: ({ context }) =>
      MANDATE_RECHECK_MS[Math.min(context.checks, MANDATE_RECHECK_MS.length) - 1] ?? 2000,
  },
}).createMachine({
  id: 'mandateStatus',
  description: 'Follows a mandate until the bank has answered (bounded), without a reload.',
  context: ({ input }) => ({ mandateId: input.mandateId, mandate: null, checks: 0, error: null }),
  initial: 'checking',
  states: {
    checking: {
      tags: ['loading'],
      entry: assign({ checks: ({ context }) => context.checks + 1 }),
      invoke: {
        id: 'fetchMandate',
        src: 'fetchMandate',
        input: ({ context }) => ({ mandateId: context.mandateId }),
        onDone: [
          {
            guard: ({ event }) => !pending({ event }),
            target: 'known',
            actions: assign({ mandate: ({ event }) => event.output, error: null }),
          },
          {
            guard: 'mayCheckAgain',
            target: 'waiting',
            actions: assign({ mandate: ({ event }) => event.output, error: null }),
          },
          {
            target: 'stillPending',
            actions: assign({ mandate: ({ event }) => event.output, error: null }),
          },
        ],
        onError: [
          {
            guard: ({ event }) => isUnauthorized(event.error),
            target: 'leaving',
            actions: { type: 'navigate', params: { to: STUDENT_LOGIN_PATH } },
          },
          {
            guard: ({ event }) => [400, 403, 404].includes(httpStatus(event.error) ?? 0),
            description: 'Not this payer’s mandate, or no such mandate',
            target: 'notFound',
          },
          {
            guard: 'mayCheckAgain',
            target: 'waiting',
            actions: assign({
              error: ({ event }) => unreachableText(event.error, messages.generic.somethingWrong),
            }),
          },
          {
            target: 'unreachable',
            actions: assign({
              error: ({ event }) => unreachableText(event.error, messages.generic.somethingWrong),
            }),
          },
        ],
      },
    },
    waiting: {
      tags: ['pending'],
      after: { recheck: { target: 'checking' } },
    },
    /** Still waiting for the bank after the automatic checks: the payer checks again. */
    stillPending: {
      tags: ['pending'],
      on: { 'status.check': { target: 'checking', actions: assign({ checks: 0 }) } },
    },
    unreachable: {
      tags: ['error'],
      on: { 'status.check': { target: 'checking', actions: assign({ checks: 0 }) } },
    },
    known: {},
    notFound: {},
    leaving: { type: 'final' },
  },
});

export type MandateStatusActorRef = ActorRefFrom<typeof mandateStatusMachine>;
