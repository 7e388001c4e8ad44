// A screen's "loading" line (the payment screens, the receipt): a small spinner and what is
// being done, announced as a status.
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Loader.css';
import { Group, Loader, Text } from '@mantine/core';

export function LoadingLine({ text }: { text: string }) {
  return (
    <Group gap="sm" role="status">
      <Loader size="sm" />
      <Text>{text}</Text>
    </Group>
  );
}
