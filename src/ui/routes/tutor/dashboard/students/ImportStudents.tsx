// 'Add many from a CSV file' on the Students tab (issue 14, D144): the tutor picks a file, sees
// how many rows are ready and each problem by row, and adds every row or only the valid ones.
// Renders the studentImport machine; the server checks the rows (D141).
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { studentTemplateUrl } from '../../../../../api/appClient';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import {
  problemRows,
  type StudentImportActorRef,
} from '../../../../../../machines/studentImport/studentImport.machine';
import { readText } from '../../../../../browser/readText';
import { studentsTexts } from '../../../../../domain/studentsTexts';

const t = studentsTexts.import;

export function ImportStudents({ actor }: { actor: StudentImportActorRef }) {
  const inputId = useId();
  const hintId = useId();
  const busy = useSelector(actor, (s) => s.hasTag('loading'));
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {t.title}
      </Title>
      <Text size="sm" c="dimmed" id={hintId}>
        {t.hint}
      </Text>
      {/* D241: a file to start from, headed in the tutor's language. */}
      <Anchor href={studentTemplateUrl()} download size="sm" w="fit-content">
        {t.template}
      </Anchor>
      <div>
        <label htmlFor={inputId} style={{ display: 'block', fontWeight: 600, fontSize: 14 }}>
          {t.file}
        </label>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          aria-describedby={hintId}
          disabled={busy}
          onChange={async (e) => {
            const input = e.currentTarget;
            const file = input.files?.[0];
            if (!file) return;
            const text = await readText(file);
            input.value = '';
            actor.send({ type: 'import.file', name: file.name, text });
          }}
        />
      </div>
      <ImportState actor={actor} />
    </Stack>
  );
}

function ImportState({ actor }: { actor: StudentImportActorRef }) {
  const state = useSelector(actor, (s) =>
    s.matches('checking')
      ? 'checking'
      : s.matches('importing')
        ? 'importing'
        : s.matches('reviewed')
          ? 'reviewed'
          : s.matches('imported')
            ? 'imported'
            : s.matches('failed')
              ? 'failed'
              : 'idle',
  );
  const report = useSelector(actor, (s) => s.context.report);
  const error = useSelector(actor, (s) => s.context.error);
  const canAll = useSelector(actor, (s) => s.can({ type: 'import.all' }));
  const canValid = useSelector(actor, (s) => s.can({ type: 'import.valid' }));
  if (state === 'checking' || state === 'importing') {
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm">{state === 'checking' ? t.checking : t.importing}</Text>
      </Group>
    );
  }
  if (state === 'failed') {
    return (
      <Alert color="red" role="alert">
        {error}
      </Alert>
    );
  }
  if (!report) return null;
  const problems = problemRows(report);
  if (state === 'imported') {
    return (
      <Text role="status" size="sm">
        {t.imported(report.imported)}{' '}
        {report.rows.length > report.imported
          ? t.skipped(report.rows.length - report.imported)
          : null}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Text role="status" size="sm">
        {report.valid > 0 ? t.ready(report.valid) : t.nothingValid}
      </Text>
      {problems.length > 0 ? (
        <Alert color="yellow" title={t.problems(problems.length)}>
          <ul style={{ margin: 0, paddingInlineStart: '1.2em' }}>
            {problems.flatMap((row) =>
              row.errors.map((e) => (
                <li key={`${row.row}-${e.field}`}>{t.problem(row.row, e.message)}</li>
              )),
            )}
          </ul>
        </Alert>
      ) : null}
      <Group gap="sm">
        {canAll ? (
          <Button onClick={() => actor.send({ type: 'import.all' })}>
            {t.importAll(report.valid)}
          </Button>
        ) : null}
        {canValid ? (
          <Button variant="light" onClick={() => actor.send({ type: 'import.valid' })}>
            {t.importValid(report.valid)}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
