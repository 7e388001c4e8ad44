import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { messages } from '../../../domain/messages';

/** /page-not-found and every unknown path (spec §2). */
export function NotFoundPage() {
  return (
    <Container size="sm" py="xl" component="main">
      <Stack align="flex-start" gap="md">
        <Title order={1}>{messages.notFound.title}</Title>
        <Text>{messages.notFound.body}</Text>
        <Button component={Link} to="/">
          {messages.notFound.home}
        </Button>
      </Stack>
    </Container>
  );
}
