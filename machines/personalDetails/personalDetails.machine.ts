// The personal-details form of both sign-ups (spec §5, §8; D2, D16, D29): first and last name
// as on the PAN, and the PAN unless one is on file, saved with `POST user/onboarding/` for the
// user's own phone. The student's sign-up and step 1 of the tutor's invoke it; each decides
// what comes after.
//
//   editing ──details.submit──▶ submitting (onboard) ──▶ saved (final)
//      ▲  │ only once the privacy notice is agreed to (consent.toggle, D319): its version goes
//      │  │ with the names, and the server records it
//      │  │ names and PAN verified already (D29): read-only, submit goes on with nothing sent
//      │  failure: the server's message, else D2's 'Something went wrong. Please try again.'
//      └─ names only and the server has no PAN either: the PAN field appears (spec §5)
//   401 while saving ──▶ unauthorized (final)
//
// Spec §5: "Name plus PAN is submitted when the PAN is valid. With name only, the server is
// asked first and the PAN field appears if the server returns no PAN."
import { assign, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { messages } from '../../src/domain/messages';
import { abstractPromise, notProvided } from '../shared/abstract';
import { isUnauthorized, serverText } from '../shared/failure';
import {
  isPersonalDetailsValid,
  onboardSelfBody,
  personalInput,
  UNTOUCHED_PERSONAL,
  type PersonalDetailsForm,
  type PersonalField,
} from './form';

/** `POST user/onboarding/` for the caller's own phone. */
export interface OnboardInput {
  phone: string;
  first_name: string;
  last_name: string;
  pan?: string;
  /** D319: the privacy notice agreed to on the form. */
  notice_version?: string;
}

/** The saved identity: `pan` null means the server has no PAN for the user. */
export interface OnboardOutput {
  pan: string | null;
}

/** What the form is kept as while it is filled (spec §3 "onboarding names and PAN"). */
export interface PersonalDraft {
  firstName?: string;
  lastName?: string;
  pan?: string;
}

export interface PersonalDetailsInput {
  /** The user's own phone, the onboarding call's `phone`. */
  phone: string;
  firstName: string;
  lastName: string;
  pan: string;
  /** No PAN is on file: the PAN field is required. */
  panRequired: boolean;
  /** The names are verified with the PAN (D29): read-only. */
  namesLocked: boolean;
  /** D16: the student's form is kept as a draft while filled; the tutor's PAN stays in memory. */
  keepsDraft: boolean;
}

/** The form's opening from what a sign-up knows (its context holds these fields). */
export const detailsInput = (
  known: Omit<PersonalDetailsInput, 'keepsDraft'>,
  keepsDraft: boolean,
): PersonalDetailsInput => ({
  phone: known.phone,
  firstName: known.firstName,
  lastName: known.lastName,
  pan: known.pan,
  panRequired: known.panRequired,
  namesLocked: known.namesLocked,
  keepsDraft,
});

export interface PersonalDetailsContext extends PersonalDetailsForm {
  phone: string;
  namesLocked: boolean;
  keepsDraft: boolean;
  /** Why saving failed (tag `error`). */
  error: string | null;
  /** An informational line: the PAN is needed after all. */
  notice: string | null;
  /** D319: the privacy notice's box is ticked. */
  consented: boolean;
}

export type PersonalDetailsOutput =
  | { result: 'saved'; firstName: string; lastName: string; pan: string }
  | { result: 'unauthorized' };

export type PersonalDetailsEvent =
  | { type: 'details.change'; field: PersonalField; value: string }
  | { type: 'details.blur'; field: PersonalField }
  /** D319: the privacy notice's box ticked or unticked. */
  | { type: 'consent.toggle'; value: boolean }
  /** 'Continue' on the student's form, 'Next' on the tutor's step 1. */
  | { type: 'details.submit' };

const fieldOf = (event: unknown): PersonalField | undefined =>
  (event as { field?: PersonalField }).field;
const errorOf = (event: unknown): unknown => (event as { error?: unknown }).error;

/** Names and PAN are verified on file: nothing to send. */
export const detailsVerified = (context: PersonalDetailsContext): boolean =>
  context.namesLocked && !context.panRequired;

export const personalDetailsMachine = setup({
  types: {
    context: {} as PersonalDetailsContext,
    events: {} as PersonalDetailsEvent,
    input: {} as PersonalDetailsInput,
    output: {} as PersonalDetailsOutput,
    children: {} as { onboard: 'onboard' },
  },
  actors: {
    onboard: abstractPromise<OnboardOutput, OnboardInput>('onboard'),
  },
  actions: {
    /** Abstract: keeps the form in session storage while it is filled (D16). */
    saveDraft: (_: unknown, _draft: PersonalDraft) => notProvided('saveDraft'),

    change: assign(({ event }): Partial<PersonalDetailsContext> => {
      if (event.type !== 'details.change') return {};
      return { [event.field]: personalInput(event.field, event.value), error: null };
    }),
    /** The form after this change, as the draft (only where one is kept). */
    keepDraft: enqueueActions(({ enqueue, context: { keepsDraft, firstName, lastName, pan } }) => {
      if (keepsDraft) enqueue({ type: 'saveDraft', params: { firstName, lastName, pan } });
    }),
    touch: assign(({ context, event }) => {
      const field = fieldOf(event);
      return field ? { touched: { ...context.touched, [field]: true } } : {};
    }),
    startSubmit: assign({ error: null, notice: null }),
    requirePan: assign({
      panRequired: true,
      notice: () => messages.studentSignup.panNeeded,
      touched: UNTOUCHED_PERSONAL,
    }),
    // Spec §8 registration failure (D2): the server's message (a 400's reason, a 409's lock),
    // else 'Something went wrong. Please try again.'.
    failSubmit: assign(({ event }) => ({
      error: serverText(errorOf(event), messages.generic.registrationFailed),
    })),
  },
  guards: {
    /** The PAN only while none is on file; the names unless verified (D29). */
    fieldEditable: ({ context, event }) => {
      const field = fieldOf(event);
      return field === 'pan' ? context.panRequired : !context.namesLocked;
    },
    verified: ({ context }) => detailsVerified(context),
    /** Nothing is sent for verified details, so no consent is asked there; a box only changes. */
    consentAsked: ({ context, event }) =>
      !detailsVerified(context) &&
      event.type === 'consent.toggle' &&
      event.value !== context.consented,
    /** D319: what is sent needs the notice agreed to. */
    formValid: ({ context }) => isPersonalDetailsValid(context) && context.consented,
    /** Names alone were sent and the server has no PAN either. */
    panStillNeeded: ({ context, event }) =>
      !context.panRequired && !(event as { output?: OnboardOutput }).output?.pan,
    unauthorized: ({ event }) => isUnauthorized(errorOf(event)),
  },
}).createMachine({
  id: 'personalDetails',
  description: 'First and last name as on the PAN, and the PAN, saved for the own phone (spec §5).',
  context: ({ input }) => ({
    ...input,
    touched: UNTOUCHED_PERSONAL,
    error: null,
    notice: null,
    consented: false,
  }),
  initial: 'editing',
  states: {
    editing: {
      initial: 'idle',
      on: {
        'details.change': {
          guard: 'fieldEditable',
          target: '.idle',
          actions: ['change', 'keepDraft'],
        },
        'details.blur': { guard: 'fieldEditable', actions: 'touch' },
        'consent.toggle': {
          guard: 'consentAsked',
          actions: assign(({ event }) => ({ consented: event.value })),
        },
        'details.submit': [
          { guard: 'verified', target: 'saved' },
          { guard: 'formValid', target: 'submitting', actions: 'startSubmit' },
        ],
      },
      states: {
        idle: {},
        failed: { tags: 'error' },
      },
    },
    submitting: {
      tags: 'loading',
      invoke: {
        id: 'onboard',
        src: 'onboard',
        input: ({ context }) => onboardSelfBody(context),
        onDone: [
          { guard: 'panStillNeeded', target: 'editing', actions: 'requirePan' },
          { target: 'saved' },
        ],
        onError: [
          { guard: 'unauthorized', target: 'unauthorized' },
          { target: 'editing.failed', actions: 'failSubmit' },
        ],
      },
    },
    saved: {
      type: 'final',
      output: ({ context }): PersonalDetailsOutput => ({
        result: 'saved',
        firstName: context.firstName.trim(),
        lastName: context.lastName.trim(),
        pan: context.pan,
      }),
    },
    unauthorized: {
      type: 'final',
      output: (): PersonalDetailsOutput => ({ result: 'unauthorized' }),
    },
  },
  // The final state's own output.
  output: ({ event }) => event.output as PersonalDetailsOutput,
});

export type PersonalDetailsActorRef = ActorRefFrom<typeof personalDetailsMachine>;
export type PersonalDetailsSnapshot = SnapshotFrom<typeof personalDetailsMachine>;
