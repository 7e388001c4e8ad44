// Path model of the paymentLink machine (/payment-link/{id}), walked on the machine and
// through the link's screen.
import assert from 'node:assert/strict';
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { messages } from '../../src/domain/messages';
import { LinkFlowView } from '../../src/ui/routes/payment-link/PaymentLinkFlow';
import type { PaymentLinkStatus } from '../../src/domain/statuses';
import {
  paymentLinkMachine,
  type LinkLoad,
  type LinkView,
} from '../../machines/payment/paymentLink.machine';
import type { NavigateParams } from '../../machines/shared/navigation';
import type { EventFixtures, PathModel, PathRun, UiLayer } from '../support/paths';
import { buttonNamed, clickOn, queryButton } from '../support/uiPaths';
import { doneCases, errorCases, fakeActor, type FakeActor } from './fakes';

interface World {
  load: FakeActor<LinkLoad, { linkId: string }>;
  navigations: NavigateParams[];
  stored: LinkView[];
}

export function linkView(status: PaymentLinkStatus, payeeId: number | null = 7): LinkView {
  return {
    id: 'lnk_1',
    amount: 300_000,
    purpose: 'January maths tuition',
    status,
    payeeName: 'Asha Verma',
    payeePhone: '9123456780',
    payeeId,
  };
}

export const loads = {
  missing: { link: null, viewer: 'anonymous' },
  paid: { link: linkView('PAID'), viewer: 'complete' },
  expired: { link: linkView('EXPIRED', null), viewer: 'anonymous' },
  complete: { link: linkView('ACTIVE'), viewer: 'complete' },
  incomplete: { link: linkView('ACTIVE'), viewer: 'incomplete' },
  anonymous: { link: linkView('ACTIVE', null), viewer: 'anonymous' },
} satisfies Record<string, LinkLoad>;

const expectedExit: Record<string, string> = {
  complete: '/pay/review',
  incomplete: '/student/signup',
  anonymous: '/student/login',
};

export const paymentLinkEvents = {
  'link.retry': [{ type: 'link.retry' }],
} satisfies EventFixtures<typeof paymentLinkMachine, World>;

function stayed({ world }: PathRun<World>) {
  assert.deepEqual(world.navigations, []);
  assert.deepEqual(world.stored, []);
}

const m = messages.paymentLink;
const UNAVAILABLE: Partial<Record<PaymentLinkStatus, string>> = {
  PAID: m.paid,
  EXPIRED: m.expired,
  CANCELLED: m.cancelled,
};

/** /payment-link/{id} as the student sees it before the link's payment starts. */
export const paymentLinkScreen: UiLayer<typeof paymentLinkMachine, World> = {
  view: ({ actor }) => <LinkFlowView actorRef={actor} />,
  gestures: {
    'link.retry': (_, ui) => clickOn(queryButton(m.retry), ui),
  },
  screens: {
    loading: () => {
      expect(screen.getByText(m.loading)).toBeInTheDocument();
    },
    loadFailed: ({ context }) => {
      expect(screen.getByRole('alert')).toHaveTextContent(`${m.loadFailed}${context.error}`);
      expect(buttonNamed(m.retry)).toBeEnabled();
    },
    unavailable: ({ context }) => {
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent(UNAVAILABLE[context.link!.status]!);
      expect(alert).toHaveTextContent(m.askTutor);
    },
    // On to the review or the login (the machine layer checks where).
    leaving: null,
  },
};

export const paymentLinkPathModel: PathModel<typeof paymentLinkMachine, World> = {
  name: 'paymentLink',
  machine: paymentLinkMachine,
  inputs: [{ linkId: 'lnk_1' }],
  world: () => ({ load: fakeActor(), navigations: [], stored: [] }),
  provide: (world) =>
    paymentLinkMachine.provide({
      actors: { loadLink: world.load.logic },
      actions: {
        navigate: (_, params) => void world.navigations.push(params),
        storeLink: (_, link) => void world.stored.push(link),
      },
    }),
  events: paymentLinkEvents,
  ui: paymentLinkScreen,
  internal: {
    'xstate.done.actor.loadLink': doneCases<World, LinkLoad>(
      'loadLink',
      Object.values(loads) as [LinkLoad, ...LinkLoad[]],
      (w) => w.load,
    ),
    'xstate.error.actor.loadLink': errorCases<World>(
      'loadLink',
      [{ kind: 'timeout' }, { kind: 'http', status: 404, message: 'Not found.' }],
      (w) => w.load,
    ),
  },
  states: {
    loading: (snapshot, run) => {
      stayed(run);
      assert.deepEqual(run.world.load.last().input, { linkId: 'lnk_1' });
      assert.ok(snapshot.hasTag('loading'));
    },
    loadFailed: (snapshot, run) => {
      stayed(run);
      assert.ok(snapshot.context.error);
    },
    unavailable: (snapshot, run) => {
      stayed(run);
      assert.notEqual(snapshot.context.link?.status, 'ACTIVE');
    },
    leaving: (snapshot, { world }) => {
      assert.equal(world.navigations.length, 1);
      const { to, replace } = world.navigations[0]!;
      assert.equal(replace, true, 'the wrapper leaves no history entry');
      const load = world.load.outputs.at(-1);
      if (!load || load.link === null) {
        assert.equal(to, '/page-not-found');
        assert.deepEqual(world.stored, []);
        return;
      }
      const kind = Object.entries(loads).find(([, l]) => l === load)?.[0] ?? '';
      assert.equal(to, expectedExit[kind]);
      assert.deepEqual(world.stored, [load.link]);
      assert.equal(snapshot.context.link, load.link);
    },
  },
};
