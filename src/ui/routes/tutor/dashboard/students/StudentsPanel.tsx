// The tutor dashboard's Students tab (issue 14, D141, D143, D144): the tutor's students by name
// (the ones added, and the students who paid without being added, marked 'Paid you'; D231: not
// the parents who paid for them), each to change, mark left or bring back (D230), a form to add
// one, many from a CSV (their phones wait for the tutor's confirmation, D210: ConfirmPhones.tsx),
// and the fee plans (FeePlans.tsx), which reach every current student
// (D232). Renders the pagedList, studentAdd, studentEdit, studentImport and confirmAction
// machines; the rules live there and in src/domain/students.ts.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/UnstyledButton.css';
import '../../../../components/segmentedControlStyles';
import {
  Alert,
  Badge,
  Button,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import {
  confirmActionMachine,
  type ConfirmActionActorRef,
} from '../../../../../../machines/confirmAction/confirmAction.machine';
import { pagedListMachine } from '../../../../../../machines/pagedList/pagedList.machine';
import type { StudentChoice } from '../../../../../../machines/planEditor/planEditor.machine';
import {
  shownChildError,
  shownStudentErrors,
  studentAddMachine,
  type StudentAddActorRef,
} from '../../../../../../machines/studentAdd/studentAdd.machine';
import { studentEditMachine } from '../../../../../../machines/studentEdit/studentEdit.machine';
import { studentImportMachine } from '../../../../../../machines/studentImport/studentImport.machine';
import {
  addStudentActor,
  changeStudentActor,
  fetchStudentChoicesActor,
  fetchStudentsActor,
  importStudentsActor,
  markStudentLeft,
  restoreStudent,
  type StudentRow,
  type StudentStatus,
} from '../../../../../api/actors/tutorStudents';
import { batchesOf, type StudentField } from '../../../../../domain/students';
import { useEndSessionWhen } from '../../../../app/session';
import { CheckboxField } from '../../../../components/CheckboxField';
import { ListTable, type Column } from '../../../../components/ListTable';
import { ConfirmDialog, ConfirmDone } from '../links/ConfirmDialog';
import type { TutorTabPanelProps } from '../tutorTabs';
import { ConfirmPhones } from './ConfirmPhones';
import { FeePlans } from './FeePlans';
import { TutorAutopay } from '../autopay/TutorAutopay';
import { ImportStudents } from './ImportStudents';
import { StudentEditDialog } from './StudentEditDialog';
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

const studentsList = pagedListMachine<StudentRow, StudentStatus>().provide({
  actors: { fetchPage: fetchStudentsActor },
});
const choicesList = pagedListMachine<StudentChoice, null>().provide({
  actors: { fetchPage: fetchStudentChoicesActor },
});

type Added = StudentRow & { id: number };

/** The list's columns; each added student's actions by what the list shows. */
const columnsWith = (
  status: StudentStatus,
  act: {
    history: (row: Added) => void;
    edit: (row: Added) => void;
    leave: (row: Added) => void;
    restore: (row: Added) => void;
  },
): Column<StudentRow>[] => {
  const action = (label: string, row: Added, onClick: () => void) => (
    <Button size="xs" variant="subtle" aria-label={t.actionAria(label, row.name)} onClick={onClick}>
      {label}
    </Button>
  );
  return [
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
      cell: (row) =>
        row.parent_phone ? `${row.parent_name ?? ''} ${row.parent_phone}`.trim() : '—',
    },
    { header: t.columns.batch, cell: (row) => row.batch ?? '—' },
    {
      header: t.columns.actions,
      cell: (row) => {
        // D322: an erased entry keeps its id (its paid dues stay) and nothing to act on.
        if (row.id === null || row.erased) return null;
        const added = row as Added;
        return (
          <Group gap={0} wrap="nowrap">
            {action(t.history.open, added, () => act.history(added))}
            {status === 'current' ? (
              <>
                {action(t.edit.open, added, () => act.edit(added))}
                {action(t.leave.open, added, () => act.leave(added))}
              </>
            ) : (
              action(t.restore.open, added, () => act.restore(added))
            )}
          </Group>
        );
      },
    },
  ];
};

function useConfirm(perform: (id: number) => Promise<void>, changed: () => void) {
  return useActorRef(
    confirmActionMachine.provide({
      actors: {
        perform: fromPromise<void, { id: string }>(({ input }) => perform(Number(input.id))),
      },
      actions: { changed },
    }),
  );
}

