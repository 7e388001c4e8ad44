// The privacy notice and its consent box (issue 54, D319): the itemised notice (what we
// collect, why, who receives it, how long, the person's rights) in a box of its own that
// scrolls, its version, and the box to tick. The sign-up forms and the dashboards' consent gate
// show it; the machine that renders it decides what the tick allows.
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Paper, Stack, Text, Title } from '@mantine/core';
import {
  NOTICE_VERSION,
  PRIVACY_CONTACT,
  RETENTION_YEARS_AFTER_FINANCIAL_YEAR,
} from '../../domain/privacy';
import { privacyTexts } from '../../domain/privacyTexts';
import { CheckboxField } from './CheckboxField';

const t = privacyTexts.notice;
const LIST = { margin: 0, paddingInlineStart: '1.25rem' };

export function NoticeConsent({
  checked,
  onChange,
  disabled = false,
  headingOrder = 2,
}: {
  checked: boolean;
  onChange: (value: boolean) => void;
  disabled?: boolean;
  headingOrder?: 2 | 3;
}) {
  const headingId = 'privacy-notice-title';
  return (
    <Stack gap="xs">
      <Paper
        withBorder
        p="sm"
        component="section"
        aria-labelledby={headingId}
        // The notice scrolls inside its box: focusable, so a keyboard can scroll it too.
        tabIndex={0}
        style={{ maxHeight: 220, overflowY: 'auto' }}
      >
        <Title order={headingOrder} size="h5" id={headingId}>
          {t.title}
        </Title>
        <Text size="xs" c="dimmed" mb="xs">
          {t.version(NOTICE_VERSION)}
        </Text>
        {t
          .body({
            retentionYears: RETENTION_YEARS_AFTER_FINANCIAL_YEAR,
            privacyContact: PRIVACY_CONTACT,
          })
          .map((section) => (
            <Stack key={section.heading} gap={4} mb="xs">
              <Title order={headingOrder === 2 ? 3 : 4} size="h6">
                {section.heading}
              </Title>
              {section.paragraphs.map((paragraph) => (
                <Text key={paragraph} size="sm">
                  {paragraph}
                </Text>
              ))}
              {section.list ? (
                // A plain list: Mantine's List would be a chunk shared with the policy pages.
                <ul style={LIST}>
                  {section.list.map((item) => (
                    <Text key={item} component="li" size="sm">
                      {item}
                    </Text>
                  ))}
                </ul>
              ) : null}
            </Stack>
          ))}
      </Paper>
      <CheckboxField
        checked={checked}
        onChange={onChange}
        label={t.agree}
        note={checked ? null : t.agreeNeeded}
        disabled={disabled}
      />
    </Stack>
  );
}
