// Changing a student (D230): the same fields as adding one, filled in, each problem at its
// field; a batch from the ones the tutor has (or a new one) moves the student. Renders the
// studentEdit machine.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/CloseButton.css';
import { Alert, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import {
  editOpen,
  shownEditErrors,
  type StudentEditActorRef,
} from '../../../../../../machines/studentEdit/studentEdit.machine';
import type { BatchCount, StudentField } from '../../../../../domain/students';
import { studentsTexts } from '../../../../../domain/studentsTexts';
import { Modal } from '../../../../components/Dialog';

const t = studentsTexts;
const FIELDS: { field: StudentField; inputMode?: 'tel' }[] = [
  { field: 'name' },
  { field: 'phone', inputMode: 'tel' },
  { field: 'parent_name' },
  { field: 'parent_phone', inputMode: 'tel' },
  { field: 'batch' },
];

export function StudentEditDialog({
  actor,
  batches,
}: {
  actor: StudentEditActorRef;
  batches: readonly BatchCount[];
}) {
  const state = useSelector(actor, (s) => s);
  const { form, student, error, errorField } = state.context;
  const saving = state.hasTag('loading');
  const errors = shownEditErrors(state.context);
  const loose = error && !(errorField && errorField in errors) ? error : null;
  return (
    <Modal
      opened={editOpen(state)}
      onClose={() => !saving && actor.send({ type: 'edit.cancel' })}
      title={student ? t.edit.title(student.name) : ''}
      centered
      size="lg"
    >
      <form
        noValidate
        aria-label={t.edit.formLabel}
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'edit.save' });
        }}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {FIELDS.map(({ field, inputMode }) => (
              <TextInput
                key={field}
                label={t.fields[field]}
                value={form[field]}
                error={errors[field]}
                readOnly={saving}
                inputMode={inputMode}
                autoComplete="off"
                list={field === 'batch' ? 'edit-batches' : undefined}
                withAsterisk={field === 'name' || field === 'phone'}
                onChange={(e) =>
                  actor.send({ type: 'edit.change', field, value: e.currentTarget.value })
                }
              />
            ))}
          </SimpleGrid>
          <datalist id="edit-batches">
            {batches.map((b) => (
              <option key={b.key} value={b.batch} />
            ))}
          </datalist>
          <Text size="sm" c="dimmed">
            {t.edit.moveHint}
          </Text>
          {loose ? (
            <Alert color="red" role="alert">
              {loose}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              disabled={saving}
              onClick={() => actor.send({ type: 'edit.cancel' })}
            >
              {t.edit.cancel}
            </Button>
            <Button type="submit" loading={saving}>
              {t.edit.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
