// Path model of the studentAdd machine (a student added on the Students tab, issue 14), walked
// on the machine and through its form (AddStudentForm).
import assert from 'node:assert/strict';
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import {
  shownChildError,
  shownStudentErrors,
  studentAddMachine,
} from '../../machines/studentAdd/studentAdd.machine';
import { privacyTexts } from '../../src/domain/privacyTexts';
import { messages } from '../../src/domain/messages';
import type { ChildConsent, StudentField, StudentInput } from '../../src/domain/students';
import { AddStudentForm } from '../../src/ui/routes/tutor/dashboard/students/StudentsPanel';
import type { EventFixtures, PathModel, UiLayer } from '../support/paths';
import { buttonNamed, clickOn, expectFieldError, typeInto } from '../support/uiPaths';
import { doneFixture, errorFixture, fakeCall, http, offline, type FakeCall } from './loginFakes';
import { studentsTexts } from '../../src/domain/studentsTexts';

export interface StudentAddWorld {
  add: FakeCall<{ name: string }, StudentInput & ChildConsent>;
  added: number;
}

export const studentAddWorld = (): StudentAddWorld => ({ add: fakeCall(), added: 0 });

export const provideStudentAdd = (w: StudentAddWorld) =>
  studentAddMachine.provide({
    actors: { addStudent: w.add.logic },
    actions: { added: () => void (w.added += 1) },
  });

export const studentAddEvents = {
  'student.change': [
    { type: 'student.change', field: 'name', value: 'Aarav Sharma' },
    // Kept as its 10 digits.
    { type: 'student.change', field: 'phone', value: '+91 98765 00001' },
    // A parent's name needs the parent's phone.
    { type: 'student.change', field: 'parent_name', value: 'Neha Sharma' },
    { type: 'student.change', field: 'parent_phone', value: '98765 00002' },
  ],
  // D320: a child, and the parent's consent the tutor obtained.
  'student.child': [
    { type: 'student.child', field: 'minor', value: true },
    { type: 'student.child', field: 'parentConsent', value: true },
    { type: 'student.child', field: 'minor', value: false },
  ],
  'student.add': [{ type: 'student.add' }],
} satisfies EventFixtures<typeof studentAddMachine, StudentAddWorld>;

const t = studentsTexts;
const p = privacyTexts.students;
const box = (label: string) => screen.queryByRole<HTMLInputElement>('checkbox', { name: label });
const FIELDS: StudentField[] = ['name', 'phone', 'parent_name', 'parent_phone', 'batch'];
const field = (name: StudentField) =>
  screen.getByRole<HTMLInputElement>('textbox', {
    name: (accessible) => accessible.startsWith(t.fields[name]),
  });

/** The Students tab's 'Add a student' form. */
export const studentAddScreen: UiLayer<typeof studentAddMachine, StudentAddWorld> = {
  view: ({ actor }) => <AddStudentForm actor={actor} />,
  gestures: {
    'student.change': ({ field: name, value }, ui) => typeInto(field(name), value, ui),
    // A box is clicked only to change it.
    'student.child': ({ field: name, value }, ui) => {
      const control = box(name === 'minor' ? p.minor : p.parentConsent);
      return !control || control.checked === value
        ? Promise.resolve('blocked' as const)
        : clickOn(control, ui);
    },
    'student.add': (_, ui) => clickOn(buttonNamed(t.add), ui),
  },
  screens: {
    editing: ({ context }) => {
      const errors = shownStudentErrors(context);
      for (const name of FIELDS) {
        expect(field(name)).toHaveValue(context.form[name]);
        expectFieldError(field(name), errors[name]);
      }
      expect(box(p.minor)!.checked).toBe(context.child.minor);
      const consent = box(p.parentConsent);
      if (!context.child.minor) expect(consent).toBeNull();
      else {
        expect(consent!.checked).toBe(context.child.parentConsent);
        expectFieldError(consent, shownChildError(context));
      }
      if (context.added)
        expect(screen.getByRole('status')).toHaveTextContent(t.added(context.added));
      else expect(screen.queryByRole('status')).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
    },
    saving: () => {
      expect(buttonNamed(t.add)).toHaveAttribute('data-loading', 'true');
      expect(field('name')).toHaveAttribute('readonly');
    },
    failed: ({ context }) => {
      expect(screen.getByRole('alert')).toHaveTextContent(context.error!);
      expect(field('phone')).toHaveValue(context.form.phone);
    },
    // The session ends (the tab's useEndSessionWhen; the machine layer checks the state).
    unauthorized: null,
  },
};

export const studentAddPathModel: PathModel<typeof studentAddMachine, StudentAddWorld> = {
  name: 'studentAdd',
  machine: studentAddMachine,
  world: studentAddWorld,
  provide: provideStudentAdd,
  events: studentAddEvents,
  ui: studentAddScreen,
  internal: {
    'xstate.done.actor.addStudent': doneFixture(
      'addStudent',
      [{ name: 'Aarav Sharma' }],
      (w: StudentAddWorld) => w.add,
    ),
    'xstate.error.actor.addStudent': errorFixture(
      'addStudent',
      [http(409, studentsTexts.api.duplicate), http(401), offline],
      (w: StudentAddWorld) => w.add,
    ),
  },
  states: {
    editing: ({ context }, { world }) => {
      assert.equal(context.error, null);
      // Each add that went through reloaded the list once.
      assert.equal(world.added, context.added ? 1 : world.added);
      assert.ok(context.form.phone === '' || context.form.phone === '9876500001');
      // Not a child: no parent's consent is kept either.
      if (!context.child.minor) assert.equal(context.child.parentConsent, false);
    },
    saving: (snapshot, { world }) => {
      assert.ok(snapshot.hasTag('loading'));
      // Only a student without a problem is sent; a child with the parent and their consent.
      const { input } = world.add.last();
      assert.equal(input.name, 'Aarav Sharma');
      assert.equal(input.phone, '9876500001');
      if (snapshot.context.child.minor) {
        assert.equal(input.minor, true);
        assert.equal(input.parent_consent, true);
        assert.equal(input.parent_phone, '9876500002');
      } else assert.equal(input.minor, undefined);
    },
    failed: (snapshot, { world }) => {
      assert.ok(snapshot.hasTag('error'));
      assert.ok(
        ([studentsTexts.api.duplicate, messages.generic.network] as string[]).includes(
          snapshot.context.error ?? '',
        ),
      );
      assert.equal(world.added, 0);
    },
    unauthorized: (snapshot, { world }) => {
      assert.equal(snapshot.status, 'done');
      assert.equal(world.added, 0);
    },
  },
};
