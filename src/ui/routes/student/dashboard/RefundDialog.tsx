// 'Request refund' on a paid payment: the reason, the deadline in IST, and the server's answer
// (machines/refundRequest). Mounted while open, so each opening starts a fresh request.
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Alert, Button, Stack, Text, Textarea } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { refundRequestMachine } from '../../../../../machines/refundRequest/refundRequest.machine';
import type { ActorRefFrom } from 'xstate';
import type { PaymentMade } from '../../../../../machines/studentDashboard/studentPayments';
import { requestRefundActor } from '../../../../api/actors/student';
import { REFUND_REASON_MAX_LENGTH } from '../../../../domain/constants';
import { dashboardTexts } from '../../../../domain/dashboardTexts';
import { istWhen } from './format';
import { useEndSessionOn401 } from './studentSession';

const t = dashboardTexts.student.refund;

export function RefundForm({
  payment,
  onClose,
}: {
  payment: PaymentMade & { refundableUntil: string };
  onClose: (sent: boolean) => void;
}) {
  const actor = useActorRef(
    refundRequestMachine.provide({ actors: { requestRefund: requestRefundActor } }),
    {
      input: { orderId: payment.orderId, refundableUntil: payment.refundableUntil },
    },
  );
  useEndSessionOn401(actor);
  return <RefundFormView actor={actor} onClose={onClose} />;
}

/** The form on a running refundRequest actor (the path tests render it on theirs). */
export function RefundFormView({
  actor,
  onClose,
}: {
  actor: ActorRefFrom<typeof refundRequestMachine>;
  onClose: (sent: boolean) => void;
}) {
  const reason = useSelector(actor, (s) => s.context.reason);
  const refundableUntil = useSelector(actor, (s) => s.context.refundableUntil);
  const error = useSelector(actor, (s) => s.context.error);
  const sending = useSelector(actor, (s) => s.hasTag('loading'));
  const state = useSelector(actor, (s) => s.value);
  const canSend = useSelector(actor, (s) => s.can({ type: 'refund.submit' }));

  if (state === 'sent') {
    return (
      <Stack>
        <Text role="status">{t.sent}</Text>
        <Button onClick={() => onClose(true)} data-autofocus>
          {t.close}
        </Button>
      </Stack>
    );
  }
  if (state === 'failed') {
    return (
      <Stack>
        <Alert color="red" role="alert">
          {error}
        </Alert>
        <Button variant="default" onClick={() => actor.send({ type: 'refund.edit' })}>
          {t.back}
        </Button>
        <Button onClick={() => onClose(false)}>{t.close}</Button>
      </Stack>
    );
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'refund.submit' });
      }}
    >
      <Stack>
        <Text>{t.deadline(istWhen(refundableUntil))}</Text>
        <Textarea
          label={t.reason}
          description={t.reasonHint}
          value={reason}
          maxLength={REFUND_REASON_MAX_LENGTH}
          minRows={3}
          required
          disabled={sending}
          onChange={(event) =>
            actor.send({ type: 'reason.change', value: event.currentTarget.value })
          }
          data-autofocus
        />
        <Button type="submit" loading={sending} disabled={!canSend && !sending}>
          {t.submit}
        </Button>
      </Stack>
    </form>
  );
}
