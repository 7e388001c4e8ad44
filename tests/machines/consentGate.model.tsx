// Path model of the consentGate machine (issue 54: the dashboards ask for the notice's consent
// and a parent's answer for a child), walked on the machine and through its dialog.
import assert from 'node:assert/strict';
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import {
  consentGateMachine,
  gateAnswered,
  type ConsentAsk,
  type ConsentReply,
} from '../../machines/privacy/consentGate.machine';
import { NOTICE_VERSION } from '../../src/domain/privacy';
import { privacyTexts } from '../../src/domain/privacyTexts';
import { SessionProvider } from '../../src/ui/app/session';
import { ConsentGateDialog } from '../../src/ui/routes/privacy/ConsentGate';
import type { EventFixtures, PathModel, UiLayer } from '../support/paths';
import { buttonNamed, clickOn, queryButton } from '../support/uiPaths';
import { doneFixture, errorFixture, fakeCall, http, offline, type FakeCall } from './loginFakes';

const t = privacyTexts.gate;
const CHILD = { studentId: 12, childName: 'Aarav Sharma', tutorName: 'Asha Verma' };
const NOTHING: ConsentAsk = { needsNotice: false, children: [] };
const NOTICE: ConsentAsk = { needsNotice: true, children: [] };
const BOTH: ConsentAsk = { needsNotice: true, children: [CHILD] };

export interface ConsentGateWorld {
  fetch: FakeCall<ConsentAsk, void>;
  give: FakeCall<void, ConsentReply>;
}

export const consentGateWorld = (): ConsentGateWorld => ({ fetch: fakeCall(), give: fakeCall() });

export const provideConsentGate = (w: ConsentGateWorld) =>
  consentGateMachine.provide({
    actors: { fetchConsents: w.fetch.logic, giveConsent: w.give.logic },
  });

export const consentGateEvents = {
  'consent.toggle': [
    { type: 'consent.toggle', value: true },
    { type: 'consent.toggle', value: false },
  ],
  'child.decide': [
    { type: 'child.decide', studentId: 12, decision: 'given' },
    { type: 'child.decide', studentId: 12, decision: 'refused' },
  ],
  'gate.submit': [{ type: 'gate.submit' }],
} satisfies EventFixtures<typeof consentGateMachine, ConsentGateWorld>;

const dialog = () => screen.queryByRole('dialog', { name: t.title });
const agreeBox = () =>
  screen.queryByRole<HTMLInputElement>('checkbox', { name: privacyTexts.notice.agree });
const choice = (label: string) => queryButton(label);
const pressed = (label: string) => choice(label)?.getAttribute('aria-pressed') === 'true';

function Gate({ actor }: { actor: Parameters<typeof ConsentGateDialog>[0]['actor'] }) {
  return (
    <SessionProvider role="student" logout={fromPromise(async () => {})}>
      <ConsentGateDialog actor={actor} />
    </SessionProvider>
  );
}

/** The dialog a dashboard shows while something waits for an answer. */
export const consentGateScreen: UiLayer<typeof consentGateMachine, ConsentGateWorld> = {
  view: ({ actor }) => <Gate actor={actor} />,
  gestures: {
    // A box or a choice is clicked only to change it.
    'consent.toggle': ({ value }, ui) => {
      const box = agreeBox();
      return !box || box.checked === value ? Promise.resolve('blocked' as const) : clickOn(box, ui);
    },
    'child.decide': ({ decision }, ui) => {
      const label = decision === 'given' ? t.confirmChild : t.refuseChild;
      return pressed(label) ? Promise.resolve('blocked' as const) : clickOn(choice(label), ui);
    },
    'gate.submit': (_, ui) => clickOn(buttonNamed(t.submit), ui),
  },
  screens: {
    loading: () => expect(dialog()).toBeNull(),
    asking: ({ context }) => {
      expect(dialog()).not.toBeNull();
      if (context.ask.needsNotice) {
        expect(screen.getByText(privacyTexts.notice.title)).toBeInTheDocument();
        expect(agreeBox()!.checked).toBe(context.agreed);
      } else expect(agreeBox()).toBeNull();
      for (const child of context.ask.children) {
        expect(screen.getByText(t.child(child.tutorName, child.childName))).toBeInTheDocument();
        const decided = context.decisions[child.studentId];
        expect(pressed(t.confirmChild)).toBe(decided === 'given');
        expect(pressed(t.refuseChild)).toBe(decided === 'refused');
      }
      if (gateAnswered(context)) expect(buttonNamed(t.submit)).toBeEnabled();
      else expect(buttonNamed(t.submit)).toBeDisabled();
    },
    'asking.idle': () => expect(screen.queryByRole('alert')).toBeNull(),
    'asking.failed': ({ context }) => {
      expect(screen.getByRole('alert')).toHaveTextContent(context.error!);
    },
    saving: () => {
      expect(buttonNamed(t.submit)).toHaveAttribute('data-loading', 'true');
    },
    clear: () => expect(dialog()).toBeNull(),
    // The session ends (useEndSessionWhen; the machine layer checks the state).
    unauthorized: null,
  },
};

export const consentGatePathModel: PathModel<typeof consentGateMachine, ConsentGateWorld> = {
  name: 'consentGate',
  machine: consentGateMachine,
  world: consentGateWorld,
  provide: provideConsentGate,
  events: consentGateEvents,
  ui: consentGateScreen,
  internal: {
    'xstate.done.actor.fetchConsents': doneFixture(
      'fetchConsents',
      [NOTHING, NOTICE, BOTH],
      (w: ConsentGateWorld) => w.fetch,
    ),
    'xstate.error.actor.fetchConsents': errorFixture(
      'fetchConsents',
      [http(401), offline],
      (w: ConsentGateWorld) => w.fetch,
    ),
    'xstate.done.actor.giveConsent': doneFixture(
      'giveConsent',
      [undefined],
      (w: ConsentGateWorld) => w.give,
    ),
    'xstate.error.actor.giveConsent': errorFixture(
      'giveConsent',
      [http(409, privacyTexts.api.noticeChanged), http(401), offline],
      (w: ConsentGateWorld) => w.give,
    ),
  },
  states: {
    loading: (snapshot, { world }) => {
      assert.ok(snapshot.hasTag('loading'));
      assert.equal(world.give.calls.length, 0);
    },
    asking: ({ context }) => {
      // Only what the server asked is asked.
      assert.ok(context.ask.needsNotice || context.ask.children.length > 0);
      if (!context.ask.needsNotice) assert.equal(context.agreed, false);
    },
    'asking.idle': ({ context }) => assert.equal(context.error, null),
    'asking.failed': ({ context }) =>
      assert.ok(
        [
          privacyTexts.api.noticeChanged,
          'You seem to be offline. Check your connection and try again.',
        ].includes(context.error ?? ''),
      ),
    saving: ({ context }, { world }) => {
      // D319, D320: the notice's current version when it was asked, each child's answer.
      const reply = world.give.last().input;
      assert.equal(reply.notice_version, context.ask.needsNotice ? NOTICE_VERSION : undefined);
      assert.deepEqual(
        reply.children ?? [],
        context.ask.children.map((child) => ({
          student_id: child.studentId,
          decision: context.decisions[child.studentId],
        })),
      );
      assert.ok(context.ask.children.every((c) => context.decisions[c.studentId] !== undefined));
    },
    clear: (snapshot) => assert.equal(snapshot.status, 'done'),
    unauthorized: (snapshot) => assert.equal(snapshot.status, 'done'),
  },
};
