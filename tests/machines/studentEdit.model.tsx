// Path model of the studentEdit machine (changing a student on the Students tab, D230), walked
// on the machine and through its dialog (StudentEditDialog). The row's 'Edit' button is stood
// in for by one button beside the dialog.
import assert from 'node:assert/strict';
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import {
  shownEditErrors,
  studentEditMachine,
  type StudentChangeCall,
  type StudentShown,
} from '../../machines/studentEdit/studentEdit.machine';
import { messages } from '../../src/domain/messages';
import { batchesOf, type StudentField } from '../../src/domain/students';
import { studentsTexts } from '../../src/domain/studentsTexts';
import { StudentEditDialog } from '../../src/ui/routes/tutor/dashboard/students/StudentEditDialog';
import type { EventFixtures, PathModel, UiLayer } from '../support/paths';
import { buttonNamed, clickOn, expectFieldError, typeInto } from '../support/uiPaths';
import { doneFixture, errorFixture, fakeCall, http, offline, type FakeCall } from './loginFakes';

const t = studentsTexts;
const ARAV: StudentShown = {
  id: 12,
  name: 'Arav Sharma',
  phone: '9876500001',
  parent_name: null,
  parent_phone: null,
  batch: 'Class 9',
};
const OPEN = `${t.edit.open}: ${ARAV.name}`;
const BATCHES = batchesOf([{ batch: 'Class 9' }, { batch: 'Class 10 Maths' }]);

export interface StudentEditWorld {
  change: FakeCall<{ name: string }, StudentChangeCall>;
  changed: number;
}

export const studentEditEvents = {
  'edit.open': [{ type: 'edit.open', student: ARAV }],
  'edit.change': [
    // The misspelt name, put right.
    { type: 'edit.change', field: 'name', value: 'Aarav Sharma' },
    // A move to another batch.
    { type: 'edit.change', field: 'batch', value: 'Class 10 Maths' },
    // A parent's name without their phone is a problem of the parent's phone.
    { type: 'edit.change', field: 'parent_name', value: 'Neha Sharma' },
  ],
  'edit.save': [{ type: 'edit.save' }],
  'edit.cancel': [{ type: 'edit.cancel' }],
} satisfies EventFixtures<typeof studentEditMachine, StudentEditWorld>;

const FIELDS: StudentField[] = ['name', 'phone', 'parent_name', 'parent_phone', 'batch'];
const dialog = () => screen.queryByRole('dialog', { name: t.edit.title(ARAV.name) });
/** A field by its label (the batch offers the batches the tutor has: a combobox). */
const field = (name: StudentField) =>
  screen.getByRole<HTMLInputElement>(name === 'batch' ? 'combobox' : 'textbox', {
    name: (accessible) => accessible.startsWith(t.fields[name]),
  });

export const studentEditScreen: UiLayer<typeof studentEditMachine, StudentEditWorld> = {
  view: ({ actor }) => (
    <>
      <button type="button" onClick={() => actor.send({ type: 'edit.open', student: ARAV })}>
        {OPEN}
      </button>
      <StudentEditDialog actor={actor as never} batches={BATCHES} />
    </>
  ),
  gestures: {
    'edit.open': (_, ui) => clickOn(buttonNamed(OPEN), ui),
    'edit.change': ({ field: name, value }, ui) => typeInto(field(name), value, ui),
    'edit.save': (_, ui) => clickOn(buttonNamed(t.edit.save), ui),
    'edit.cancel': (_, ui) => clickOn(buttonNamed(t.edit.cancel), ui),
  },
  screens: {
    idle: () => expect(dialog()).toBeNull(),
    editing: ({ context }) => {
      expect(dialog()).not.toBeNull();
      const errors = shownEditErrors(context);
      for (const name of FIELDS) {
        expect(field(name)).toHaveValue(context.form[name]);
        expectFieldError(field(name), errors[name]);
      }
    },
    saving: () => {
      expect(buttonNamed(t.edit.save)).toHaveAttribute('data-loading', 'true');
    },
    failed: ({ context }) => {
      // The phone another student has shows at the phone; being offline above the buttons.
      if (context.errorField === 'phone') expectFieldError(field('phone'), context.error);
      else expect(screen.getByRole('alert')).toHaveTextContent(context.error!);
    },
    done: ({ context }) => {
      expect(dialog()).toBeNull();
      expect(context.saved).toBe('Aarav Sharma');
    },
    unauthorized: null,
  },
};

export const studentEditPathModel: PathModel<typeof studentEditMachine, StudentEditWorld> = {
  name: 'studentEdit',
  machine: studentEditMachine,
  world: () => ({ change: fakeCall(), changed: 0 }),
  provide: (w) =>
    studentEditMachine.provide({
      actors: { changeStudent: w.change.logic },
      actions: { changed: () => void (w.changed += 1) },
    }),
  events: studentEditEvents,
  ui: studentEditScreen,
  internal: {
    'xstate.done.actor.changeStudent': doneFixture(
      'changeStudent',
      [{ name: 'Aarav Sharma' }],
      (w: StudentEditWorld) => w.change,
    ),
    'xstate.error.actor.changeStudent': errorFixture(
      'changeStudent',
      [{ ...http(409, studentsTexts.api.duplicate), field: 'phone' }, http(401), offline],
      (w: StudentEditWorld) => w.change,
    ),
  },
  states: {
    idle: ({ context }) => assert.equal(context.student, null),
    editing: ({ context }) => assert.equal(context.student?.id, ARAV.id),
    saving: (snapshot, { world }) => {
      // Only a student without a problem is sent, to its own id.
      const call = world.change.last().input;
      assert.equal(call.id, ARAV.id);
      assert.deepEqual(call.body, snapshot.context.form);
      assert.equal(call.body.parent_name, '');
    },
    failed: ({ context }, { world }) => {
      assert.ok(
        ([studentsTexts.api.duplicate, messages.generic.network] as string[]).includes(
          context.error ?? '',
        ),
      );
      assert.equal(world.changed, 0);
    },
    done: (_, { world }) => assert.equal(world.changed, 1),
    unauthorized: (snapshot, { world }) => {
      assert.equal(snapshot.status, 'done');
      assert.equal(world.changed, 0);
    },
  },
};
