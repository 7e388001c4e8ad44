// The tutor dashboard's Students tab (issue 14, D141, D143, D144): the tutor's students by name
// (the ones added, and the students who paid without being added, marked 'Paid you'), a form
// to add one, many from a CSV (their phones wait for the tutor's confirmation, D210:
// ConfirmPhones.tsx), and the fee plans (FeePlans.tsx). Renders the pagedList,
// studentAdd and studentImport machines; the rules live there and in src/domain/students.ts.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/UnstyledButton.css';
import { Alert, Badge, Button, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { pagedListMachine } from '../../../../../../machines/pagedList/pagedList.machine';
import {
  shownChildError,
  shownStudentErrors,
  studentAddMachine,
  type StudentAddActorRef,
} from '../../../../../../machines/studentAdd/studentAdd.machine';
import { studentImportMachine } from '../../../../../../machines/studentImport/studentImport.machine';
import {
  addStudentActor,
  fetchStudentsActor,
  importStudentsActor,
  type StudentRow,
} from '../../../../../api/actors/tutorStudents';
import type { StudentField } from '../../../../../domain/students';
import { useEndSessionWhen } from '../../../../app/session';
import { CheckboxField } from '../../../../components/CheckboxField';
import { ListTable, type Column } from '../../../../components/ListTable';
import type { TutorTabPanelProps } from '../tutorTabs';
import { ConfirmPhones } from './ConfirmPhones';
import { FeePlans, type StudentChoice } from './FeePlans';
import { TutorAutopay } from '../autopay/TutorAutopay';
import { ImportStudents } from './ImportStudents';
import { historyMachine, StudentHistory } from './StudentHistory';
import { studentsTexts } from '../../../../../domain/studentsTexts';
import { privacyTexts } from '../../../../../domain/privacyTexts';

const t = studentsTexts;
const p = privacyTexts.students;

/** D320: a child's consent as the tutor follows it; nothing for others. */
function ConsentBadge({ row }: { row: StudentRow }) {
  if (row.consent === null) return null;
  const confirmed = row.consent === 'parent_confirmed';
  return (
    <Badge variant="light" color={confirmed ? 'teal' : 'yellow'} miw="max-content">
      {confirmed ? p.parentConfirmed : p.awaitingParent}
    </Badge>
  );
}

const studentsList = pagedListMachine<StudentRow, null>().provide({
  actors: { fetchPage: fetchStudentsActor },
});

/** The list's columns; `showHistory` opens a student's history. */
const columnsWith = (
  showHistory: (row: StudentRow & { id: number }) => void,
): Column<StudentRow>[] => [
  {
    header: t.columns.name,
    cell: (row) => (
      <>
        {row.erased ? (
          <Text span fs="italic" c="dimmed" size="sm">
            {row.name}
          </Text>
        ) : (
          row.name
        )}{' '}
        {row.source === 'paid' ? (
          <Badge variant="light" color="teal" miw="max-content">
            {t.paidYou}
          </Badge>
        ) : null}
        <ConsentBadge row={row} />
        {row.confirmed ? null : (
          <Badge variant="light" color="yellow" miw="max-content">
            {t.notConfirmed}
          </Badge>
        )}
      </>
    ),
  },
  { header: t.columns.phone, cell: (row) => row.phone ?? '—' },
  {
    header: t.columns.parent,
    cell: (row) => (row.parent_phone ? `${row.parent_name ?? ''} ${row.parent_phone}`.trim() : '—'),
  },
  { header: t.columns.batch, cell: (row) => row.batch ?? '—' },
  {
    header: t.history.open,
    cell: (row) =>
      row.id === null || row.erased ? null : (
        <Button
          size="xs"
          variant="subtle"
          aria-label={t.history.openAria(row.name)}
          onClick={() => showHistory(row as StudentRow & { id: number })}
        >
          {t.history.open}
        </Button>
      ),
  },
];

export function StudentsPanel(_props: TutorTabPanelProps) {
  const list = useActorRef(studentsList, { input: { filter: null } });
  const history = useActorRef(historyMachine, { input: { filter: null } });
  const shown = useSelector(history, (s) => s.context.filter);
  const shownName = useSelector(
    list,
    (s) => s.context.data?.items.find((row) => row.id !== null && row.id === shown)?.name ?? '',
  );
  const add = useActorRef(
    studentAddMachine.provide({
      actors: { addStudent: addStudentActor },
      actions: { added: () => list.send({ type: 'list.reload' }) },
    }),
  );
  const many = useActorRef(
    studentImportMachine.provide({
      actors: { importStudents: importStudentsActor },
      actions: { imported: () => list.send({ type: 'list.reload' }) },
    }),
  );
  useEndSessionWhen(useSelector(add, (s) => s.matches('unauthorized')));
  useEndSessionWhen(useSelector(many, (s) => s.matches('unauthorized')));
  // The added students (a plan is for one of them, or a batch), as the list has them.
  const choices = useSelector(
    list,
    (s) =>
      (s.context.data?.items ?? []).flatMap((row): StudentChoice[] =>
        row.id === null || row.erased ? [] : [{ id: row.id, name: row.name }],
      ),
    (a, b) => a.length === b.length && a.every((c, i) => c.id === b[i]!.id),
  );
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        {t.title}
      </Title>
      <Text size="sm" c="dimmed">
        {t.intro}
      </Text>
      <ConfirmPhones list={list} />
      <ListTable
        list={list}
        title={t.title}
        loadFailed={t.loadFailed}
        empty={t.empty}
        columns={columnsWith((row) => history.send({ type: 'filter.change', filter: row.id }))}
        rowKey={(row) => (row.id === null ? `paid-${row.phone}` : `added-${row.id}`)}
        minWidth={640}
      />
      <StudentHistory list={history} name={shownName} />
      <TutorAutopay />
      <AddStudentForm actor={add} />
      <ImportStudents actor={many} />
      <FeePlans students={choices} />
    </Stack>
  );
}

