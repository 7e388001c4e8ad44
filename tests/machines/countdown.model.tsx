// Path model of the countdown machine (3 seconds, as on /pay/redirect), walked on the machine
// and through the redirect page's view.
import assert from 'node:assert/strict';
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { countdownMachine, TICK_MS } from '../../machines/countdown/countdown.machine';
import { messages } from '../../src/domain/messages';
import { PayRedirectView } from '../../src/ui/routes/pay/PayRedirectPage';
import type { EventFixtures, PathModel, UiLayer } from '../support/paths';

interface World {
  doneCalls: number;
}

const SECONDS = 3;

// The countdown takes no events: time alone moves it (its `after` delay).
export const countdownEvents = {} satisfies EventFixtures<typeof countdownMachine, World>;

/** /pay/redirect as the student sees it while it counts. */
export const countdownScreen: UiLayer<typeof countdownMachine, World> = {
  view: ({ actor }) => <PayRedirectView actorRef={actor} />,
  gestures: {},
  screens: {
    running: ({ context }) => {
      expect(screen.getByRole('status')).toHaveTextContent(
        messages.redirect.countdown(context.remaining),
      );
      expect(screen.getByText(messages.redirect.body)).toBeInTheDocument();
    },
    // The status page takes over (the machine layer checks onDone ran once).
    done: () => {
      expect(screen.getByRole('status')).toHaveTextContent(messages.redirect.countdown(0));
    },
  },
};

export const countdownPathModel: PathModel<typeof countdownMachine, World> = {
  name: 'countdown',
  machine: countdownMachine,
  inputs: [{ seconds: SECONDS }],
  world: () => ({ doneCalls: 0 }),
  provide: (world) =>
    countdownMachine.provide({ actions: { onDone: () => void (world.doneCalls += 1) } }),
  events: countdownEvents,
  ui: countdownScreen,
  states: {
    running: (snapshot, { world, clock }) => {
      const elapsed = clock.now() / TICK_MS;
      assert.ok(Number.isInteger(elapsed), 'ticks happen on whole seconds');
      assert.equal(snapshot.context.remaining, SECONDS - elapsed);
      assert.ok(snapshot.context.remaining >= 1);
      assert.equal(world.doneCalls, 0);
    },
    done: (snapshot, { world, clock }) => {
      assert.equal(clock.now(), SECONDS * TICK_MS);
      assert.equal(snapshot.context.remaining, 0);
      assert.equal(snapshot.status, 'done');
      assert.equal(world.doneCalls, 1);
    },
  },
};
