// The API keys tab (D2 of issue 5, D19): what a key is for, issue one by name (shown once in a
// dialog with Copy and a warning), the keys as listed (name, prefix…, created, last used,
// revoked), and Revoke behind a confirm.
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
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  apiKeyIssueMachine,
  apiKeyNameError,
  type ApiKeyIssueActorRef,
  type ApiKeyItem,
  type IssuedKey,
} from '../../../../../../machines/apiKeyIssue/apiKeyIssue.machine';
import { confirmActionMachine } from '../../../../../../machines/confirmAction/confirmAction.machine';
import {
  pagedListMachine,
  type Page,
  type PageRequest,
  type PagedListActorRef,
} from '../../../../../../machines/pagedList/pagedList.machine';
import { issueApiKey, listApiKeys, revokeApiKey } from '../../../../../api/actors/tutorLinks';
import { dashboardTexts } from '../../../../../domain/dashboardTexts';
import { ConfirmDialog, ConfirmDone } from '../links/ConfirmDialog';
import { istDateTime } from '../payments/listParts';
import { useEndSessionWhen } from '../../../../app/session';
import { ListTable, type Column } from '../../../../components/ListTable';
import type { TutorTabPanelProps } from '../tutorTabs';
import { Modal } from '../../../../components/Dialog';

const t = dashboardTexts.tutor.apiKeys;

type KeysList = PagedListActorRef<ApiKeyItem, null>;

const keysMachine = pagedListMachine<ApiKeyItem, null>();

/** The new key, once: Copy, the warning, and 'I have copied it' (the key is then forgotten). */
function ShownKey({ actor }: { actor: ApiKeyIssueActorRef }) {
  const issued = useSelector(actor, (s) => s.context.issued);
  const dismiss = () => actor.send({ type: 'key.dismiss' });
  return (
    <Modal
      opened={issued !== null}
      onClose={dismiss}
      centered
      title={t.shownTitle}
      closeOnClickOutside={false}
    >
      {issued ? (
        <Stack gap="sm">
          <Text fw={600}>{issued.name}</Text>
          <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {issued.key}
          </Code>
          <Alert color="yellow" role="alert">
            {t.shownWarning}
          </Alert>
          <CopyButton value={issued.key}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? t.copied : t.copy}
              </Button>
            )}
          </CopyButton>
          <Button onClick={dismiss}>{t.shownDone}</Button>
        </Stack>
      ) : null}
    </Modal>
  );
}

function IssueKey({ list }: { list: KeysList }) {
  const actor = useActorRef(
    apiKeyIssueMachine.provide({
      actors: {
        issueKey: fromPromise<IssuedKey, { name: string }>(({ input }) => issueApiKey(input.name)),
      },
      actions: { issued: () => list.send({ type: 'list.reload' }) },
    }),
  );
  useEndSessionWhen(useSelector(actor, (s) => s.matches('unauthorized')));
  return <IssueKeyForm actor={actor} />;
}

/** The name, 'Create key' and the key shown once, on a running apiKeyIssue actor. */
export function IssueKeyForm({ actor }: { actor: ApiKeyIssueActorRef }) {
  const name = useSelector(actor, (s) => s.context.name);
  const showError = useSelector(actor, (s) => s.context.showError);
  const issuing = useSelector(actor, (s) => s.hasTag('loading'));
  const error = useSelector(actor, (s) => s.context.error);
  return (
    <>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'key.issue' });
        }}
      >
        <Group align="flex-start" gap="sm">
          <TextInput
            style={{ flex: '1 1 14rem' }}
            label={t.name}
            placeholder={t.namePlaceholder}
            value={name}
            onChange={(e) => actor.send({ type: 'name.change', value: e.currentTarget.value })}
            error={showError ? apiKeyNameError(name) : null}
          />
          <Button type="submit" mt={25} loading={issuing}>
            {t.issue}
          </Button>
        </Group>
      </form>
      {error ? (
        <Alert color="red" role="alert" mt="sm">
          {error}
        </Alert>
      ) : null}
      <ShownKey actor={actor} />
    </>
  );
}

function KeysList({ list }: { list: KeysList }) {
  const items = useSelector(list, (s) => s.context.data?.items ?? []);
  const revoke = useActorRef(
    confirmActionMachine.provide({
      actors: {
        perform: fromPromise<void, { id: string }>(({ input }) => revokeApiKey(Number(input.id))),
      },
      actions: { changed: () => list.send({ type: 'list.reload' }) },
    }),
  );
  const target = useSelector(revoke, (s) => s.context.target);
  const asked = items.find((key) => String(key.id) === target) ?? null;
  const columns: Column<ApiKeyItem>[] = [
    { header: t.columns.name, cell: (key) => key.name },
    { header: t.columns.prefix, cell: (key) => <Code>{t.prefixShown(key.prefix)}</Code> },
    {
      header: t.columns.status,
      cell: (key) =>
        key.revoked_at ? (
          <Badge color="gray" variant="light" miw="max-content">
            {t.revokedOn(istDateTime(key.revoked_at))}
          </Badge>
        ) : (
          <Badge color="teal" variant="light" miw="max-content">
            {t.active}
          </Badge>
        ),
    },
    { header: t.columns.created, cell: (key) => istDateTime(key.created_at) },
    {
      header: t.columns.lastUsed,
      cell: (key) => (key.last_used_at ? istDateTime(key.last_used_at) : t.never),
    },
    {
      header: t.columns.actions,
      cell: (key) =>
        key.revoked_at ? null : (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            aria-label={t.revokeAria(key.name)}
            onClick={() => revoke.send({ type: 'confirm.ask', id: String(key.id) })}
          >
            {t.revoke}
          </Button>
        ),
    },
  ];
  return (
    <Stack gap="sm">
      <ConfirmDone actor={revoke} text={t.revoked} />
      <ListTable
        list={list}
        title={t.title}
        loadFailed={t.loadFailed}
        empty={t.empty}
        columns={columns}
        rowKey={(key) => key.id}
        minWidth={640}
      />
      <ConfirmDialog
        actor={revoke}
        texts={
          asked
            ? {
                title: t.revokeTitle,
                question: t.revokeQuestion(asked.name),
                yes: t.revokeConfirm,
                no: t.keep,
                close: t.close,
              }
            : null
        }
      />
    </Stack>
  );
}

export function ApiKeysPanel(_: TutorTabPanelProps) {
  const list = useActorRef(
    keysMachine.provide({
      actors: {
        fetchPage: fromPromise<Page<ApiKeyItem>, PageRequest<null>>(({ input }) =>
          listApiKeys(input.page),
        ),
      },
    }),
    { input: { filter: null } },
  );
  return (
    <Stack gap="lg">
      <Paper withBorder p="md" radius="md" component="section" aria-label={t.title}>
        <Title order={2} size="h4" mb="xs">
          {t.title}
        </Title>
        <Text size="sm" mb="sm">
          {t.explain}
        </Text>
        <IssueKey list={list} />
      </Paper>
      <KeysList list={list} />
    </Stack>
  );
}
