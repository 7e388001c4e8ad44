// Path model of the remindAll machine ('Remind all overdue' on the Dues tab, D239), walked on
// the machine and through its button and confirm (RemindAllOverdue).
import assert from 'node:assert/strict';
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { remindAllMachine, type RemindAllResult } from '../../machines/remindAll/remindAll.machine';
import { messages } from '../../src/domain/messages';
import { studentsTexts } from '../../src/domain/studentsTexts';
import { RemindAllOverdue } from '../../src/ui/routes/tutor/dashboard/dues/RemindAllOverdue';
import type { EventFixtures, PathModel, UiLayer } from '../support/paths';
import { buttonNamed, clickOn } from '../support/uiPaths';
import { doneFixture, errorFixture, fakeCall, http, offline, type FakeCall } from './loginFakes';

const t = studentsTexts.duesTab.remindAll;
const RESULT: RemindAllResult = { sent: 2, skipped: 1, already: 0 };

export interface RemindAllWorld {
  send: FakeCall<RemindAllResult, void>;
  reminded: number;
}

export const remindAllEvents = {
  'remindAll.ask': [{ type: 'remindAll.ask' }],
  'remindAll.yes': [{ type: 'remindAll.yes' }],
  'remindAll.no': [{ type: 'remindAll.no' }],
} satisfies EventFixtures<typeof remindAllMachine, RemindAllWorld>;

const dialog = () => screen.queryByRole('dialog', { name: t.title });

export const remindAllScreen: UiLayer<typeof remindAllMachine, RemindAllWorld> = {
  view: ({ actor }) => <RemindAllOverdue actor={actor as never} payers={3} />,
  gestures: {
    'remindAll.ask': (_, ui) => clickOn(buttonNamed(t.button(3)), ui),
    'remindAll.yes': (_, ui) =>
      clickOn(
        screen.queryByRole('button', { name: t.yes }) ?? buttonNamed(studentsTexts.duesTab.retry),
        ui,
      ),
    'remindAll.no': (_, ui) =>
      clickOn(screen.queryByRole('button', { name: t.no }) ?? buttonNamed(t.close), ui),
  },
  screens: {
    idle: () => {
      expect(dialog()).toBeNull();
    },
    confirming: () => {
      expect(dialog()).toHaveTextContent(t.question(3));
    },
    sending: () => {
      expect(buttonNamed(t.yes)).toHaveAttribute('data-loading', 'true');
    },
    failed: ({ context }) => {
      expect(screen.getByRole('alert')).toHaveTextContent(context.error!);
    },
    done: () => {
      expect(dialog()).toBeNull();
      expect(screen.getByRole('status')).toHaveTextContent(t.done(2, 1, 0));
    },
    unauthorized: null,
  },
};

export const remindAllPathModel: PathModel<typeof remindAllMachine, RemindAllWorld> = {
  name: 'remindAll',
  machine: remindAllMachine,
  world: () => ({ send: fakeCall(), reminded: 0 }),
  provide: (w) =>
    remindAllMachine.provide({
      actors: { remindAll: w.send.logic },
      actions: { reminded: () => void (w.reminded += 1) },
    }),
  events: remindAllEvents,
  ui: remindAllScreen,
  internal: {
    'xstate.done.actor.remindAll': doneFixture(
      'remindAll',
      [RESULT],
      (w: RemindAllWorld) => w.send,
    ),
    'xstate.error.actor.remindAll': errorFixture(
      'remindAll',
      [http(409, studentsTexts.reminders.outsideHours), http(401), offline],
      (w: RemindAllWorld) => w.send,
    ),
  },
  states: {
    idle: ({ context }) => assert.equal(context.error, null),
    confirming: ({ context }, { world }) => assert.equal(world.reminded, context.result ? 1 : 0),
    sending: ({ context }) => assert.equal(context.error, null),
    failed: ({ context }, { world }) => {
      assert.ok(
        ([studentsTexts.reminders.outsideHours, messages.generic.network] as string[]).includes(
          context.error ?? '',
        ),
      );
      assert.equal(world.reminded, 0);
    },
    done: ({ context }, { world }) => {
      assert.deepEqual(context.result, RESULT);
      assert.equal(world.reminded, 1);
    },
    unauthorized: (snapshot) => assert.equal(snapshot.status, 'done'),
  },
};
