// Path model of the aadhaarVerification machine (tutor sign-up step 3), walked on the machine
// and through its view (AadhaarStep). The D15 origin check is a fake here (src/browser's real
// one has its own tests).
import assert from 'node:assert/strict';
import { act, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { AadhaarStep } from '../../src/ui/routes/tutor/signup/AadhaarStep';
import {
  aadhaarVerificationMachine,
  type AadhaarVerificationInput,
  type OnboardingStart,
  type StartOnboardingInput,
} from '../../machines/aadhaarVerification/aadhaarVerification.machine';
import { messages } from '../../src/domain/messages';
import type { EventFixtures, PathModel, UiLayer } from '../support/paths';
import { buttonNamed, clickOn, queryButton } from '../support/uiPaths';
import { doneFixture, errorFixture, fakeCall, http, offline, type FakeCall } from './loginFakes';

export interface AadhaarWorld {
  start: FakeCall<OnboardingStart, StartOnboardingInput>;
  /** Links the browser was sent to. */
  opened: string[];
}

export const aadhaarWorld = (): AadhaarWorld => ({ start: fakeCall(), opened: [] });

export const GATEWAY_ORIGIN = 'https://gateway.example';
export const GATEWAY_LINK = `${GATEWAY_ORIGIN}/onboarding/7b1c2d3e4f`;
export const FOREIGN_LINK = 'https://evil.example/onboarding/7b1c2d3e4f';
export const KYC_SUBMITTED = 'Your KYC is already submitted.';

/** D15's check as the UI provides it; the graph needs it too, since guards decide paths. */
const withOriginCheck = aadhaarVerificationMachine.provide({
  guards: { linkAllowed: (_, { url }) => url.startsWith(`${GATEWAY_ORIGIN}/`) },
});

export const provideAadhaar = (w: AadhaarWorld) =>
  withOriginCheck.provide({
    actors: { startOnboarding: w.start.logic },
    actions: { openOnboarding: (_, { url }) => void w.opened.push(url) },
  });

export const AADHAAR_INPUT: AadhaarVerificationInput = { userId: '7', rejected: false };

export const aadhaarVerificationEvents = {
  'aadhaar.verify': [{ type: 'aadhaar.verify' }],
  'aadhaar.dashboard': [{ type: 'aadhaar.dashboard' }],
  'aadhaar.returned': [{ type: 'aadhaar.returned' }],
} satisfies EventFixtures<typeof aadhaarVerificationMachine, AadhaarWorld>;

const failureLines = [null, messages.generic.network, 'The gateway is not answering.'];

const m = messages.aadhaar;

/** Back from the gateway's page by the browser's Back: the page comes from its cache. */
function backFromGateway() {
  const event = new Event('pageshow');
  Object.defineProperty(event, 'persisted', { value: true });
  act(() => void window.dispatchEvent(event));
}

/** Step 3 of the tutor sign-up as the tutor sees it. */
export const aadhaarVerificationScreen: UiLayer<typeof aadhaarVerificationMachine, AadhaarWorld> = {
  view: ({ actor }) => <AadhaarStep aadhaar={actor} />,
  gestures: {
    'aadhaar.verify': (_, ui) =>
      clickOn(queryButton(new RegExp(`^(${m.verify}|${m.verifyAgain})$`)), ui),
    'aadhaar.dashboard': (_, ui) => clickOn(queryButton(m.toDashboard), ui),
    'aadhaar.returned': async () => backFromGateway(),
  },
  screens: {
    ready: ({ context }) => {
      expect(buttonNamed(context.failed ? m.verifyAgain : m.verify)).toBeEnabled();
      if (context.failed) expect(screen.getByText(m.failed)).toBeInTheDocument();
      else expect(screen.queryByText(m.failed)).not.toBeInTheDocument();
      expect(screen.getByText(m.keepPhoneReady)).toBeInTheDocument();
    },
    starting: () => {
      expect(buttonNamed(m.verifying)).toBeDisabled();
    },
    redirecting: () => {
      expect(buttonNamed(m.verifying)).toBeDisabled();
    },
    conflict: ({ context }) => {
      expect(screen.getByRole('alert')).toHaveTextContent(context.error!);
      expect(buttonNamed(m.toDashboard)).toBeEnabled();
    },
    // The sign-up takes over (the machine layer checks the result).
    done: null,
  },
};

export const aadhaarVerificationPathModel: PathModel<
  typeof aadhaarVerificationMachine,
  AadhaarWorld
> = {
  name: 'aadhaarVerification',
  machine: withOriginCheck,
  inputs: [AADHAAR_INPUT],
  world: aadhaarWorld,
  provide: provideAadhaar,
  events: aadhaarVerificationEvents,
  ui: aadhaarVerificationScreen,
  internal: {
    'xstate.done.actor.startOnboarding': doneFixture(
      'startOnboarding',
      [
        { onboardingLink: GATEWAY_LINK },
        { onboardingLink: FOREIGN_LINK },
        { onboardingLink: null },
      ],
      (w: AadhaarWorld) => w.start,
    ),
    'xstate.error.actor.startOnboarding': errorFixture(
      'startOnboarding',
      [http(401), http(409, KYC_SUBMITTED), http(502, 'The gateway is not answering.'), offline],
      (w: AadhaarWorld) => w.start,
    ),
  },
  states: {
    ready: ({ context }, { world }) => {
      assert.ok(failureLines.includes(context.error));
      if (world.opened.length > 0) {
        // Back from the gateway's page: 'Verify' again.
        assert.deepEqual(world.opened, [GATEWAY_LINK]);
        assert.equal(context.failed, false);
        return;
      }
      // 'Verify' before any try; after one, the failed panel ('Verify Again').
      assert.equal(context.failed, world.start.calls.length > 0);
    },
    starting: (snapshot, { world }) => {
      assert.ok(snapshot.hasTag('loading'));
      assert.deepEqual(world.start.last().input, { userId: '7' });
      assert.equal(snapshot.context.failed, false);
      assert.equal(snapshot.can({ type: 'aadhaar.verify' }), false);
    },
    redirecting: (snapshot, { world }) => {
      assert.ok(snapshot.hasTag('loading'));
      // D15: only the gateway's origin, once.
      assert.deepEqual(world.opened, [GATEWAY_LINK]);
    },
    conflict: ({ context }, { world }) => {
      assert.equal(context.error, KYC_SUBMITTED);
      assert.deepEqual(world.opened, []);
    },
    done: (snapshot, { world }) => {
      assert.equal(snapshot.status, 'done');
      assert.deepEqual(world.opened, []);
      assert.ok(['unauthorized', 'dashboard'].includes(snapshot.output?.result ?? ''));
    },
  },
};
