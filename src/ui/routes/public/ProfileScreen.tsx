// A tutor's public profile driven by its publicProfile machine (machines/publicProfile): the
// part of /{username} that ProfilePage.tsx loads once the page's frame is painted (D202), so
// XState is not in the first paint.
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { PublicProfile } from '../../../../machines/publicProfile/publicProfile.machine';
import { messages } from '../../../domain/messages';
import { PublicLayout } from '../../components/PublicLayout';
import { ProfileLookup } from './ProfileLookup';
import {
  fullName,
  usePublicProfileActor,
  usePublicProfileOf,
  type PublicProfileActorRef,
} from './usePublicProfile';

const m = messages.profile;

/** '/static-link/asha-verma', with '?book=1' for 'Book a session' (D20). */
function staticLinkPath(username: string, book = false): string {
  return `/static-link/${username}${book ? '?book=1' : ''}`;
}

/** `lastVerified`: the time since KYC approval (D8); null hides every 'verified' claim. */
function Profile({
  profile,
  lastVerified,
}: {
  profile: PublicProfile;
  lastVerified: string | null;
}) {
  const name = fullName(profile);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{name}</Title>
        <Text>
          {messages.publicPages.phone}:{' '}
          <Anchor href={`tel:+91${profile.phone}`}>{profile.phone}</Anchor>
        </Text>
        {lastVerified !== null && (
          <Text>
            {name} {m.verifiedTeacher}
          </Text>
        )}
      </Stack>
      <Stack gap={4}>
        <Title order={2} size="h4">
          {m.subjectsTaught}
        </Title>
        <Text>
          {profile.subjects.length > 0
            ? profile.subjects.join(', ')
            : messages.publicPages.noSubjects}
        </Text>
      </Stack>
      {lastVerified !== null && (
        <Text size="sm" c="dimmed">
          {m.lastVerified(lastVerified)}
        </Text>
      )}
      <Group gap="sm">
        <Button component={Link} to={staticLinkPath(profile.username, true)} variant="outline">
          {m.bookSession}
        </Button>
        <Button component={Link} to={staticLinkPath(profile.username)}>
          {m.payTuitionFees}
        </Button>
      </Group>
    </Stack>
  );
}

/** The profile page on a running publicProfile actor (the path tests render it on theirs). */
export function ProfileView({ actor }: { actor: PublicProfileActorRef }) {
  const { profile, failure, retry, verifiedAgo } = usePublicProfileOf(actor);
  if (!profile) return <ProfileLookup failure={failure} onRetry={retry} />;
  return (
    <PublicLayout username={profile.username}>
      <Profile profile={profile} lastVerified={verifiedAgo} />
    </PublicLayout>
  );
}

/** The profile of `username`, looked up by its own publicProfile actor. */
export default function ProfileScreen({ username }: { username: string }) {
  return <ProfileView actor={usePublicProfileActor(username)} />;
}
