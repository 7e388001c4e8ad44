// Path model of the confirmAction machine (cancel a payment link, revoke an API key: D19),
// shared by its vitest suite and scripts/path-coverage.ts.
import assert from 'node:assert/strict';
import { screen, within } from '@testing-library/react';
import { useActorRef } from '@xstate/react';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { confirmActionMachine } from '../../machines/confirmAction/confirmAction.machine';
import type { TutorLink } from '../../machines/linkCreate/linkForm';
import {
  pagedListMachine,
  type Page,
  type PageRequest,
} from '../../machines/pagedList/pagedList.machine';
import { dashboardTexts } from '../../src/domain/dashboardTexts';
import type { PaymentLinkStatus } from '../../src/domain/statuses';
import { SessionProvider } from '../../src/ui/app/session';
import { LinksTable } from '../../src/ui/routes/tutor/dashboard/links/LinksPanel';
import type { EventFixtures, PathModel, UiLayer } from '../support/paths';
import { CREATED_LINK } from './linkCreate.model';
import { buttonNamed, clickOn, queryButton } from '../support/uiPaths';
import { doneFixture, errorFixture, fakeCall, http, offline, type FakeCall } from './loginFakes';

export const ALREADY_PAID = 'This link is already paid.';
export const LINK_ID = CREATED_LINK.id;

export interface ConfirmActionWorld {
  perform: FakeCall<void, { id: string }>;
  changed: number;
}

export const confirmActionWorld = (): ConfirmActionWorld => ({ perform: fakeCall(), changed: 0 });

export const provideConfirmAction = (w: ConfirmActionWorld) =>
  confirmActionMachine.provide({
    actors: { perform: w.perform.logic },
    actions: { changed: () => void (w.changed += 1) },
  });

export const confirmActionEvents = {
  'confirm.ask': [{ type: 'confirm.ask', id: LINK_ID }],
  'confirm.yes': [{ type: 'confirm.yes' }],
  'confirm.no': [{ type: 'confirm.no' }],
} satisfies EventFixtures<typeof confirmActionMachine, ConfirmActionWorld>;

/** The server is asked only after a Yes, and always about the item asked about. */
function invariants(world: ConfirmActionWorld) {
  for (const call of world.perform.calls) assert.deepEqual(call.input, { id: LINK_ID });
  // The list reloads once per answer (done or a refusal), never for a 401 or a No.
  assert.ok(world.changed <= world.perform.calls.length);
}

const t = dashboardTexts.tutor.links;

/** The one ACTIVE link on the tab's first page: the link just created. */
const LINK: TutorLink = CREATED_LINK;

const oneLink = pagedListMachine<TutorLink, PaymentLinkStatus | null>().provide({
  actors: {
    fetchPage: fromPromise<Page<TutorLink>, PageRequest<PaymentLinkStatus | null>>(async () => ({
      items: [LINK],
      page: 1,
      page_size: 20,
      count: 1,
    })),
  },
});

function LinksTab({ cancel }: { cancel: Parameters<typeof LinksTable>[0]['cancel'] }) {
  const list = useActorRef(oneLink, { input: { filter: null } });
  return (
    <SessionProvider role="teacher" logout={fromPromise(async () => {})}>
      <LinksTable list={list} cancel={cancel} />
    </SessionProvider>
  );
}

const dialog = () => screen.queryByRole('dialog', { name: t.cancelTitle });

/** Cancel on the links tab: the row's button, the dialog, and what it says afterwards. */
export const confirmActionScreen: UiLayer<typeof confirmActionMachine, ConfirmActionWorld> = {
  view: ({ actor }) => <LinksTab cancel={actor} />,
  ready: () => {
    expect(screen.getByRole('button', { name: t.cancelAria(LINK.purpose) })).toBeInTheDocument();
  },
  gestures: {
    'confirm.ask': (_, ui) =>
      clickOn(screen.getByRole('button', { name: t.cancelAria(LINK.purpose) }), ui),
    'confirm.yes': (_, ui) => clickOn(queryButton(t.cancelConfirm), ui),
    // Keep it while asking; Close once refused.
    'confirm.no': (_, ui) => clickOn(queryButton(t.keep) ?? queryButton(t.close), ui),
  },
  screens: {
    idle: () => {
      expect(dialog()).toBeNull();
      expect(screen.queryByRole('status')).toBeNull();
    },
    confirming: () => {
      expect(within(dialog()!).getByText(/Trial class/)).toBeInTheDocument();
      expect(buttonNamed(t.cancelConfirm)).toBeEnabled();
    },
    working: () => {
      expect(buttonNamed(t.cancelConfirm)).toHaveAttribute('data-loading', 'true');
      expect(buttonNamed(t.keep)).toBeDisabled();
    },
    done: () => {
      expect(dialog()).toBeNull();
      expect(screen.getByRole('status')).toHaveTextContent(t.cancelled);
    },
    failed: (snapshot) => {
      expect(within(dialog()!).getByRole('alert')).toHaveTextContent(snapshot.context.error!);
      expect(buttonNamed(t.close)).toBeEnabled();
    },
    // The session ends (the dialog's useEndSessionWhen; the machine layer checks the state).
    unauthorized: null,
  },
};

export const confirmActionPathModel: PathModel<typeof confirmActionMachine, ConfirmActionWorld> = {
  name: 'confirmAction',
  machine: confirmActionMachine,
  world: confirmActionWorld,
  provide: provideConfirmAction,
  events: confirmActionEvents,
  ui: confirmActionScreen,
  internal: {
    'xstate.done.actor.perform': doneFixture(
      'perform',
      [undefined],
      (w: ConfirmActionWorld) => w.perform,
    ),
    'xstate.error.actor.perform': errorFixture(
      'perform',
      [http(401), http(409, ALREADY_PAID), offline],
      (w: ConfirmActionWorld) => w.perform,
    ),
  },
  states: {
    idle: ({ context }, { world }) => {
      invariants(world);
      assert.equal(context.target, null);
      assert.equal(context.error, null);
    },
    confirming: ({ context }, { world }) => {
      invariants(world);
      assert.equal(context.target, LINK_ID);
      assert.equal(context.error, null);
    },
    working: (snapshot, { world }) => {
      invariants(world);
      assert.ok(snapshot.hasTag('loading'));
      assert.ok(world.perform.calls.length >= 1);
    },
    done: ({ context }, { world }) => {
      invariants(world);
      assert.equal(context.error, null);
      assert.ok(world.changed >= 1);
    },
    failed: (snapshot, { world }) => {
      invariants(world);
      assert.ok(snapshot.hasTag('error'));
      assert.ok(
        [ALREADY_PAID, 'You seem to be offline. Check your connection and try again.'].includes(
          snapshot.context.error ?? '',
        ),
      );
      assert.ok(world.changed >= 1);
    },
    unauthorized: (snapshot, { world }) => {
      invariants(world);
      assert.equal(snapshot.status, 'done');
    },
  },
};
