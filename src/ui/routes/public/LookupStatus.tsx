import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import { Button, Loader, Stack, Text } from '@mantine/core';
import type { LookupFailure } from '../../../../machines/publicProfile/publicProfile.machine';
import { messages } from '../../../domain/messages';

/** What the page says when no verdict arrived. */
function failureText(failure: LookupFailure): string {
  if (failure === 'network') return messages.generic.network;
  if (failure === 'timeout') return messages.generic.timeout;
  return messages.generic.somethingWrong;
}

/** While the tutor is looked up: a spinner; when no verdict arrived: why, and a retry. */
export function LookupStatus({
  failure,
  onRetry,
}: {
  failure: LookupFailure | null;
  onRetry: () => void;
}) {
  if (failure) {
    return (
      <Stack align="flex-start" gap="md">
        <Text role="alert">{failureText(failure)}</Text>
        <Button onClick={onRetry}>{messages.publicPages.retry}</Button>
      </Stack>
    );
  }
  return (
    <Stack align="flex-start" gap="xs" role="status" aria-busy="true">
      <Loader size="sm" aria-hidden="true" />
      <Text c="dimmed">{messages.publicPages.loading}</Text>
    </Stack>
  );
}