const FIELDS: { field: StudentField; autoComplete: string; inputMode?: 'tel' }[] = [
  { field: 'name', autoComplete: 'off' },
  { field: 'phone', autoComplete: 'off', inputMode: 'tel' },
  { field: 'parent_name', autoComplete: 'off' },
  { field: 'parent_phone', autoComplete: 'off', inputMode: 'tel' },
  { field: 'batch', autoComplete: 'off' },
];

function Field({
  actor,
  field,
  autoComplete,
  inputMode,
}: (typeof FIELDS)[number] & { actor: StudentAddActorRef }) {
  const value = useSelector(actor, (s) => s.context.form[field]);
  const error = useSelector(actor, (s) => shownStudentErrors(s.context)[field]);
  const saving = useSelector(actor, (s) => s.hasTag('loading'));
  return (
    <TextInput
      label={t.fields[field]}
      value={value}
      onChange={(e) => actor.send({ type: 'student.change', field, value: e.currentTarget.value })}
      error={error}
      readOnly={saving}
      autoComplete={autoComplete}
      inputMode={inputMode}
      withAsterisk={field === 'name' || field === 'phone'}
    />
  );
}

/** D320: 'Under 18' and, for a child, the parent's consent the tutor obtained. */
function ChildFields({ actor }: { actor: StudentAddActorRef }) {
  const { minor, parentConsent } = useSelector(actor, (s) => s.context.child);
  const error = useSelector(actor, (s) => shownChildError(s.context));
  const saving = useSelector(actor, (s) => s.hasTag('loading'));
  const send = (field: 'minor' | 'parentConsent', value: boolean) =>
    actor.send({ type: 'student.child', field, value });
  return (
    <Stack gap="xs">
      <CheckboxField
        label={p.minor}
        checked={minor}
        disabled={saving}
        onChange={(value) => send('minor', value)}
      />
      {minor ? (
        <CheckboxField
          label={p.parentConsent}
          checked={parentConsent}
          disabled={saving}
          error={error}
          onChange={(value) => send('parentConsent', value)}
        />
      ) : null}
    </Stack>
  );
}

/** 'Add a student': the fields, 'Add student', the result; on a running studentAdd actor. */
export function AddStudentForm({ actor }: { actor: StudentAddActorRef }) {
  const saving = useSelector(actor, (s) => s.hasTag('loading'));
  const error = useSelector(actor, (s) => s.context.error);
  const added = useSelector(actor, (s) => s.context.added);
  return (
    <form
      noValidate
      aria-label={t.addTitle}
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'student.add' });
      }}
    >
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t.addTitle}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {FIELDS.map((f) => (
            <Field key={f.field} actor={actor} {...f} />
          ))}
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          {t.parentHint}
        </Text>
        <ChildFields actor={actor} />
        <Button type="submit" loading={saving} style={{ alignSelf: 'flex-start' }}>
          {t.add}
        </Button>
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        {added ? (
          <Text role="status" size="sm">
            {t.added(added)}
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}
