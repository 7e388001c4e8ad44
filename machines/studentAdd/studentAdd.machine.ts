// Adding a student on the tutor dashboard's Students tab (issue 14, D141): name and phone,
// optionally the paying parent and a batch, checked by the one rule for a student
// (src/domain/students.ts) before anything is sent.
//
//   editing ──student.add (valid)──▶ saving ──done──▶ editing (cleared; 'X is in your students now.')
//      ▲  └─student.add (a problem): every field's message shows
//      └──student.change── failed ◀──error (the server's message: a phone already there, 409)
//                            └──student.add──▶ saving
//   saving ──401──▶ unauthorized (final: the page sends the tutor to login)
//
// The call is abstract (`addStudent`); `added` (abstract) lets the page reload its list.
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { BATCH_MAX_LENGTH } from '../../src/domain/constants';
import { messages } from '../../src/domain/messages';
import { checkStudent, type StudentField, type StudentInput } from '../../src/domain/students';
import { phoneInput } from '../../src/domain/validation';
import { abstractPromise, notProvided } from '../shared/abstract';
import { isUnauthorized, serverText } from '../shared/failure';
import { nameInput } from '../shared/fields';

export type StudentForm = Required<{ [K in StudentField]: string }>;

export interface StudentAddContext {
  form: StudentForm;
  /** Every field's message shows once an add was refused. */
  showErrors: boolean;
  /** The name of the student just added. */
  added: string | null;
  /** Why the server refused (tag `error`). */
  error: string | null;
}

export type StudentAddEvent =
  { type: 'student.change'; field: StudentField; value: string } | { type: 'student.add' };

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
    addStudent: abstractPromise<{ name: string }, StudentInput>('addStudent'),
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
    /** Abstract: a student was added: reload the list. */
    added: () => notProvided('added'),
  },
  guards: {
    valid: ({ context }) => checkStudent(context.form).ok,
    unauthorized: ({ event }) => isUnauthorized(errorOf(event)),
  },
}).createMachine({
  id: 'studentAdd',
  description: "Add a student (name, phone, the paying parent, a batch) to the tutor's list.",
  context: { form: EMPTY_STUDENT, showErrors: false, added: null, error: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'student.change': { actions: 'change' },
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
        input: ({ context }) => context.form,
        onDone: {
          target: 'editing',
          actions: [
            assign({
              form: EMPTY_STUDENT,
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
        'student.add': { target: 'saving', actions: assign({ error: null }) },
      },
    },
    unauthorized: { type: 'final' },
  },
});

export type StudentAddActorRef = ActorRefFrom<typeof studentAddMachine>;
export type StudentAddSnapshot = SnapshotFrom<typeof studentAddMachine>;
