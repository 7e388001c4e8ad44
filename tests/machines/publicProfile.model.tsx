// Path model of the publicProfile machine, walked on the machine and through the profile
// page's view. The fake lookup is a promise the path settles through the
// `internal` fixtures (found, none, failed), as the real API actor would.
import assert from 'node:assert/strict';
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { fromPromise, type EventObject } from 'xstate';
import type { NavigateParams } from '../../machines/shared/navigation';
import {
  NOT_FOUND_PATH,
  publicProfileMachine,
  type PublicProfile,
} from '../../machines/publicProfile/publicProfile.machine';
import { messages } from '../../src/domain/messages';
import { ProfileView } from '../../src/ui/routes/public/ProfileController';
import type { EventFixture, EventFixtures, PathModel, PathRun, UiLayer } from '../support/paths';
import { buttonNamed, clickOn, queryButton } from '../support/uiPaths';

interface Lookup {
  username: string;
  resolve: (profile: PublicProfile | null) => void;
  reject: (error: unknown) => void;
}

interface World {
  lookups: Lookup[];
  navigations: NavigateParams[];
}

export const ASHA: PublicProfile = {
  first_name: 'Asha',
  last_name: 'Verma',
  username: 'asha-verma',
  phone: '9123456780',
  subjects: ['Mathematics', 'Physics'],
  kyc_approved_at: '2025-01-08T10:30:00+05:30',
};

/** Sixteen days after ASHA's approval. */
const NOW = Date.parse('2025-01-24T10:00:00+05:30');

/** Lets the machine take the settled promise's event. */
const settle = () => new Promise((resolve) => setTimeout(resolve));

function pending(world: World): Lookup {
  const lookup = world.lookups.at(-1);
  assert.ok(lookup, 'no lookup in flight');
  return lookup;
}

export const publicProfileEvents = {
  'profile.retry': [{ type: 'profile.retry' }],
} satisfies EventFixtures<typeof publicProfileMachine, World>;

type LookupDone = { type: 'xstate.done.actor.lookup'; output: PublicProfile | null };
type LookupError = { type: 'xstate.error.actor.lookup'; error: unknown };
const found: LookupDone = { type: 'xstate.done.actor.lookup', output: ASHA };
const none: LookupDone = { type: 'xstate.done.actor.lookup', output: null };
const offline: LookupError = { type: 'xstate.error.actor.lookup', error: { kind: 'network' } };

/** The lookup's outcomes: a profile, no such tutor (null), no verdict (offline). */
const internal = {
  'xstate.done.actor.lookup': {
    cases: [found, none],
    exec: async ({ world }: PathRun<World>, event: EventObject) => {
      pending(world).resolve((event as LookupDone).output);
      await settle();
    },
  },
  'xstate.error.actor.lookup': {
    cases: [offline],
    exec: async ({ world }: PathRun<World>, event: EventObject) => {
      pending(world).reject((event as LookupError).error);
      await settle();
    },
  },
} satisfies Record<string, EventFixture<EventObject, World>>;

/** Every lookup asked for the lower-cased username (D30); the 404 page only from notFound. */
function invariants({ world }: PathRun<World>) {
  assert.ok(world.lookups.length >= 1);
  for (const lookup of world.lookups) assert.equal(lookup.username, 'asha-verma');
}

const p = messages.publicPages;

/** /{username} as a visitor sees it. */
export const publicProfileScreen: UiLayer<typeof publicProfileMachine, World> = {
  view: ({ actor }) => <ProfileView actor={actor} />,
  gestures: {
    'profile.retry': (_, ui) => clickOn(queryButton(p.retry), ui),
  },
  screens: {
    loading: () => {
      expect(screen.getByText(p.loading)).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(p.profileTitle);
    },
    found: () => {
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Asha Verma');
      expect(screen.getByText('Mathematics, Physics')).toBeInTheDocument();
      expect(screen.getByText(messages.profile.lastVerified('2 weeks ago'))).toBeInTheDocument();
    },
    // The 404 page takes over (the machine layer checks the navigation).
    notFound: null,
    failed: () => {
      expect(screen.getByRole('alert')).toHaveTextContent(messages.generic.network);
      expect(buttonNamed(p.retry)).toBeEnabled();
    },
  },
};

export const publicProfilePathModel: PathModel<typeof publicProfileMachine, World> = {
  name: 'publicProfile',
  machine: publicProfileMachine,
  // As typed in a URL: the machine lower-cases it.
  inputs: [{ username: 'Asha-Verma', now: NOW }],
  world: () => ({ lookups: [], navigations: [] }),
  provide: (world) =>
    publicProfileMachine.provide({
      actors: {
        lookup: fromPromise<PublicProfile | null, { username: string }>(
          ({ input }) =>
            new Promise((resolve, reject) =>
              world.lookups.push({ username: input.username, resolve, reject }),
            ),
        ),
      },
      actions: { navigate: (_, params) => void world.navigations.push(params) },
    }),
  events: publicProfileEvents,
  ui: publicProfileScreen,
  internal,
  states: {
    loading: (snapshot, run) => {
      invariants(run);
      assert.ok(snapshot.hasTag('loading'));
      assert.equal(snapshot.context.profile, null);
      assert.equal(snapshot.context.failure, null);
      assert.deepEqual(run.world.navigations, []);
    },
    found: (snapshot, run) => {
      invariants(run);
      assert.deepEqual(snapshot.context.profile, ASHA);
      assert.deepEqual(run.world.navigations, []);
    },
    notFound: (snapshot, run) => {
      invariants(run);
      assert.equal(snapshot.status, 'done');
      assert.equal(snapshot.context.profile, null);
      assert.deepEqual(run.world.navigations, [{ to: NOT_FOUND_PATH, replace: true }]);
    },
    failed: (snapshot, run) => {
      invariants(run);
      assert.ok(snapshot.hasTag('error'));
      assert.equal(snapshot.context.failure, 'network');
      assert.ok(snapshot.can({ type: 'profile.retry' }));
      // No verdict is never the 404 page.
      assert.deepEqual(run.world.navigations, []);
    },
  },
};