export function StudentsPanel(_props: TutorTabPanelProps) {
  const list = useActorRef(studentsList, { input: { filter: 'current' as StudentStatus } });
  const choices = useActorRef(choicesList, { input: { filter: null } });
  const status = useSelector(list, (s) => s.context.filter);
  const history = useActorRef(historyMachine, { input: { filter: null } });
  const shown = useSelector(history, (s) => s.context.filter);
  const shownName = useSelector(
    list,
    (s) => s.context.data?.items.find((row) => row.id !== null && row.id === shown)?.name ?? '',
  );
  const reload = () => {
    list.send({ type: 'list.reload' });
    choices.send({ type: 'list.reload' });
  };
  const add = useActorRef(
    studentAddMachine.provide({
      actors: { addStudent: addStudentActor },
      actions: { added: reload },
    }),
  );
  const many = useActorRef(
    studentImportMachine.provide({
      actors: { importStudents: importStudentsActor },
      actions: { imported: reload },
    }),
  );
  const edit = useActorRef(
    studentEditMachine.provide({
      actors: { changeStudent: changeStudentActor },
      actions: { changed: reload },
    }),
  );
  const leave = useConfirm(markStudentLeft, reload);
  const restore = useConfirm(restoreStudent, reload);
  useEndSessionWhen(useSelector(add, (s) => s.matches('unauthorized')));
  useEndSessionWhen(useSelector(many, (s) => s.matches('unauthorized')));
  useEndSessionWhen(useSelector(edit, (s) => s.matches('unauthorized')));
  useEndSessionWhen(useSelector(choices, (s) => s.matches('unauthorized')));
  // Every current student (D232), for the plans and the batches a student may move to.
  const everyone = useSelector(choices, (s) => s.context.data?.items ?? null);
  const batches = useMemo(() => batchesOf(everyone ?? []), [everyone]);
  const items = useSelector(list, (s) => s.context.data?.items ?? []);
  const nameOf = (actor: ConfirmActionActorRef) =>
    items.find((row) => String(row.id) === actor.getSnapshot().context.target)?.name ?? '';
  const leaving = useSelector(leave, (s) => s.context.target);
  const restoring = useSelector(restore, (s) => s.context.target);
  const saved = useSelector(edit, (s) => (s.matches('done') ? s.context.saved : null));
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        {t.title}
      </Title>
      <Text size="sm" c="dimmed">
        {t.intro}
      </Text>
      <SegmentedControl
        w="fit-content"
        aria-label={t.statusLabel}
        value={status}
        onChange={(value) => list.send({ type: 'filter.change', filter: value as StudentStatus })}
        data={[
          { value: 'current', label: t.statuses.current },
          { value: 'left', label: t.statuses.left },
        ]}
      />
      <ConfirmPhones list={list} />
      <ListTable
        list={list}
        title={t.title}
        loadFailed={t.loadFailed}
        empty={status === 'left' ? t.emptyLeft : t.empty}
        columns={columnsWith(status, {
          history: (row) => history.send({ type: 'filter.change', filter: row.id }),
          // An erased entry has no actions (its phone is gone): a row edited has its phone.
          edit: (row) =>
            edit.send({ type: 'edit.open', student: { ...row, phone: row.phone ?? '' } }),
          leave: (row) => leave.send({ type: 'confirm.ask', id: String(row.id) }),
          restore: (row) => restore.send({ type: 'confirm.ask', id: String(row.id) }),
        })}
        rowKey={(row) => (row.id === null ? `paid-${row.phone}` : `added-${row.id}`)}
        minWidth={720}
      />
      {saved ? (
        <Text role="status" size="sm" c="teal.9">
          {t.edit.saved(saved)}
        </Text>
      ) : null}
      <ConfirmDone actor={leave} text={t.leave.done} />
      <ConfirmDone actor={restore} text={t.restore.done} />
      <ConfirmDialog
        actor={leave}
        texts={
          leaving
            ? {
                title: t.leave.title,
                question: t.leave.question(nameOf(leave)),
                yes: t.leave.yes,
                no: t.edit.cancel,
                close: t.planEditor.close,
              }
            : null
        }
      />
      <ConfirmDialog
        actor={restore}
        texts={
          restoring
            ? {
                title: t.restore.title,
                question: t.restore.question(nameOf(restore)),
                yes: t.restore.yes,
                no: t.edit.cancel,
                close: t.planEditor.close,
              }
            : null
        }
      />
      <StudentEditDialog actor={edit} batches={batches} />
      <StudentHistory list={history} name={shownName} />
      <TutorAutopay />
      <AddStudentForm actor={add} />
      <ImportStudents actor={many} />
      <FeePlans students={everyone} />
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
