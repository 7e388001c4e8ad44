// Path model of the dueSettleOther machine ('Paid another way' on the Dues tab, D146), walked
// on the machine and through its dialog (SettleOtherDialog). The row's button is stood in for
// by one button beside the dialog.
import assert from 'node:assert/strict';
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import {
  dueSettleOtherMachine,
  shownNoteError,
} from '../../machines/dueSettleOther/dueSettleOther.machine';
import { messages } from '../../src/domain/messages';
import { studentsTexts } from '../../src/domain/studentsTexts';
import { SettleOtherDialog } from '../../src/ui/routes/tutor/dashboard/dues/SettleOtherDialog';
import type { EventFixtures, PathModel, UiLayer } from '../support/paths';
import { buttonNamed, clickOn, expectFieldError, typeInto } from '../support/uiPaths';
import { doneFixture, errorFixture, fakeCall, http, offline, type FakeCall } from './loginFakes';

const t = studentsTexts.duesTab;
const STUDENT = 'Diya Patel';
const ASK = `Mark ${STUDENT} paid another way`;

export interface DueSettleOtherWorld {
  settle: FakeCall<void, { id: number; note: string }>;
  settled: number;
}

export const dueSettleOtherEvents = {
  'settle.ask': [{ type: 'settle.ask', dueId: 21, student: STUDENT, amount: 200_000 }],
  'settle.note': [{ type: 'settle.note', value: 'Bank transfer, 12 March' }],
  'settle.confirm': [{ type: 'settle.confirm' }],
  'settle.cancel': [{ type: 'settle.cancel' }],
} satisfies EventFixtures<typeof dueSettleOtherMachine, DueSettleOtherWorld>;

const dialog = () => screen.queryByRole('dialog', { name: t.otherTitle });
const noteField = () =>
  screen.getByRole<HTMLInputElement>('textbox', { name: (n) => n.startsWith(t.otherNote) });

export const dueSettleOtherScreen: UiLayer<typeof dueSettleOtherMachine, DueSettleOtherWorld> = {
  view: ({ actor }) => (
    <>
      <button
        type="button"
        onClick={() =>
          actor.send({ type: 'settle.ask', dueId: 21, student: STUDENT, amount: 200_000 })
        }
      >
        {ASK}
      </button>
      <SettleOtherDialog actor={actor as never} />
    </>
  ),
  gestures: {
    'settle.ask': (_, ui) => clickOn(buttonNamed(ASK), ui),
    'settle.note': ({ value }, ui) => typeInto(noteField(), value, ui),
    'settle.confirm': (_, ui) => clickOn(buttonNamed(t.settleYes), ui),
    'settle.cancel': (_, ui) => clickOn(buttonNamed(t.keep), ui),
  },
  screens: {
    idle: () => expect(dialog()).toBeNull(),
    asking: ({ context }) => {
      expect(dialog()).toHaveTextContent(t.otherQuestion(STUDENT, '₹2,000.00'));
      expect(noteField()).toHaveValue(context.note);
      expectFieldError(noteField(), shownNoteError(context));
    },
    working: () => {
      expect(buttonNamed(t.settleYes)).toHaveAttribute('data-loading', 'true');
    },
    failed: ({ context }) => {
      expect(screen.getByRole('alert')).toHaveTextContent(context.error!);
    },
    done: () => {
      expect(dialog()).toBeNull();
      expect(screen.getByRole('status')).toHaveTextContent(t.settled);
    },
    unauthorized: null,
  },
};

export const dueSettleOtherPathModel: PathModel<typeof dueSettleOtherMachine, DueSettleOtherWorld> =
  {
    name: 'dueSettleOther',
    machine: dueSettleOtherMachine,
    world: () => ({ settle: fakeCall(), settled: 0 }),
    provide: (w) =>
      dueSettleOtherMachine.provide({
        actors: { settleOther: w.settle.logic },
        actions: { settled: () => void (w.settled += 1) },
      }),
    events: dueSettleOtherEvents,
    ui: dueSettleOtherScreen,
    internal: {
      'xstate.done.actor.settleOther': doneFixture(
        'settleOther',
        [undefined],
        (w: DueSettleOtherWorld) => w.settle,
      ),
      'xstate.error.actor.settleOther': errorFixture(
        'settleOther',
        [http(409, studentsTexts.dues.closed), http(401), offline],
        (w: DueSettleOtherWorld) => w.settle,
      ),
    },
    states: {
      idle: ({ context }) => assert.equal(context.dueId, null),
      asking: ({ context }) => assert.equal(context.dueId, 21),
      working: (_, { world }) =>
        // Only a due with a note saying how is marked paid.
        assert.deepEqual(world.settle.last().input, { id: 21, note: 'Bank transfer, 12 March' }),
      failed: ({ context }) =>
        assert.ok(
          ([studentsTexts.dues.closed, messages.generic.network] as string[]).includes(
            context.error ?? '',
          ),
        ),
      done: (_, { world }) => assert.equal(world.settled, 1),
      unauthorized: (snapshot, { world }) => {
        assert.equal(snapshot.status, 'done');
        assert.equal(world.settled, 0);
      },
    },
  };
