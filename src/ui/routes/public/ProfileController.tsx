// The lookup behind /{username} and its policy pages: its publicProfile machine
// (machines/publicProfile), loaded once the page's frame is painted (D202, D219) so that XState is
// not in the first paint. It renders nothing itself: it hands the page what the lookup has found
// (ProfilePage.tsx, PolicyPage.tsx).
import { useEffect } from 'react';
import { ProfileContent, type ProfileModel } from './ProfileContent';
import {
  usePublicProfileActor,
  usePublicProfileOf,
  type PublicProfileActorRef,
} from './usePublicProfile';

function useProfileModel(actor: PublicProfileActorRef): ProfileModel {
  const { profile, failure, retry, verifiedAgo } = usePublicProfileOf(actor);
  return { profile, failure, retry, lastVerified: verifiedAgo };
}

/** The profile page on a running publicProfile actor (the path tests render it on theirs). */
export function ProfileView({ actor }: { actor: PublicProfileActorRef }) {
  return <ProfileContent {...useProfileModel(actor)} />;
}

/** Looks `username` up and hands each new finding to `onModel`. */
export default function ProfileController({
  username,
  onModel,
}: {
  username: string;
  onModel: (model: ProfileModel) => void;
}) {
  const { profile, failure, retry, lastVerified } = useProfileModel(
    usePublicProfileActor(username),
  );
  useEffect(
    () => onModel({ profile, failure, retry, lastVerified }),
    [onModel, profile, failure, retry, lastVerified],
  );
  return null;
}
