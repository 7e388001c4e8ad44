// Path model of the confirmAction machine (cancel a payment link, revoke an API key: D19),
// shared by its vitest suite and scripts/path-coverage.ts.
import assert from 'node:assert/strict';
import { confirmActionMachine } from '../../machines/confirmAction/confirmAction.machine';
import type { EventFixtures, PathModel } from '../support/paths';
import { doneFixture, errorFixture, fakeCall, http, offline, type FakeCall } from './loginFakes';

export const ALREADY_PAID = 'This link is already paid.';
export const LINK_ID = 'lnk_8fK2mQ7xT1vZ9cW3';

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

export const confirmActionPathModel: PathModel<typeof confirmActionMachine, ConfirmActionWorld> = {
  name: 'confirmAction',
  machine: confirmActionMachine,
  world: confirmActionWorld,
  provide: provideConfirmAction,
  events: confirmActionEvents,
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
