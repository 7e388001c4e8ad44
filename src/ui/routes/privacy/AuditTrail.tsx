// The trail of a tutor's own account (issue 54, D323): who read someone else's data through it
// or changed its bank, PAN or KYC data, when, newest first, a page at a time. Its own component
// (a pagedList of user/audit/), so a dashboard shows it wherever it likes.
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { pagedListMachine } from '../../../../machines/pagedList/pagedList.machine';
import { auditActor, type AuditRow } from '../../../api/actors/privacy';
import { formatIstDate } from '../../../domain/istDate';
import { privacyTexts } from '../../../domain/privacyTexts';
import { formatIstTime } from '../../../domain/time';
import { useEndSessionWhen } from '../../app/session';
import { ListTable, type Column } from '../../components/ListTable';

const t = privacyTexts.audit;

const trail = pagedListMachine<AuditRow, null>().provide({ actors: { fetchPage: auditActor } });

/** 'You opened the history of student 12', in the reader's language. */
export function auditSentence(row: AuditRow): string {
  const actor =
    row.by === 'you' ? t.you : row.by === 'platform' ? t.platform : t.someone(row.actor_id ?? 0);
  const subject = row.about_you
    ? t.yourAccount
    : row.subject_student_id !== null
      ? t.student(row.subject_student_id)
      : row.subject_user_id !== null
        ? t.user(row.subject_user_id)
        : '';
  return t.action[row.action](actor, subject);
}

// Made when shown: the words are read once the panel's catalog has loaded, not at import.
const columns = (): Column<AuditRow>[] => [
  {
    header: t.when,
    cell: (row) => {
      const at = new Date(row.at);
      return `${formatIstDate(at, { withYear: true })} ${formatIstTime(at)}`;
    },
  },
  {
    header: t.what,
    cell: (row) => (row.ip ? `${auditSentence(row)} (${row.ip})` : auditSentence(row)),
  },
];

export function AuditTrail() {
  const list = useActorRef(trail, { input: { filter: null } });
  useEndSessionWhen(useSelector(list, (s) => s.matches('unauthorized')));
  return (
    <Stack gap="sm" component="section" aria-labelledby="audit-title">
      <Title order={2} size="h4" id="audit-title">
        {t.title}
      </Title>
      <Text size="sm" c="dimmed">
        {t.intro}
      </Text>
      <ListTable
        list={list}
        title={t.title}
        loadFailed={t.loadFailed}
        empty={t.empty}
        columns={columns()}
        rowKey={(row) => row.id}
        minWidth={520}
      />
    </Stack>
  );
}
