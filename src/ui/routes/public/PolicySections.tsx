import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/List.css';
import { List, Stack, Text, Title } from '@mantine/core';
import type { PolicySection } from '../../../domain/publicPageTexts';

/** The legal text of a policy page: each section's heading, paragraphs and optional list. */
export function PolicySections({ sections }: { sections: readonly PolicySection[] }) {
  return sections.map((section) => (
    <Stack key={section.heading} gap="xs" component="section">
      <Title order={2} size="h4">
        {section.heading}
      </Title>
      {section.paragraphs.map((paragraph) => (
        <Text key={paragraph}>{paragraph}</Text>
      ))}
      {section.list && (
        <List>
          {section.list.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  ));
}
