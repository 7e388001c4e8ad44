// The publicProfile machine (machines/publicProfile) made real for the profile and policy
// pages: the API actor and the router's navigation.
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback } from 'react';
import type { ActorRefFrom } from 'xstate';
import {
  lastVerified,
  publicProfileMachine,
} from '../../../../machines/publicProfile/publicProfile.machine';
import { lookupPublicProfile } from '../../../api/actors/public';
import { useClock } from '../../app/clock';
import { useNavigateAction } from '../../app/navigation';

/**
 * The lookup of `username` (as in the URL), running. Render the caller with `key={username}`, so
 * a new username starts a new lookup.
 */
export function usePublicProfileActor(username: string): PublicProfileActorRef {
  const navigate = useNavigateAction();
  const now = useClock();
  return useActorRef(
    publicProfileMachine.provide({
      actors: { lookup: lookupPublicProfile },
      actions: { navigate },
    }),
    { input: { username, now: now().getTime() } },
  );
}

export type PublicProfileActorRef = ActorRefFrom<typeof publicProfileMachine>;

/** What a page shows of a running publicProfile actor. */
export function usePublicProfileOf(actor: PublicProfileActorRef) {
  const profile = useSelector(actor, (s) => (s.matches('found') ? s.context.profile : null));
  const failure = useSelector(actor, (s) => (s.matches('failed') ? s.context.failure : null));
  const verifiedAgo = useSelector(actor, (s) => lastVerified(s.context));
  const retry = useCallback(() => actor.send({ type: 'profile.retry' }), [actor]);
  return { profile, failure, retry, verifiedAgo };
}
