// 'Paid in cash' (D237): the amount received (what is left on the due, to begin with; any
// amount up to what the student owes) and the day, each problem at its field; then the receipt,
// to share with the parent on WhatsApp. Renders the cashEntry machine.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/CloseButton.css';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import {
  looseCashError,
  shownCashErrors,
  type CashEntryActorRef,
  type CashReceiptShown,
} from '../../../../../../machines/cashEntry/cashEntry.machine';
import { duePeriodLabel } from '../../../../../domain/duePeriod';
import { formatINR, formatTextAmount, rupeesToPaise } from '../../../../../domain/money';
import { whatsAppLink } from '../../../../../domain/share';
import { studentsTexts } from '../../../../../domain/studentsTexts';
import { Modal } from '../../../../components/Dialog';
import { dueDayText } from './dueStatus';

const t = studentsTexts.duesTab.cash;

/** What the receipt's dues were: 'Maths (Jan 2025), Maths (Feb 2025)'. */
const receiptFor = (receipt: CashReceiptShown) =>
  receipt.dues
    .map((due) => {
      const period = duePeriodLabel(due.period);
      return period ? `${due.plan_name} (${period})` : due.plan_name;
    })
    .join(', ');

/** The receipt as the parent reads it on WhatsApp (D240: 'Rs', as every text says it). */
export const receiptText = (receipt: CashReceiptShown) =>
  t.receiptText(
    receipt.number,
    receipt.tutor_name,
    formatTextAmount(rupeesToPaise(receipt.amount)),
    dueDayText(receipt.received_on),
    receipt.student_name,
    receiptFor(receipt),
  );

export function CashEntryDialog({ actor }: { actor: CashEntryActorRef }) {
  const state = useSelector(actor, (s) => s);
  const { student, owed, form, receipt, payerPhone } = state.context;
  const saving = state.hasTag('loading');
  const errors = shownCashErrors(state.context);
  const loose = looseCashError(state.context);
  const open = !state.matches('idle') && !state.matches('unauthorized');
  const close = () =>
    actor.send({ type: state.matches('recorded') ? 'cash.close' : 'cash.cancel' });
  return (
    <Modal opened={open} onClose={() => !saving && close()} title={t.title(student)} centered>
      {state.matches('recorded') && receipt ? (
        <Stack gap="sm">
          <Text role="status" c="teal.9" fw={600}>
            {t.recorded(receipt.number)}
          </Text>
          <Text size="sm">{receiptText(receipt)}</Text>
          <Group justify="flex-end" gap="sm">
            <Button
              component="a"
              href={whatsAppLink(payerPhone, receiptText(receipt))}
              target="_blank"
              rel="noopener noreferrer"
              variant="light"
            >
              {t.share}
            </Button>
            <Button variant="default" onClick={close}>
              {t.close}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          aria-label={t.title(student)}
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'cash.save' });
          }}
        >
          <Stack gap="sm">
            <Text size="sm">{t.intro(formatINR(owed))}</Text>
            <TextInput
              label={t.amount}
              inputMode="decimal"
              value={form.amount}
              error={errors.amount}
              readOnly={saving}
              onChange={(e) =>
                actor.send({ type: 'cash.change', field: 'amount', value: e.currentTarget.value })
              }
              data-autofocus
            />
            <TextInput
              label={t.receivedOn}
              type="date"
              value={form.received_on}
              error={errors.received_on}
              readOnly={saving}
              onChange={(e) =>
                actor.send({
                  type: 'cash.change',
                  field: 'received_on',
                  value: e.currentTarget.value,
                })
              }
            />
            <TextInput
              label={t.note}
              value={form.note}
              error={errors.note}
              readOnly={saving}
              onChange={(e) =>
                actor.send({ type: 'cash.change', field: 'note', value: e.currentTarget.value })
              }
            />
            {loose ? (
              <Alert color="red" role="alert">
                {loose}
              </Alert>
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" disabled={saving} onClick={close}>
                {t.cancel}
              </Button>
              <Button type="submit" loading={saving}>
                {t.save}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
