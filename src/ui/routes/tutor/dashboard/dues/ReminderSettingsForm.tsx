// The Dues tab's reminder settings (D151): the ladder on or off, WhatsApp or SMS. Renders the
// reminderSettings machine (the duesTab machine's settings child).
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Switch.css';
import { Alert, Button, Group, Paper, Radio, Stack, Switch, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import {
  settingsChanged,
  type ReminderChannel,
  type ReminderSettingsActorRef,
} from '../../../../../../machines/reminderSettings/reminderSettings.machine';
import { REMINDER_CHANNELS } from '../../../../../domain/dues';
import { studentsTexts } from '../../../../../domain/studentsTexts';

const t = studentsTexts.duesTab.settings;

export function ReminderSettingsForm({ actor }: { actor: ReminderSettingsActorRef }) {
  const step = useSelector(actor, (s) => s.value);
  const draft = useSelector(actor, (s) => s.context.draft);
  const error = useSelector(actor, (s) => s.context.error);
  const justSaved = useSelector(actor, (s) => s.context.justSaved);
  const changed = useSelector(actor, (s) => settingsChanged(s.context));
  const saving = step === 'saving';
  return (
    <Paper withBorder p="md" component="section" aria-label={t.title}>
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t.title}
        </Title>
        {step === 'loadFailed' ? (
          <Alert color="red" role="alert">
            <Group justify="space-between">
              <Text size="sm">{error}</Text>
              <Button
                size="xs"
                variant="light"
                onClick={() => actor.send({ type: 'settings.retry' })}
              >
                {t.retry}
              </Button>
            </Group>
          </Alert>
        ) : null}
        {draft ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              actor.send({ type: 'settings.save' });
            }}
          >
            <Stack gap="sm">
              <Switch
                label={t.automatic}
                description={t.automaticHint}
                checked={draft.automatic}
                disabled={saving}
                onChange={(e) =>
                  actor.send({ type: 'settings.change', automatic: e.currentTarget.checked })
                }
              />
              <Radio.Group
                label={t.channel}
                value={draft.channel}
                onChange={(value) =>
                  actor.send({ type: 'settings.change', channel: value as ReminderChannel })
                }
              >
                <Stack gap={6} mt={6}>
                  {REMINDER_CHANNELS.map((channel) => (
                    <Radio
                      key={channel}
                      value={channel}
                      label={t.channels[channel]}
                      disabled={saving}
                    />
                  ))}
                </Stack>
              </Radio.Group>
              {step === 'failed' ? (
                <Alert color="red" role="alert">
                  {error}
                </Alert>
              ) : null}
              <Group gap="sm">
                <Button type="submit" loading={saving} disabled={!saving && !changed}>
                  {t.save}
                </Button>
                <Text size="sm" role="status">
                  {justSaved ? t.saved : ''}
                </Text>
              </Group>
            </Stack>
          </form>
        ) : null}
      </Stack>
    </Paper>
  );
}
