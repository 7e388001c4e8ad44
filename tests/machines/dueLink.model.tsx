// Path model of the dueLink machine (a due's own payment link and QR on the Dues tab, D147),
// walked on the machine and through its dialog (DueLinkDialog). The row's 'Link' button is
// stood in for by one button beside the dialog.
import assert from 'node:assert/strict';
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { dueLinkMachine, type DueLinkShown } from '../../machines/dueLink/dueLink.machine';
import { messages } from '../../src/domain/messages';
import { studentsTexts } from '../../src/domain/studentsTexts';
import { DueLinkDialog } from '../../src/ui/routes/tutor/dashboard/dues/DueLinkDialog';
import type { EventFixtures, PathModel, UiLayer } from '../support/paths';
import { buttonNamed, clickOn, queryButton } from '../support/uiPaths';
import { doneFixture, errorFixture, fakeCall, http, offline, type FakeCall } from './loginFakes';

const t = studentsTexts.duesTab;
const STUDENT = 'Aarav Sharma';
const LINK: DueLinkShown = {
  url: 'https://tuitionpay.example/payment-link/lnk_8fK2mQ7xT1vZ9cW3',
  amount: 200_000,
};
const OPEN = `Open the link for ${STUDENT}`;

export interface DueLinkWorld {
  fetch: FakeCall<DueLinkShown, number>;
}

export const dueLinkEvents = {
  'link.open': [{ type: 'link.open', dueId: 12, student: STUDENT }],
  'link.retry': [{ type: 'link.retry' }],
  'link.close': [{ type: 'link.close' }],
} satisfies EventFixtures<typeof dueLinkMachine, DueLinkWorld>;

const dialog = () => screen.queryByRole('dialog', { name: t.linkTitle(STUDENT) });

export const dueLinkScreen: UiLayer<typeof dueLinkMachine, DueLinkWorld> = {
  view: ({ actor }) => (
    <>
      <button
        type="button"
        onClick={() => actor.send({ type: 'link.open', dueId: 12, student: STUDENT })}
      >
        {OPEN}
      </button>
      <DueLinkDialog actor={actor as never} />
    </>
  ),
  gestures: {
    'link.open': (_, ui) => clickOn(buttonNamed(OPEN), ui),
    'link.retry': (_, ui) => clickOn(buttonNamed(t.retry), ui),
    // The dialog's close button (its only one without text).
    'link.close': (_, ui) =>
      clickOn(dialog()?.querySelector<HTMLButtonElement>('.mantine-Modal-close') ?? null, ui),
  },
  screens: {
    idle: () => expect(dialog()).toBeNull(),
    fetching: () => expect(dialog()).not.toBeNull(),
    shown: () => {
      expect(dialog()).toHaveTextContent(LINK.url);
      expect(dialog()).toHaveTextContent(t.linkIntro('₹2,000.00'));
      expect(queryButton(t.copy)).not.toBeNull();
    },
    failed: ({ context }) => {
      expect(screen.getByRole('alert')).toHaveTextContent(context.error!);
    },
    unauthorized: null,
  },
};

export const dueLinkPathModel: PathModel<typeof dueLinkMachine, DueLinkWorld> = {
  name: 'dueLink',
  machine: dueLinkMachine,
  world: () => ({ fetch: fakeCall() }),
  provide: (w) => dueLinkMachine.provide({ actors: { fetchLink: w.fetch.logic } }),
  events: dueLinkEvents,
  ui: dueLinkScreen,
  internal: {
    'xstate.done.actor.fetchLink': doneFixture('fetchLink', [LINK], (w: DueLinkWorld) => w.fetch),
    'xstate.error.actor.fetchLink': errorFixture(
      'fetchLink',
      [http(409, studentsTexts.dues.cannotAccept), http(401), offline],
      (w: DueLinkWorld) => w.fetch,
    ),
  },
  states: {
    idle: ({ context }) => assert.equal(context.dueId, null),
    fetching: (snapshot, { world }) => {
      assert.ok(snapshot.hasTag('loading'));
      assert.equal(world.fetch.last().input, 12);
    },
    shown: ({ context }) => assert.deepEqual(context.link, LINK),
    failed: ({ context }) =>
      assert.ok(
        ([studentsTexts.dues.cannotAccept, messages.generic.network] as string[]).includes(
          context.error ?? '',
        ),
      ),
    unauthorized: (snapshot) => assert.equal(snapshot.status, 'done'),
  },
};
