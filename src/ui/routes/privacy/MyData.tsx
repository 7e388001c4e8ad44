// A person's own data on their dashboard (issue 54, D322, D324): their consent, downloads of
// everything we hold (JSON, PDF), withdrawing the consent and erasing the data behind a confirm,
// and, after an erasure, what the law kept and why. Renders the myData machine; both
// dashboards show it (the tutor's 'Your data' tab, the student's last section).
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import { myDataMachine, type MyDataActorRef } from '../../../../machines/privacy/myData.machine';
import {
  downloadMyDataActor,
  eraseMyDataActor,
  fetchConsentActor,
  withdrawConsentActor,
} from '../../../api/actors/privacy';
import { saveBlob } from '../../../browser/download';
import { storage } from '../../../browser/storage';
import { formatIstDate } from '../../../domain/istDate';
import { privacyTexts } from '../../../domain/privacyTexts';
import { useEndSessionWhen } from '../../app/session';
import { Modal } from '../../components/Dialog';

const m = privacyTexts.myData;
const day = (iso: string) => formatIstDate(new Date(iso), { withYear: true });

/** After an erasure: what the law kept, until when and why; then home. */
function Erased({ actor }: { actor: MyDataActorRef }) {
  const kept = useSelector(actor, (s) => s.context.kept ?? []);
  const payments = kept.filter((k) => k.kind === 'payments');
  return (
    <Stack gap="sm" component="section" aria-labelledby="my-data-erased">
      <Title order={2} size="h4" id="my-data-erased">
        {m.erasedTitle}
      </Title>
      <Text size="sm">{m.erasedIntro}</Text>
      {payments.length === 0 ? <Text size="sm">{m.keptNothing}</Text> : null}
      <ul style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
        {kept.map((record) => (
          <li key={record.kind}>
            <Text size="sm" fw={500}>
              {record.until
                ? m.keptItem(record.what, day(record.until))
                : m.keptForever(record.what)}
            </Text>
            <Text size="sm" c="dimmed">
              {record.why}
            </Text>
          </li>
        ))}
      </ul>
      <Text size="sm" role="status">
        {m.loggedOut}
      </Text>
      <Button
        style={{ alignSelf: 'flex-start' }}
        onClick={() => actor.send({ type: 'data.leave' })}
      >
        {m.toHome}
      </Button>
    </Stack>
  );
}

/** The page's part on a running myData actor (the path tests give theirs). */
export function MyDataPanel({ actor }: { actor: MyDataActorRef }) {
  const consent = useSelector(actor, (s) => s.context.consent);
  const done = useSelector(actor, (s) => s.context.done);
  const error = useSelector(actor, (s) => s.context.error);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const downloading = useSelector(actor, (s) => s.matches('downloading'));
  const withdrawOpen = useSelector(
    actor,
    (s) => s.matches('confirmingWithdraw') || s.matches('withdrawing'),
  );
  const eraseOpen = useSelector(actor, (s) => s.matches('confirmingErase') || s.matches('erasing'));
  const working = useSelector(actor, (s) => s.matches('withdrawing') || s.matches('erasing'));
  const canWithdraw = useSelector(actor, (s) => s.can({ type: 'consent.withdraw' }));
  const erased = useSelector(actor, (s) => s.matches('erased') || s.matches('left'));
  useEndSessionWhen(useSelector(actor, (s) => s.matches('unauthorized')));
  if (erased) return <Erased actor={actor} />;
  const send = actor.send;
  const no = () => !working && send({ type: 'confirm.no' });
  return (
    <Stack gap="sm" component="section" aria-labelledby="my-data-title">
      <Title order={2} size="h4" id="my-data-title">
        {m.title}
      </Title>
      <Text size="sm" c="dimmed">
        {m.intro}
      </Text>
      {loading ? null : (
        <Text size="sm">
          {consent ? m.consentGiven(consent.version, day(consent.givenAt)) : m.consentNone}
        </Text>
      )}
      <Group gap="sm">
        <Button
          variant="light"
          loading={downloading}
          disabled={loading}
          onClick={() => send({ type: 'data.download', format: 'json' })}
        >
          {m.downloadJson}
        </Button>
        <Button
          variant="light"
          loading={downloading}
          disabled={loading}
          onClick={() => send({ type: 'data.download', format: 'pdf' })}
        >
          {m.downloadPdf}
        </Button>
      </Group>
      {done ? (
        <Text size="sm" role="status">
          {done}
        </Text>
      ) : null}
      {error && !eraseOpen ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      <Group gap="sm">
        {consent ? (
          <Button
            variant="default"
            disabled={!canWithdraw}
            onClick={() => send({ type: 'consent.withdraw' })}
          >
            {m.withdraw}
          </Button>
        ) : null}
        <Button
          color="red.9"
          variant="outline"
          disabled={loading}
          onClick={() => send({ type: 'data.erase' })}
        >
          {m.erase}
        </Button>
      </Group>
      <Modal opened={withdrawOpen} onClose={no} centered title={m.withdrawTitle}>
        <Text size="sm">{m.withdrawBody}</Text>
        <Group mt="md" justify="flex-end">
          <Button variant="default" onClick={no} disabled={working} data-autofocus>
            {m.keep}
          </Button>
          <Button loading={working} onClick={() => send({ type: 'confirm.yes' })}>
            {m.withdrawConfirm}
          </Button>
        </Group>
      </Modal>
      <Modal opened={eraseOpen} onClose={no} centered title={m.eraseTitle}>
        <Text size="sm">{m.eraseBody}</Text>
        {error ? (
          <Alert color="red" role="alert" mt="md">
            {error}
          </Alert>
        ) : null}
        <Group mt="md" justify="flex-end">
          <Button variant="default" onClick={no} disabled={working} data-autofocus>
            {m.keep}
          </Button>
          <Button color="red.9" loading={working} onClick={() => send({ type: 'confirm.yes' })}>
            {m.eraseConfirm}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}

/** The part with the real calls: files saved to the device; after an erasure, home. */
export function MyData() {
  const navigate = useNavigate();
  const actor = useActorRef(
    myDataMachine.provide({
      actors: {
        fetchConsent: fetchConsentActor,
        download: downloadMyDataActor,
        withdraw: withdrawConsentActor,
        erase: eraseMyDataActor,
      },
      actions: {
        save: (_, file) => saveBlob(file.blob, file.fileName),
        // The account is gone: nothing of it stays in the browser (D16).
        leave: () => {
          storage.clearAll();
          navigate('/', { replace: true });
        },
      },
    }),
  );
  return <MyDataPanel actor={actor} />;
}
