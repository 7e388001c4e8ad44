// A tutor's public data for /{username} and its five policy pages (spec §2, D8, D17, D30).
//
//   loading --found--> found
//           --none---> notFound (final): navigates to /page-not-found, replacing the entry
//           --error--> failed --profile.retry--> loading
//
// The username from the URL is lower-cased before the lookup (D30). The abstract `lookup`
// actor resolves the profile, or null when there is no such tutor (a 404, or a username that
// cannot exist); it rejects only when no verdict arrived (offline, too slow, a server error),
// which is worth a retry and never the 404 page. The real actor is src/api/actors/public.ts.
import { assign, fromPromise, setup } from 'xstate';
import { timeAgoFromIso } from '../../src/domain/timeAgo';
import { notProvided } from '../shared/abstract';
import type { NavigateParams } from '../shared/navigation';

/** The contract's PublicProfile (openapi/api.yaml), restated: machines import no API types. */
export interface PublicProfile {
  first_name: string;
  last_name: string;
  username: string;
  phone: string;
  /** Empty shows a dash (D8). */
  subjects: string[];
  /** ISO date-time of the KYC approval; null hides 'Profile last verified' (D8). */
  kyc_approved_at: string | null;
}

export interface PublicProfileInput {
  /** The username as it appears in the URL. */
  username: string;
  /** When the page opened (epoch ms): 'Profile last verified' counts from it (D8). */
  now: number;
}

/** Why the lookup gave no verdict: what the page tells the user above its retry button. */
export type LookupFailure = 'network' | 'timeout' | 'other';

export interface PublicProfileContext {
  /** Lower-cased (D30). */
  username: string;
  now: number;
  profile: PublicProfile | null;
  failure: LookupFailure | null;
}

export type PublicProfileEvent = { type: 'profile.retry' };

export const NOT_FOUND_PATH = '/page-not-found';

/** The API client's failure kinds (D37) as the page words them; anything else is 'other'. */
export function lookupFailure(error: unknown): LookupFailure {
  const kind = (error as { kind?: unknown } | null)?.kind;
  return kind === 'network' || kind === 'timeout' ? kind : 'other';
}

/**
 * 'a week ago': the time since the found tutor's KYC approval (D8); null while there is no
 * profile or no approval time, which hides the 'verified' lines.
 */
export function lastVerified(context: PublicProfileContext): string | null {
  return timeAgoFromIso(context.profile?.kyc_approved_at, new Date(context.now));
}

export const publicProfileMachine = setup({
  types: {
    context: {} as PublicProfileContext,
    input: {} as PublicProfileInput,
    events: {} as PublicProfileEvent,
  },
  actors: {
    /** Abstract: the profile, or null when there is no such tutor. */
    lookup: fromPromise<PublicProfile | null, { username: string }>(async () => {
      throw new Error(
        "The actor 'lookup' is abstract: provide it with machine.provide({ actors: { lookup } }).",
      );
    }),
  },
  actions: {
    /** Abstract: the UI provides the router (src/ui/app/navigation.ts). */
    navigate: (_: unknown, _params: NavigateParams) => notProvided('navigate'),
  },
}).createMachine({
  id: 'publicProfile',
  description: "Looks up a tutor's public profile by username (spec §2, D8, D30).",
  context: ({ input }) => ({
    username: input.username.toLowerCase(),
    now: input.now,
    profile: null,
    failure: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'lookup',
        src: 'lookup',
        input: ({ context }) => ({ username: context.username }),
        onDone: [
          {
            guard: ({ event }) => event.output !== null,
            target: 'found',
            actions: assign({ profile: ({ event }) => event.output }),
          },
          { target: 'notFound' },
        ],
        onError: {
          target: 'failed',
          actions: assign({ failure: ({ event }) => lookupFailure(event.error) }),
        },
      },
    },
    found: {},
    notFound: {
      type: 'final',
      entry: { type: 'navigate', params: { to: NOT_FOUND_PATH, replace: true } },
    },
    failed: {
      tags: ['error'],
      on: {
        'profile.retry': { target: 'loading', actions: assign({ failure: null }) },
      },
    },
  },
});
