// What the student sees while the hosted checkout opens (spec §4 "Payment"): a short wait,
// or why it did not open and a way to try again (same order, no second one).
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { messages } from '../../../domain/messages';
import type { PaymentActorRef } from './PaymentFlowLayout';

const m = messages.checkout;

export function CheckoutStatus({ actorRef }: { actorRef: PaymentActorRef }) {
  const failed = useSelector(actorRef, (s) => s.matches('checkoutFailed'));
  const redirecting = useSelector(actorRef, (s) => s.matches('redirecting'));
  const retry = () => actorRef.send({ type: 'checkout.retry' });
  if (failed) {
    return (
      <Stack gap="md">
        <Alert color="red" role="alert">
          {m.failed}
        </Alert>
        <Button size="md" fullWidth onClick={retry}>
          {m.openAgain}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="md" role="status" aria-live="polite">
      <Group gap="sm" wrap="nowrap">
        <Loader size="sm" />
        <Text>{m.opening}</Text>
      </Group>
      {redirecting ? (
        <Text size="sm" c="dimmed">
          {m.notRedirected}{' '}
          <Button variant="subtle" size="compact-sm" onClick={retry}>
            {m.openAgain}
          </Button>
        </Text>
      ) : null}
    </Stack>
  );
}
