// Changing a student on the Students tab (issue 48, D230): a name spelt wrong, a new phone or
// parent, another batch (a move: the old batch's dues still ahead end, the new batch's plans
// count from today). The same rule as adding one (src/domain/students.ts) is checked before
// anything is sent; each problem shows at its field, the server's too (a phone another student
// has, 409, at the phone).
//
//   idle ──edit.open(student)──▶ editing ──edit.change──▶ editing
//                                  ├─edit.save (valid)──▶ saving ──done──▶ done ('X is saved')
//                                  ├─edit.save (a problem): every field's message shows
//                                  └─edit.cancel──▶ idle
//   saving ──error──▶ failed ──edit.change──▶ editing; ──edit.save──▶ saving; ──edit.cancel──▶ idle
//   saving ──401──▶ unauthorized (final: the page sends the tutor to login)
//   done ──edit.open──▶ editing (another student)
//
// The call is abstract (`changeStudent`); `changed` (abstract) lets the page reload its lists.
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { messages } from '../../src/domain/messages';
import { checkStudent, type StudentField, type StudentInput } from '../../src/domain/students';
import { abstractPromise, notProvided } from '../shared/abstract';
import { isUnauthorized, serverField, serverText } from '../shared/failure';
import {
  EMPTY_STUDENT,
  NO_ERRORS,
  studentErrors,
  studentInput,
  type StudentErrors,
  type StudentForm,
} from '../studentAdd/studentAdd.machine';

/** The student being changed, as the list has them. */
export interface StudentShown {
  id: number;
  name: string;
  phone: string;
  parent_name: string | null;
  parent_phone: string | null;
  batch: string | null;
}

export interface StudentEditContext {
  student: StudentShown | null;
  form: StudentForm;
  showErrors: boolean;
  /** The name of the student just saved. */
  saved: string | null;
  /** Why the server refused, and the field it named. */
  error: string | null;
  errorField: string | null;
}

export type StudentEditEvent =
  | { type: 'edit.open'; student: StudentShown }
  | { type: 'edit.change'; field: StudentField; value: string }
  | { type: 'edit.save' }
  | { type: 'edit.cancel' };

export interface StudentChangeCall {
  id: number;
  body: StudentInput;
}

const formOf = (student: StudentShown): StudentForm => ({
  name: student.name,
  phone: student.phone,
  parent_name: student.parent_name ?? '',
  parent_phone: student.parent_phone ?? '',
  batch: student.batch ?? '',
});

/** The messages to show by field: the rule's once a save was refused, the server's at its field. */
export function shownEditErrors(context: StudentEditContext): StudentErrors {
  const errors = context.showErrors ? studentErrors(context.form) : { ...NO_ERRORS };
  const field = context.errorField as StudentField | null;
  if (context.error && field && field in errors) errors[field] ??= context.error;
  return errors;
}

/** Whether the dialog shows (the machine is past idle and not done). */
export const editOpen = (snapshot: StudentEditSnapshot) =>
  snapshot.matches('editing') || snapshot.matches('saving') || snapshot.matches('failed');

const errorOf = (event: unknown): unknown => (event as { error?: unknown }).error;
const closed = {
  student: null,
  form: EMPTY_STUDENT,
  showErrors: false,
  error: null,
  errorField: null,
};

export const studentEditMachine = setup({
  types: { context: {} as StudentEditContext, events: {} as StudentEditEvent },
  actors: {
    changeStudent: abstractPromise<{ name: string }, StudentChangeCall>('changeStudent'),
  },
  actions: {
    open: assign(({ event }) =>
      event.type === 'edit.open'
        ? { ...closed, student: event.student, form: formOf(event.student), saved: null }
        : {},
    ),
    change: assign(({ context, event }) =>
      event.type === 'edit.change'
        ? {
            form: { ...context.form, [event.field]: studentInput(event.field, event.value) },
            error: null,
            errorField: null,
          }
        : {},
    ),
    /** Abstract: a student was changed: reload the lists. */
    changed: () => notProvided('changed'),
  },
  guards: {
    valid: ({ context }) => checkStudent(context.form).ok,
    unauthorized: ({ event }) => isUnauthorized(errorOf(event)),
  },
}).createMachine({
  id: 'studentEdit',
  description: 'Change a student: the name, phones, parent or batch (a move, D230).',
  context: { ...closed, saved: null },
  initial: 'idle',
  states: {
    idle: { on: { 'edit.open': { target: 'editing', actions: 'open' } } },
    editing: {
      on: {
        'edit.change': { actions: 'change' },
        'edit.save': [
          { guard: 'valid', target: 'saving' },
          { actions: assign({ showErrors: true }) },
        ],
        'edit.cancel': { target: 'idle', actions: assign(closed) },
      },
    },
    saving: {
      tags: 'loading',
      invoke: {
        id: 'changeStudent',
        src: 'changeStudent',
        input: ({ context }) => ({ id: context.student!.id, body: context.form }),
        onDone: {
          target: 'done',
          actions: [assign({ ...closed, saved: ({ event }) => event.output.name }), 'changed'],
        },
        onError: [
          { guard: 'unauthorized', target: 'unauthorized' },
          {
            target: 'failed',
            actions: assign({
              error: ({ event }) => serverText(errorOf(event), messages.generic.somethingWrong),
              errorField: ({ event }) => serverField(errorOf(event)),
            }),
          },
        ],
      },
    },
    failed: {
      tags: 'error',
      on: {
        'edit.change': { target: 'editing', actions: 'change' },
        'edit.save': { target: 'saving', actions: assign({ error: null, errorField: null }) },
        'edit.cancel': { target: 'idle', actions: assign(closed) },
      },
    },
    done: { on: { 'edit.open': { target: 'editing', actions: 'open' } } },
    unauthorized: { type: 'final' },
  },
});

export type StudentEditActorRef = ActorRefFrom<typeof studentEditMachine>;
export type StudentEditSnapshot = SnapshotFrom<typeof studentEditMachine>;
