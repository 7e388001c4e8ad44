// The tutor dashboard's "Create a payment link" form (D19).
//
//   editing ──link.submit (valid)──▶ creating ──done──▶ created ──link.another──▶ editing
//      ▲  └─link.submit (invalid): the fields' messages show   │
//      └──field.change── failed ◀──error (the server's message: a 403 without approved KYC,
//                          │                                   a 400 refusal; offline …)
//                          └──link.submit──▶ creating
//   creating ──401──▶ unauthorized (final: the page sends the tutor to login)
//
// The call is abstract (`createLink`, the UI provides the API call); `created` (abstract) lets
// the page reload its list. `today` (IST day) is input,
// so the default expiry and its bounds do not depend on when a test runs.
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { messages } from '../../src/domain/messages';
import { phoneError } from '../../src/domain/validation';
import { abstractPromise, notProvided } from '../shared/abstract';
import { isUnauthorized, serverText } from '../shared/failure';
import {
  emptyLinkForm,
  linkFormErrors,
  linkRequest,
  sanitizeField,
  type LinkField,
  type LinkForm,
  type LinkRequest,
  type TutorLink,
} from './linkForm';

export interface LinkCreateInput {
  /** Today's IST date, 'YYYY-MM-DD'. */
  today: string;
  /** Fields to start from (e.g. a link like an earlier one); the rest are empty. */
  form?: Partial<LinkForm>;
}

export interface LinkCreateContext {
  today: string;
  form: LinkForm;
  /** The fields' messages show once a submit was refused. */
  showErrors: boolean;
  /** The link just created (state `created`). */
  link: TutorLink | null;
  /** Why creating failed (state `failed`). */
  error: string | null;
}

export type LinkCreateEvent =
  | { type: 'field.change'; field: LinkField; value: string }
  | { type: 'link.submit' }
  | { type: 'link.another' };

const errorOf = (event: unknown): unknown => (event as { error?: unknown }).error;

export const linkCreateMachine = setup({
  types: {
    context: {} as LinkCreateContext,
    events: {} as LinkCreateEvent,
    input: {} as LinkCreateInput,
  },
  actors: {
    createLink: abstractPromise<TutorLink, LinkRequest>('createLink'),
  },
  actions: {
    changeField: assign({
      form: ({ context, event }) =>
        event.type === 'field.change'
          ? { ...context.form, [event.field]: sanitizeField(event.field, event.value) }
          : context.form,
      error: null,
    }),
    /** Abstract: a link was created: reload the list. */
    created: () => notProvided('created'),
  },
  guards: {
    valid: ({ context }) => Object.keys(linkFormErrors(context.form, context.today)).length === 0,
    unauthorized: ({ event }) => isUnauthorized(errorOf(event)),
  },
}).createMachine({
  id: 'linkCreate',
  description: 'Create a one-off payment link: amount, purpose, optional student, expiry.',
  context: ({ input }) => ({
    today: input.today,
    form: { ...emptyLinkForm(input.today), ...input.form },
    showErrors: false,
    link: null,
    error: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': { actions: 'changeField' },
        'link.submit': [
          { guard: 'valid', target: 'creating' },
          { actions: assign({ showErrors: true }) },
        ],
      },
    },
    creating: {
      tags: 'loading',
      invoke: {
        id: 'createLink',
        src: 'createLink',
        input: ({ context }) => linkRequest(context.form),
        onDone: {
          target: 'created',
          actions: [assign({ link: ({ event }) => event.output }), 'created'],
        },
        onError: [
          { guard: 'unauthorized', target: 'unauthorized' },
          {
            target: 'failed',
            actions: assign({
              error: ({ event }) => serverText(errorOf(event), messages.generic.somethingWrong),
            }),
          },
        ],
      },
    },
    created: {
      on: {
        'link.another': {
          target: 'editing',
          actions: assign({
            form: ({ context }) => emptyLinkForm(context.today),
            showErrors: false,
            link: null,
          }),
        },
      },
    },
    failed: {
      tags: 'error',
      on: {
        'field.change': { target: 'editing', actions: 'changeField' },
        'link.submit': { target: 'creating', actions: assign({ error: null }) },
      },
    },
    unauthorized: { type: 'final' },
  },
});

export type LinkCreateActorRef = ActorRefFrom<typeof linkCreateMachine>;
export type LinkCreateSnapshot = SnapshotFrom<typeof linkCreateMachine>;

/**
 * The messages the form shows: every field's once Create was pressed (`showErrors`), and the
 * student's phone as soon as its 10 digits are not a mobile number (spec §5).
 */
export function shownLinkErrors(snapshot: LinkCreateSnapshot): Partial<Record<LinkField, string>> {
  const { form, today, showErrors } = snapshot.context;
  const errors = showErrors ? linkFormErrors(form, today) : {};
  const phone = errors.phone ?? phoneError(form.phone);
  return phone ? { ...errors, phone } : errors;
}
