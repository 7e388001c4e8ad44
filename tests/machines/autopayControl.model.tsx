// Path model of the autopayControl machine (the payer's Pause / Resume / Cancel of a mandate on
// their dashboard, issue 49), walked on the machine and through its view (AutopayControlView).
import assert from 'node:assert/strict';
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import {
  allowedActions,
  autopayControlMachine,
  type ControlAction,
} from '../../machines/autopayControl/autopayControl.machine';
import type { MandateStatus } from '../../src/domain/autopay';
import { autopayTexts } from '../../src/domain/autopayTexts';
import { messages } from '../../src/domain/messages';
import { SessionProvider } from '../../src/ui/app/session';
import { AutopayControlView } from '../../src/ui/routes/student/autopay/AutopayControl';
import type { EventFixtures, PathModel, UiLayer } from '../support/paths';
import { clickOn, queryButton } from '../support/uiPaths';
import { doneFixture, errorFixture, fakeCall, http, offline, type FakeCall } from './loginFakes';

const c = autopayTexts.control;
const PLAN = 'Maths';
const TUTOR = 'Asha Verma';
const MANDATE = 'mdt_cccccccccccccccc';
const NOT_ACTIVE = autopayTexts.api.notActive;

export interface AutopayControlWorld {
  perform: FakeCall<MandateStatus, { mandateId: string; action: ControlAction }>;
  changed: number;
}

const world = (): AutopayControlWorld => ({ perform: fakeCall(), changed: 0 });

const events = {
  'control.ask': [
    { type: 'control.ask', action: 'pause' },
    { type: 'control.ask', action: 'resume' },
    { type: 'control.ask', action: 'cancel' },
  ],
  'control.confirm': [{ type: 'control.confirm' }],
  'control.dismiss': [{ type: 'control.dismiss' }],
} satisfies EventFixtures<typeof autopayControlMachine, AutopayControlWorld>;

const ARIA: Record<ControlAction, string> = {
  pause: c.pauseAria(PLAN),
  resume: c.resumeAria(PLAN),
  cancel: c.cancelAria(PLAN),
};
const YES: Record<ControlAction, string> = {
  pause: c.pauseYes,
  resume: c.resumeYes,
  cancel: c.cancelYes,
};
const TITLES: Record<ControlAction, string> = {
  pause: c.pauseTitle,
  resume: c.resumeTitle,
  cancel: c.cancelTitle,
};

const dialog = () => screen.queryByRole('dialog');

export const autopayControlScreen: UiLayer<typeof autopayControlMachine, AutopayControlWorld> = {
  view: ({ actor }) => (
    <SessionProvider role="student" logout={fromPromise(async () => {})}>
      <AutopayControlView actor={actor} planName={PLAN} tutorName={TUTOR} />
    </SessionProvider>
  ),
  gestures: {
    'control.ask': (event, ui) =>
      clickOn(screen.queryByRole('button', { name: ARIA[event.action] }), ui),
    // Yes in the dialog: the action's own word (Pause, Resume, Cancel Autopay).
    'control.confirm': (_, ui) =>
      clickOn(
        dialog()
          ? within(dialog()!).queryByRole('button', { name: /Pause|Resume|Cancel Autopay/ })
          : null,
        ui,
      ),
    'control.dismiss': (_, ui) => clickOn(queryButton(c.keep) ?? queryButton(c.close), ui),
  },
  screens: {
    idle: ({ context }) => {
      expect(dialog()).toBeNull();
      for (const action of ['pause', 'resume', 'cancel'] as const) {
        const shown = allowedActions(context.status).includes(action);
        if (shown) expect(screen.getByRole('button', { name: ARIA[action] })).toBeEnabled();
        else expect(screen.queryByRole('button', { name: ARIA[action] })).toBeNull();
      }
      if (context.done) expect(screen.getByRole('status')).toHaveTextContent(c.done[context.done]);
    },
    confirming: ({ context }) => {
      expect(screen.getByRole('dialog', { name: TITLES[context.asked!] })).toBeInTheDocument();
    },
    working: ({ context }) => {
      expect(within(dialog()!).getByRole('button', { name: YES[context.asked!] })).toHaveAttribute(
        'data-loading',
        'true',
      );
    },
    failed: ({ context }) => {
      expect(within(dialog()!).getByRole('alert')).toHaveTextContent(context.error!);
    },
    unauthorized: null,
  },
};

export const autopayControlPathModel: PathModel<typeof autopayControlMachine, AutopayControlWorld> =
  {
    name: 'autopayControl',
    machine: autopayControlMachine,
    inputs: [
      { mandateId: MANDATE, status: 'ACTIVE' },
      { mandateId: MANDATE, status: 'PAUSED' },
      { mandateId: MANDATE, status: 'BANK_APPROVAL_PENDING' },
    ],
    world,
    provide: (w) =>
      autopayControlMachine.provide({
        actors: { perform: w.perform.logic },
        actions: { changed: () => void (w.changed += 1) },
      }),
    events,
    ui: autopayControlScreen,
    internal: {
      'xstate.done.actor.perform': doneFixture(
        'perform',
        ['PAUSED', 'CANCELLED'],
        (w: AutopayControlWorld) => w.perform,
      ),
      'xstate.error.actor.perform': errorFixture(
        'perform',
        [http(409, NOT_ACTIVE), http(401), offline],
        (w: AutopayControlWorld) => w.perform,
      ),
    },
    states: {
      idle: ({ context }, { world }) => {
        assert.equal(context.asked, null);
        assert.equal(context.error, null);
        // What was asked of the server was allowed for the mandate's status then.
        for (const call of world.perform.calls) assert.equal(call.input.mandateId, MANDATE);
        assert.ok(world.changed <= world.perform.calls.length);
      },
      confirming: ({ context }) => {
        assert.ok(context.asked && allowedActions(context.status).includes(context.asked));
      },
      working: ({ context }, { world }) => {
        assert.deepEqual(world.perform.last().input, { mandateId: MANDATE, action: context.asked });
      },
      failed: ({ context }, { world }) => {
        assert.ok([NOT_ACTIVE, messages.generic.network].includes(context.error ?? ''));
        assert.ok(world.changed >= 1);
      },
      unauthorized: (snapshot) => assert.equal(snapshot.status, 'done'),
    },
  };
