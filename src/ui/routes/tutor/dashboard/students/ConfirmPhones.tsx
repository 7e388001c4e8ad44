// D210: the Students tab's banner while phones from an import wait for the tutor: how many get
// no fee reminder yet, and 'Confirm N phones' behind a confirm dialog (the confirmAction
// machine). The rule is the server's; the list reloads after, and the banner goes.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Text.css';
import { Alert, Button, Text } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { confirmActionMachine } from '../../../../../../machines/confirmAction/confirmAction.machine';
import type { PagedListActorRef } from '../../../../../../machines/pagedList/pagedList.machine';
import {
  confirmStudentsActor,
  type StudentRow,
  type StudentStatus,
} from '../../../../../api/actors/tutorStudents';
import { studentsTexts } from '../../../../../domain/studentsTexts';
import { ConfirmDialog, ConfirmDone } from '../links/ConfirmDialog';

const t = studentsTexts.confirmPhones;

export function ConfirmPhones({ list }: { list: PagedListActorRef<StudentRow, StudentStatus> }) {
  const count = useSelector(list, (s) =>
    s.context.data && 'unconfirmed' in s.context.data ? Number(s.context.data.unconfirmed) : 0,
  );
  const confirm = useActorRef(
    confirmActionMachine.provide({
      actors: { perform: confirmStudentsActor },
      actions: { changed: () => list.send({ type: 'list.reload' }) },
    }),
  );
  const asked = useSelector(confirm, (s) => s.context.target !== null);
  const dialog = (
    <ConfirmDialog
      actor={confirm}
      texts={
        asked
          ? {
              title: t.title,
              question: t.question(count),
              yes: t.yes,
              no: t.no,
              close: t.close,
              yesColor: 'teal.9',
            }
          : null
      }
    />
  );
  if (count === 0) {
    return (
      <>
        <ConfirmDone actor={confirm} text={t.done} />
        {dialog}
      </>
    );
  }
  return (
    <Alert color="yellow" title={t.title}>
      <Text size="sm">{t.intro(count)}</Text>
      <Button
        mt="sm"
        size="sm"
        color="teal.9"
        onClick={() => confirm.send({ type: 'confirm.ask', id: 'imported' })}
      >
        {t.button(count)}
      </Button>
      {dialog}
    </Alert>
  );
}
