// The confirm dialog of Autopay's actions (the payer's pause, resume and cancel; the tutor's
// cancel): the question, Yes / Keep it, a spinner while the server works, its refusal with Close.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import { Alert, Button, Group, Text } from '@mantine/core';
import { Modal } from '../../../components/Dialog';

export interface AutopayConfirmProps {
  opened: boolean;
  working: boolean;
  error: string | null;
  title: string;
  question: string;
  yes: string;
  /** Red for what cannot be undone (a cancel). */
  danger: boolean;
  keep: string;
  close: string;
  onYes: () => void;
  onNo: () => void;
}

export function AutopayConfirm(props: AutopayConfirmProps) {
  const { opened, working, error, onYes, onNo } = props;
  return (
    <Modal opened={opened} onClose={() => !working && onNo()} centered title={props.title}>
      {error ? (
        <>
          <Alert color="red" role="alert">
            {error}
          </Alert>
          <Group mt="md" justify="flex-end">
            <Button variant="default" onClick={onNo} data-autofocus>
              {props.close}
            </Button>
            <Button onClick={onYes} color={props.danger ? 'red.9' : undefined}>
              {props.yes}
            </Button>
          </Group>
        </>
      ) : (
        <>
          <Text>{props.question}</Text>
          <Group mt="lg" justify="flex-end">
            <Button variant="default" onClick={onNo} disabled={working} data-autofocus>
              {props.keep}
            </Button>
            <Button
              // red.9: white on Mantine's default red is 3.8:1, below WCAG AA's 4.5:1.
              color={props.danger ? 'red.9' : undefined}
              loading={working}
              onClick={onYes}
            >
              {props.yes}
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
