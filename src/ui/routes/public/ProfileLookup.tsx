import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { Stack, Title } from '@mantine/core';
import type { LookupFailure } from '../../../../machines/publicProfile/publicProfile.machine';
import { messages } from '../../../domain/messages';
import { PublicLayout } from '../../components/PublicLayout';
import { LookupStatus } from './LookupStatus';

/** /{username} while its tutor is looked up, and when no verdict arrived. */
export function ProfileLookup({
  failure,
  onRetry,
}: {
  failure: LookupFailure | null;
  onRetry: () => void;
}) {
  return (
    <PublicLayout>
      <Stack gap="md">
        <Title order={1}>{messages.publicPages.profileTitle}</Title>
        <LookupStatus failure={failure} onRetry={onRetry} />
      </Stack>
    </PublicLayout>
  );
}
