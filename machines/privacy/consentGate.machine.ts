// The dashboards' consent gate (issue 54, D319, D320): on a dashboard's start, what waits for
// the person's answer: the privacy notice when no consent to its current version is in force
// (a new version asks again, as does consent withdrawn), and, for a parent, the children a tutor
// added with their phone, whose consent the tutor noted and the parent confirms or refuses.
//
//   loading ──nothing to ask (or the ask cannot load)──▶ clear (final: the dashboard as is)
//      │ 401 ──▶ unauthorized (final)
//   asking ──consent.toggle / child.decide──▶ asking    gate.submit (all answered)──▶ saving
//      └─ failed (the server's message) ◀──error── saving ──done──▶ clear
//
// The calls are abstract (`fetchConsents`, `giveConsent`).
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { NOTICE_VERSION, type ChildDecision } from '../../src/domain/privacy';
import { privacyTexts } from '../../src/domain/privacyTexts';
import { abstractPromise } from '../shared/abstract';
import { isUnauthorized, serverText } from '../shared/failure';

export interface WaitingChild {
  studentId: number;
  childName: string;
  tutorName: string;
}

/** What the server says waits for an answer (`GET user/consents/`). */
export interface ConsentAsk {
  needsNotice: boolean;
  children: WaitingChild[];
}

export type { ChildDecision };

/** `POST user/consents/`'s body. */
export interface ConsentReply {
  notice_version?: string;
  children?: { student_id: number; decision: ChildDecision }[];
}

export interface ConsentGateContext {
  ask: ConsentAsk;
  /** The notice's box. */
  agreed: boolean;
  decisions: Partial<Record<number, ChildDecision>>;
  error: string | null;
}

export type ConsentGateEvent =
  | { type: 'consent.toggle'; value: boolean }
  | { type: 'child.decide'; studentId: number; decision: ChildDecision }
  | { type: 'gate.submit' };

/** Every question answered: the notice agreed to (when asked), each child decided. */
export const gateAnswered = (context: ConsentGateContext): boolean =>
  (!context.ask.needsNotice || context.agreed) &&
  context.ask.children.every((child) => context.decisions[child.studentId] !== undefined);

/** The answer to send. */
export const gateReply = (context: ConsentGateContext): ConsentReply => ({
  ...(context.ask.needsNotice ? { notice_version: NOTICE_VERSION } : {}),
  ...(context.ask.children.length > 0
    ? {
        children: context.ask.children.map((child) => ({
          student_id: child.studentId,
          decision: context.decisions[child.studentId]!,
        })),
      }
    : {}),
});

const errorOf = (event: unknown): unknown => (event as { error?: unknown }).error;

export const consentGateMachine = setup({
  types: {
    context: {} as ConsentGateContext,
    events: {} as ConsentGateEvent,
  },
  actors: {
    fetchConsents: abstractPromise<ConsentAsk, void>('fetchConsents'),
    giveConsent: abstractPromise<void, ConsentReply>('giveConsent'),
  },
  guards: {
    nothingToAsk: ({ event }) => {
      const ask = (event as { output?: ConsentAsk }).output;
      return !ask || (!ask.needsNotice && ask.children.length === 0);
    },
    unauthorized: ({ event }) => isUnauthorized(errorOf(event)),
    /** The notice's box, changed (the notice asked). */
    noticeChanged: ({ context, event }) =>
      event.type === 'consent.toggle' && context.ask.needsNotice && context.agreed !== event.value,
    /** Another answer for a child that waits. */
    childChanged: ({ context, event }) =>
      event.type === 'child.decide' &&
      context.decisions[event.studentId] !== event.decision &&
      context.ask.children.some((child) => child.studentId === event.studentId),
    answered: ({ context }) => gateAnswered(context),
  },
}).createMachine({
  id: 'consentGate',
  description: 'What waits for the person’s consent on a dashboard: the notice, a child.',
  context: { ask: { needsNotice: false, children: [] }, agreed: false, decisions: {}, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'fetchConsents',
        src: 'fetchConsents',
        onDone: [
          { guard: 'nothingToAsk', target: 'clear' },
          { target: 'asking', actions: assign({ ask: ({ event }) => event.output }) },
        ],
        onError: [
          { guard: 'unauthorized', target: 'unauthorized' },
          // The dashboard is not held back by a question that cannot be read: the next visit asks.
          { target: 'clear' },
        ],
      },
    },
    asking: {
      initial: 'idle',
      on: {
        'consent.toggle': {
          guard: 'noticeChanged',
          target: '.idle',
          actions: assign({ agreed: ({ event }) => event.value, error: null }),
        },
        'child.decide': {
          guard: 'childChanged',
          target: '.idle',
          actions: assign({
            decisions: ({ context, event }) => ({
              ...context.decisions,
              [event.studentId]: event.decision,
            }),
            error: null,
          }),
        },
        'gate.submit': { guard: 'answered', target: 'saving' },
      },
      states: {
        idle: {},
        failed: { tags: 'error' },
      },
    },
    saving: {
      tags: 'loading',
      invoke: {
        id: 'giveConsent',
        src: 'giveConsent',
        input: ({ context }) => gateReply(context),
        onDone: { target: 'clear' },
        onError: [
          { guard: 'unauthorized', target: 'unauthorized' },
          {
            target: 'asking.failed',
            actions: assign({
              error: ({ event }) => serverText(errorOf(event), privacyTexts.gate.failed),
            }),
          },
        ],
      },
    },
    clear: { type: 'final' },
    unauthorized: { type: 'final' },
  },
});

export type ConsentGateActorRef = ActorRefFrom<typeof consentGateMachine>;
export type ConsentGateSnapshot = SnapshotFrom<typeof consentGateMachine>;
