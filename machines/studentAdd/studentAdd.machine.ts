// Adding a student on the tutor dashboard's Students tab (issue 14, D141): name and phone,
// optionally the paying parent and a batch, checked by the one rule for a student
// (src/domain/students.ts) before anything is sent.
//
//   editing ──student.add (valid)──▶ saving ──done──▶ editing (cleared; 'X is in your students now.')
//      ▲  └─student.add (a problem): every field's message shows
//      └──student.change── failed ◀──error (the server's message: a phone already there, 409)
//                            └──student.add──▶ saving
//   saving ──401──▶ unauthorized (final: the page sends the tutor to login)
//   student.child (editing or failed): 'Under 18' and 'the parent agreed' (D320); a child is
//   added only with the paying parent and that box ticked.
//
// The call is abstract (`addStudent`); `added` (abstract) lets the page reload its list.
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { BATCH_MAX_LENGTH } from '../../src/domain/constants';
import { messages } from '../../src/domain/messages';
import {
  checkStudent,
  childConsentError,
  type ChildConsent,
  type StudentField,
  type StudentInput,
} from '../../src/domain/students';
import { phoneInput } from '../../src/domain/validation';
import { abstractPromise, notProvided } from '../shared/abstract';
import { isUnauthorized, serverText } from '../shared/failure';
import { nameInput } from '../shared/fields';

export type StudentForm = Required<{ [K in StudentField]: string }>;

/** D320: what the tutor says of a child. */
export interface ChildFields {
  minor: boolean;
  parentConsent: boolean;
}

export interface StudentAddContext {
  form: StudentForm;
  child: ChildFields;
  /** Every field's message shows once an add was refused. */
  showErrors: boolean;
  /** The name of the student just added. */
  added: string | null;
  /** Why the server refused (tag `error`). */
  error: string | null;
}

export type StudentAddEvent =
  | { type: 'student.change'; field: StudentField; value: string }
  /** D320: 'Under 18' and 'The parent agreed' ticked or not. */
  | { type: 'student.child'; field: keyof ChildFields; value: boolean }
  | { type: 'student.add' };

export const NO_CHILD: ChildFields = { minor: false, parentConsent: false };

/** What the API is sent: the student, and what the tutor says of a child (D320). */
export const studentToAdd = ({ form, child }: Pick<StudentAddContext, 'form' | 'child'>) => ({
  ...form,
  ...(child.minor ? { minor: true, parent_consent: child.parentConsent } : {}),
});

/** The child's missing consent or parent, once an add was refused. */
export const shownChildError = (context: StudentAddContext): string | null =>
  context.showErrors ? (childConsentError(studentToAdd(context))?.message ?? null) : null;

export const EMPTY_STUDENT: StudentForm = {
  name: '',
  phone: '',
  parent_name: '',
  parent_phone: '',
  batch: '',
};

/** What each field keeps of what was typed. */
export function studentInput(field: StudentField, raw: string): string {
  if (field === 'phone' || field === 'parent_phone') return phoneInput(raw);
  if (field === 'batch') return raw.slice(0, BATCH_MAX_LENGTH);
  return nameInput(raw);
}

export type StudentErrors = Record<StudentField, string | null>;
export const NO_ERRORS: StudentErrors = {
  name: null,
  phone: null,
  parent_name: null,
  parent_phone: null,
  batch: null,
};

/** Each field's first message, or null. */
export function studentErrors(form: StudentForm): StudentErrors {
  const errors = { ...NO_ERRORS };
  const checked = checkStudent(form);
  if (!checked.ok) {
    for (const { field, message } of checked.errors) {
      if (field !== 'plan') errors[field] ??= message;
    }
  }
  return errors;
}

/** The messages to show: none until an add was refused. */
export const shownStudentErrors = (context: StudentAddContext): StudentErrors =>
  context.showErrors ? studentErrors(context.form) : NO_ERRORS;

const errorOf = (event: unknown): unknown => (event as { error?: unknown }).error;

export const studentAddMachine = setup({
  types: {
    context: {} as StudentAddContext,
    events: {} as StudentAddEvent,
  },
  actors: {
    addStudent: abstractPromise<{ name: string }, StudentInput & ChildConsent>('addStudent'),
  },
  actions: {
    change: assign(({ context, event }) =>
      event.type === 'student.change'
        ? {
            form: { ...context.form, [event.field]: studentInput(event.field, event.value) },
            error: null,
            added: null,
          }
        : {},
    ),
    changeChild: assign(({ context, event }) =>
      event.type === 'student.child'
        ? {
            // Not a child any more: the parent's consent is not asked either.
            child:
              event.field === 'minor' && !event.value
                ? NO_CHILD
                : { ...context.child, [event.field]: event.value },
            error: null,
            added: null,
          }
        : {},
    ),
    /** Abstract: a student was added: reload the list. */
    added: () => notProvided('added'),
  },
  guards: {
    /** A box that changes; the parent's consent is asked of a child only. */
    childAsked: ({ context, event }) =>
      event.type === 'student.child' &&
      context.child[event.field] !== event.value &&
      (event.field === 'minor' || context.child.minor),
    valid: ({ context }) =>
      checkStudent(context.form).ok && childConsentError(studentToAdd(context)) === null,
    unauthorized: ({ event }) => isUnauthorized(errorOf(event)),
  },
}).createMachine({
  id: 'studentAdd',
  description: "Add a student (name, phone, the paying parent, a batch) to the tutor's list.",
  context: { form: EMPTY_STUDENT, child: NO_CHILD, showErrors: false, added: null, error: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'student.change': { actions: 'change' },
        'student.child': { guard: 'childAsked', actions: 'changeChild' },
        'student.add': [
          { guard: 'valid', target: 'saving' },
          { actions: assign({ showErrors: true }) },
        ],
      },
    },
    saving: {
      tags: 'loading',
      invoke: {
        id: 'addStudent',
        src: 'addStudent',
        input: ({ context }) => studentToAdd(context),
        onDone: {
          target: 'editing',
          actions: [
            assign({
              form: EMPTY_STUDENT,
              child: NO_CHILD,
              showErrors: false,
              added: ({ event }) => event.output.name,
            }),
            'added',
          ],
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
    failed: {
      tags: 'error',
      on: {
        'student.change': { target: 'editing', actions: 'change' },
        'student.child': { guard: 'childAsked', target: 'editing', actions: 'changeChild' },
        'student.add': { target: 'saving', actions: assign({ error: null }) },
      },
    },
    unauthorized: { type: 'final' },
  },
});

export type StudentAddActorRef = ActorRefFrom<typeof studentAddMachine>;
export type StudentAddSnapshot = SnapshotFrom<typeof studentAddMachine>;
