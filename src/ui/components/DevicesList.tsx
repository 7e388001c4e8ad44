// D242: the devices the user is logged in on (one session each, alive 30 days after its last
// use), the one in the hand marked, each with 'Log out this device' behind a confirm; the
// tutor's Devices tab and the student dashboard both show it. Renders the pagedList and
// confirmAction machines; logging out the device in the hand ends the session here too.
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { confirmActionMachine } from '../../../machines/confirmAction/confirmAction.machine';
import { pagedListMachine } from '../../../machines/pagedList/pagedList.machine';
import { fetchDevices, revokeDevice, type DeviceRow } from '../../api/actors/devices';
import { dashboardTexts } from '../../domain/dashboardTexts';
import { formatIstClock, formatIstDate } from '../../domain/istDate';
import { useEndSessionWhen } from '../app/session';
import { ListState } from './PagedListParts';
import { ConfirmDialog, ConfirmDone } from '../routes/tutor/dashboard/links/ConfirmDialog';

const t = () => dashboardTexts.devices;

const devicesMachine = pagedListMachine<DeviceRow, null>().provide({
  actors: { fetchPage: fromPromise(({ input, signal }) => fetchDevices(input, signal)) },
});

const when = (iso: string) => {
  const date = new Date(iso);
  return `${formatIstDate(date, { withYear: true })}, ${formatIstClock(date)}`;
};

export function DevicesList() {
  const list = useActorRef(devicesMachine, { input: { filter: null } });
  const items = useSelector(list, (s) => s.context.data?.items ?? []);
  const logout = useActorRef(
    confirmActionMachine.provide({
      actors: {
        perform: fromPromise<void, { id: string }>(({ input }) => revokeDevice(Number(input.id))),
      },
      actions: { changed: () => list.send({ type: 'list.reload' }) },
    }),
  );
  const asked = useSelector(logout, (s) => s.context.target);
  const device = items.find((d) => String(d.id) === asked) ?? null;
  // The device in the hand logged out: its next call is a 401, and the session ends here.
  useEndSessionWhen(useSelector(list, (s) => s.matches('unauthorized')));
  const name = (d: DeviceRow) => d.device || t().unknown;
  return (
    <Stack component="section" aria-label={t().title} gap="sm">
      <Title order={2} size="h4">
        {t().title}
      </Title>
      <Text size="sm" c="dimmed">
        {t().intro}
      </Text>
      <ListState list={list} title={t().loadFailed} empty={t().empty}>
        {items.map((d) => (
          <Paper key={d.id} withBorder p="sm" radius="md" component="article" aria-label={name(d)}>
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
              <Stack gap={2}>
                <Group gap="xs">
                  <Text fw={600}>{name(d)}</Text>
                  {d.current ? (
                    <Badge variant="light" color="teal">
                      {t().current}
                    </Badge>
                  ) : null}
                </Group>
                <Text size="sm">{t().lastUsed(when(d.last_used_at))}</Text>
                <Text size="sm" c="dimmed">
                  {t().since(when(d.created_at))}
                </Text>
              </Stack>
              <Button
                size="xs"
                variant="light"
                color="red.9"
                aria-label={d.current ? undefined : t().logoutAria(name(d))}
                onClick={() => logout.send({ type: 'confirm.ask', id: String(d.id) })}
              >
                {d.current ? t().logoutThis : t().logout}
              </Button>
            </Group>
          </Paper>
        ))}
      </ListState>
      <ConfirmDone actor={logout} text={t().done} />
      <ConfirmDialog
        actor={logout}
        texts={
          device
            ? {
                title: t().confirmTitle,
                question: device.current ? t().confirmThis : t().confirmOther(name(device)),
                yes: t().yes,
                no: t().keep,
                close: t().close,
              }
            : null
        }
      />
    </Stack>
  );
}
