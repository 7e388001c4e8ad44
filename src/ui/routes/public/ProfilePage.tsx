import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import type { PublicProfile } from '../../../../machines/publicProfile/publicProfile.machine';
import { messages } from '../../../domain/messages';
import { PublicLayout } from '../../components/PublicLayout';
import { LookupStatus } from './LookupStatus';
import {
  fullName,
  usePublicProfileActor,
  usePublicProfileOf,
  type PublicProfileActorRef,
} from './usePublicProfile';

const m = messages.profile;

/** '/static-link/asha-verma', with '?book=1' for 'Book a session' (D20). */
export function staticLinkPath(username: string, book = false): string {
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
  return (
    <PublicLayout username={profile?.username}>
      {profile ? (
        <Profile profile={profile} lastVerified={verifiedAgo} />
      ) : (
        <Stack gap="md">
          <Title order={1}>{messages.publicPages.profileTitle}</Title>
          <LookupStatus failure={failure} onRetry={retry} />
        </Stack>
      )}
    </PublicLayout>
  );
}

function ProfileScreen({ username }: { username: string }) {
  return <ProfileView actor={usePublicProfileActor(username)} />;
}

/** /{tutorUserName}: a tutor's public profile (spec §2, D8, D20, D30). No login needed. */
export function ProfilePage() {
  const { username = '' } = useParams();
  return <ProfileScreen key={username} username={username} />;
}
