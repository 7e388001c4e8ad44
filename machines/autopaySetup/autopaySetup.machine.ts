// Turning on Autopay for one plan and student (issue 49): the plan as the payer will approve it
// (tutor, the most a debit takes, when, how long, the notice before each debit, cancel any
// time), their email (the gateway needs one), then the gateway's hosted mandate page.
//
//   loading ──done──▶ ready ─┬─email.change──▶ ready
//     │  (none, ended)  └─▶ notFound      └─setup.submit (a valid email)──▶ submitting
//     │  (over the cap, tutor cannot take payments) ▶ ineligible
//     │  (a live mandate already) ▶ already              submitting ──done──▶ opening
//     └──error──▶ loadFailed ──setup.retry──▶ loading     └──error──▶ failed (the refusal)
//   opening (the gateway's page opens in this tab) ──error──▶ failed (could not open it)
//   any call ──401──▶ unauthorized (final: the page sends the payer to log in)
//
// The calls (`fetchPlan`, `createMandate`) and the gateway's page (`openMandatePage`) are
// abstract; the email's rule is src/domain's.
import { assign, setup, type ActorRefFrom } from 'xstate';
import { messages } from '../../src/domain/messages';
import { autopayTexts } from '../../src/domain/autopayTexts';
import { emailSchema } from '../../src/domain/email';
import { abstractPromise } from '../shared/abstract';
import { isLive, type AutopayPlanView } from '../shared/autopay';
import { isUnauthorized, serverText, unreachableText } from '../shared/failure';

export interface AutopaySetupInput {
  planId: number;
  studentId: number;
}

export interface AutopaySetupContext extends AutopaySetupInput {
  plan: AutopayPlanView | null;
  email: string;
  /** The email's problem once the payer tried to go on with it (null: none). */
  emailError: string | null;
  error: string | null;
  mandateId: string | null;
  /** The gateway's page session, once the mandate is made. */
  sessionId: string | null;
}

export type AutopaySetupEvent =
  { type: 'email.change'; value: string } | { type: 'setup.submit' } | { type: 'setup.retry' };

/** Why the email cannot go on, in the words of the moment; null when it can. */
export function emailProblem(email: string): string | null {
  const parsed = emailSchema.safeParse(email);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? autopayTexts.email.invalid);
}

const errorOf = (event: unknown): unknown => (event as { error?: unknown }).error;

export const autopaySetupMachine = setup({
  types: {
    context: {} as AutopaySetupContext,
    input: {} as AutopaySetupInput,
    events: {} as AutopaySetupEvent,
  },
  actors: {
    /** The plan and what the payer's profile holds (the email to prefill). */
    fetchPlan: abstractPromise<
      { plan: AutopayPlanView | null; email: string | null },
      AutopaySetupInput
    >('fetchPlan'),
    createMandate: abstractPromise<
      { mandateId: string; sessionId: string },
      AutopaySetupInput & { email: string }
    >('createMandate'),
    /** Sends the tab to the gateway's mandate page (the browser SDK). */
    openMandatePage: abstractPromise<void, { sessionId: string }>('openMandatePage'),
  },
  guards: {
    unauthorized: ({ event }) => isUnauthorized(errorOf(event)),
    emailValid: ({ context }) => emailProblem(context.email) === null,
  },
}).createMachine({
  id: 'autopaySetup',
  description: 'Turning on Autopay for a plan: the terms, an email, the gateway’s page.',
  context: ({ input }) => ({
    ...input,
    plan: null,
    email: '',
    emailError: null,
    error: null,
    mandateId: null,
    sessionId: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'fetchPlan',
        src: 'fetchPlan',
        input: ({ context }) => ({ planId: context.planId, studentId: context.studentId }),
        onDone: [
          { guard: ({ event }) => event.output.plan === null, target: 'notFound' },
          {
            guard: ({ event }) => event.output.plan!.refusal !== null,
            target: 'ineligible',
            actions: assign({ plan: ({ event }) => event.output.plan }),
          },
          {
            guard: ({ event }) => isLive(event.output.plan!.mandate),
            target: 'already',
            actions: assign({ plan: ({ event }) => event.output.plan }),
          },
          {
            target: 'ready',
            actions: assign({
              plan: ({ event }) => event.output.plan,
              email: ({ event }) => event.output.email ?? '',
            }),
          },
        ],
        onError: [
          { guard: 'unauthorized', target: 'unauthorized' },
          {
            target: 'loadFailed',
            actions: assign({
              error: ({ event }) => unreachableText(event.error, messages.generic.somethingWrong),
            }),
          },
        ],
      },
    },
    loadFailed: {
      tags: 'error',
      on: { 'setup.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
    notFound: {},
    ineligible: {},
    already: {},
    ready: {
      on: {
        'email.change': {
          actions: assign({
            email: ({ event }) => event.value,
            // An error shown goes as soon as the address is right.
            emailError: ({ context, event }) =>
              context.emailError === null ? null : emailProblem(event.value),
          }),
        },
        'setup.submit': [
          { guard: 'emailValid', target: 'submitting', actions: assign({ emailError: null }) },
          { actions: assign({ emailError: ({ context }) => emailProblem(context.email) }) },
        ],
      },
    },
    submitting: {
      tags: 'loading',
      invoke: {
        id: 'createMandate',
        src: 'createMandate',
        input: ({ context }) => ({
          planId: context.planId,
          studentId: context.studentId,
          email: context.email,
        }),
        onDone: {
          target: 'opening',
          actions: assign({
            mandateId: ({ event }) => event.output.mandateId,
            sessionId: ({ event }) => event.output.sessionId,
          }),
        },
        onError: [
          { guard: 'unauthorized', target: 'unauthorized' },
          {
            target: 'failed',
            actions: assign({
              error: ({ event }) => serverText(event.error, messages.generic.somethingWrong),
            }),
          },
        ],
      },
    },
    opening: {
      tags: 'loading',
      invoke: {
        id: 'openMandatePage',
        src: 'openMandatePage',
        input: ({ context }) => ({ sessionId: context.sessionId ?? '' }),
        onError: {
          target: 'failed',
          actions: assign({
            error: ({ event }) => serverText(event.error, messages.generic.somethingWrong),
          }),
        },
      },
    },
    failed: {
      tags: 'error',
      on: {
        'email.change': {
          target: 'ready',
          actions: assign({ email: ({ event }) => event.value, error: null }),
        },
        // The email is the one that was sent (a change goes back to the form): try again.
        'setup.submit': { target: 'submitting', actions: assign({ error: null }) },
      },
    },
    unauthorized: { type: 'final' },
  },
});

export type AutopaySetupActorRef = ActorRefFrom<typeof autopaySetupMachine>;
