// The Payment links tab (D2 of issue 5, D19): create a one-off link (its URL to copy or share
// once created), and the tutor's links with their status, a status filter, and Cancel on the
// active ones behind a confirm. Creating needs approved KYC: the server's 403 message shows.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/UnstyledButton.css';
import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  confirmActionMachine,
  type ConfirmActionActorRef,
} from '../../../../../../machines/confirmAction/confirmAction.machine';
import {
  linkCreateMachine,
  shownLinkErrors,
  type LinkCreateActorRef,
} from '../../../../../../machines/linkCreate/linkCreate.machine';
import {
  expiryBounds,
  type LinkField,
  type LinkRequest,
  type TutorLink,
} from '../../../../../../machines/linkCreate/linkForm';
import {
  pagedListMachine,
  type Page,
  type PageRequest,
  type PagedListActorRef,
} from '../../../../../../machines/pagedList/pagedList.machine';
import { cancelLink, createLink, listLinks } from '../../../../../api/actors/tutorLinks';
import { canShare, share } from '../../../../../browser/share';
import { dashboardTexts } from '../../../../../domain/dashboardTexts';
import { formatINR } from '../../../../../domain/money';
import { PAYMENT_LINK_STATUSES, type PaymentLinkStatus } from '../../../../../domain/statuses';
import { isIsoDate, istDateKey } from '../../../../../domain/time';
import { formatIstDate } from '../../../../../domain/istDate';
import type { TutorTabPanelProps } from '../tutorTabs';
import { istDateTime } from '../payments/listParts';
import { useEndSessionWhen } from '../../../../app/session';
import { ListTable, type Column } from '../../../../components/ListTable';
import { ConfirmDialog, ConfirmDone } from './ConfirmDialog';
import { useClock } from '../../../../app/clock';

const t = dashboardTexts.tutor.links;

type LinkFilter = PaymentLinkStatus | null;
type LinksList = PagedListActorRef<TutorLink, LinkFilter>;

const linksMachine = pagedListMachine<TutorLink, LinkFilter>();

const STATUS_COLOR: Record<PaymentLinkStatus, string> = {
  ACTIVE: 'blue',
  PAID: 'teal',
  EXPIRED: 'gray',
  CANCELLED: 'red',
};

/** '14th February 2025' of a 'YYYY-MM-DD' IST day. */
function dayText(dateKey: string): string {
  return formatIstDate(new Date(`${dateKey}T12:00:00+05:30`), { withYear: true });
}

function CreatedLink({ actor }: { actor: LinkCreateActorRef }) {
  const link = useSelector(actor, (s) => s.context.link);
  if (!link) return null;
  return (
    <Stack gap="xs" role="status">
      <Text fw={600}>{t.created}</Text>
      <Text size="sm">{t.createdFor(formatINR(link.amount), link.purpose)}</Text>
      <Code style={{ overflowWrap: 'anywhere' }}>{link.url}</Code>
      <Group gap="xs">
        <CopyButton value={link.url}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" onClick={copy}>
              {copied ? dashboardTexts.tutor.share.copied : dashboardTexts.tutor.share.copy}
            </Button>
          )}
        </CopyButton>
        {canShare() ? (
          <Button
            size="xs"
            variant="light"
            onClick={() => void share({ title: link.purpose, url: link.url })}
          >
            {dashboardTexts.tutor.share.share}
          </Button>
        ) : null}
      </Group>
      <Button variant="default" onClick={() => actor.send({ type: 'link.another' })}>
        {t.another}
      </Button>
    </Stack>
  );
}

const sameErrors = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b);

function CreateForm({ actor }: { actor: LinkCreateActorRef }) {
  const form = useSelector(actor, (s) => s.context.form);
  const today = useSelector(actor, (s) => s.context.today);
  const creating = useSelector(actor, (s) => s.hasTag('loading'));
  const error = useSelector(actor, (s) => s.context.error);
  const errors = useSelector(actor, shownLinkErrors, sameErrors);
  const { min, max } = expiryBounds(today);
  const change = (field: LinkField) => (e: React.ChangeEvent<HTMLInputElement>) =>
    actor.send({ type: 'field.change', field, value: e.currentTarget.value });
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'link.submit' });
      }}
    >
      <Stack gap="sm">
        <TextInput
          label={t.amount}
          description={t.amountHint}
          leftSection="₹"
          inputMode="numeric"
          value={form.amount}
          onChange={change('amount')}
          error={errors.amount}
        />
        <TextInput
          label={t.purpose}
          placeholder={t.purposePlaceholder}
          value={form.purpose}
          onChange={change('purpose')}
          error={errors.purpose}
        />
        <TextInput
          label={t.studentPhone}
          description={t.studentPhoneHint}
          inputMode="numeric"
          autoComplete="off"
          value={form.phone}
          onChange={change('phone')}
          error={errors.phone}
        />
        <TextInput
          type="date"
          label={t.expiry}
          description={isIsoDate(form.expiry) ? dayText(form.expiry) : null}
          min={min}
          max={max}
          value={form.expiry}
          onChange={change('expiry')}
          error={errors.expiry}
        />
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Button type="submit" loading={creating}>
          {t.create}
        </Button>
      </Stack>
    </form>
  );
}

