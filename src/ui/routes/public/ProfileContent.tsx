// What /{username} shows: the tutor once found, else the page's frame while the lookup runs
// or when no verdict came. Plain props, no machine: the page paints it before XState arrives
// (D202), and the lookup's controller (ProfileController.tsx) fills it in.
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type {
  LookupFailure,
  PublicProfile,
} from '../../../../machines/publicProfile/publicProfile.machine';
import { messages } from '../../../domain/messages';
import { PublicLayout } from '../../components/PublicLayout';
import { LookupStatus } from './LookupStatus';
import { fullName } from './tutorName';

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

/** What the lookup has found so far; `lastVerified` as Profile takes it. */
export interface ProfileModel {
  profile: PublicProfile | null;
  failure: LookupFailure | null;
  retry: () => void;
  lastVerified: string | null;
}

export function ProfileContent({ profile, failure, retry, lastVerified }: ProfileModel) {
  return (
    <PublicLayout username={profile?.username}>
      {profile ? (
        <Profile profile={profile} lastVerified={lastVerified} />
      ) : (
        <Stack gap="md">
          <Title order={1}>{messages.publicPages.profileTitle}</Title>
          <LookupStatus failure={failure} onRetry={retry} />
        </Stack>
      )}
    </PublicLayout>
  );
}