function CreateLink({ list }: { list: LinksList }) {
  const now = useClock();
  const actor = useActorRef(
    linkCreateMachine.provide({
      actors: {
        createLink: fromPromise<TutorLink, LinkRequest>(({ input }) => createLink(input)),
      },
      actions: { created: () => list.send({ type: 'list.reload' }) },
    }),
    { input: { today: istDateKey(now()) } },
  );
  useEndSessionWhen(useSelector(actor, (s) => s.matches('unauthorized')));
  return <CreateLinkView actor={actor} />;
}

/** 'Create a payment link' on a running linkCreate actor (the path tests render it on theirs). */
export function CreateLinkView({ actor }: { actor: LinkCreateActorRef }) {
  const created = useSelector(actor, (s) => s.matches('created'));
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={t.createTitle}>
      <Title order={2} size="h5" mb="sm">
        {t.createTitle}
      </Title>
      {created ? <CreatedLink actor={actor} /> : <CreateForm actor={actor} />}
    </Paper>
  );
}

function LinksList({ list }: { list: LinksList }) {
  const cancel = useActorRef(
    confirmActionMachine.provide({
      actors: { perform: fromPromise<void, { id: string }>(({ input }) => cancelLink(input.id)) },
      actions: { changed: () => list.send({ type: 'list.reload' }) },
    }),
  );
  return <LinksTable list={list} cancel={cancel} />;
}

/** The links, their filter and Cancel, on running list and confirmAction actors. */
export function LinksTable({ list, cancel }: { list: LinksList; cancel: ConfirmActionActorRef }) {
  const filter = useSelector(list, (s) => s.context.filter);
  const items = useSelector(list, (s) => s.context.data?.items ?? []);
  const target = useSelector(cancel, (s) => s.context.target);
  const asked = items.find((link) => link.id === target) ?? null;
  const columns: Column<TutorLink>[] = [
    {
      header: t.columns.purpose,
      cell: (link) => (
        <>
          <Text size="sm">{link.purpose}</Text>
          {link.student_phone ? (
            <Text size="xs" c="dimmed">
              {t.forStudent(link.student_phone)}
            </Text>
          ) : null}
        </>
      ),
    },
    { header: t.columns.amount, cell: (link) => formatINR(link.amount) },
    {
      header: t.columns.status,
      cell: (link) => (
        <Badge color={STATUS_COLOR[link.status]} variant="light" miw="max-content">
          {t.statusLabels[link.status]}
        </Badge>
      ),
    },
    { header: t.columns.expires, cell: (link) => istDateTime(link.expires_at) },
    { header: t.columns.paid, cell: (link) => (link.paid_at ? istDateTime(link.paid_at) : '—') },
    {
      header: t.columns.actions,
      cell: (link) =>
        link.status === 'ACTIVE' ? (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            aria-label={t.cancelAria(link.purpose)}
            onClick={() => cancel.send({ type: 'confirm.ask', id: link.id })}
          >
            {t.cancel}
          </Button>
        ) : null,
    },
  ];
  return (
    <Stack component="section" aria-label={t.listTitle} gap="sm">
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h5">
          {t.listTitle}
        </Title>
        <NativeSelect
          label={t.filterLabel}
          value={filter ?? ''}
          data={[
            { value: '', label: t.filterAll },
            ...PAYMENT_LINK_STATUSES.map((status) => ({
              value: status,
              label: t.statusLabels[status],
            })),
          ]}
          onChange={(e) => {
            const value = e.currentTarget.value;
            list.send({
              type: 'filter.change',
              filter: (PAYMENT_LINK_STATUSES as readonly string[]).includes(value)
                ? (value as PaymentLinkStatus)
                : null,
            });
          }}
        />
      </Group>
      <ConfirmDone actor={cancel} text={t.cancelled} />
      <ListTable
        list={list}
        title={t.listTitle}
        loadFailed={t.loadFailed}
        empty={filter ? t.emptyFiltered : t.empty}
        columns={columns}
        rowKey={(link) => link.id}
        minWidth={640}
      />
      <ConfirmDialog
        actor={cancel}
        texts={
          asked
            ? {
                title: t.cancelTitle,
                question: t.cancelQuestion(formatINR(asked.amount), asked.purpose),
                yes: t.cancelConfirm,
                no: t.keep,
                close: t.close,
              }
            : null
        }
      />
    </Stack>
  );
}

export function LinksPanel(_: TutorTabPanelProps) {
  const list = useActorRef(
    linksMachine.provide({
      actors: {
        fetchPage: fromPromise<Page<TutorLink>, PageRequest<LinkFilter>>(({ input }) =>
          listLinks(input.page, input.filter),
        ),
      },
    }),
    { input: { filter: null } },
  );
  return (
    <Stack gap="lg">
      <CreateLink list={list} />
      <LinksList list={list} />
    </Stack>
  );
}
