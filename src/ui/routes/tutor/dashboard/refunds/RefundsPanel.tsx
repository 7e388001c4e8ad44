// The tutor dashboard's Refunds tab (issue 5, D1): the refund requests on the tutor's payments,
// all or only those still to decide, with Approve and Decline on a REQUESTED one, each behind a
// confirm dialog ("Refund ₹X to {student}?") that a refundDecision machine runs.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '../../../../components/segmentedControlStyles';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Alert, Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import {
  pagedListMachine,
  type Page,
  type PageRequest,
} from '../../../../../../machines/pagedList/pagedList.machine';
import {
  refundDecisionMachine,
  type RefundDecisionInput,
  type RefundDecisionKind,
} from '../../../../../../machines/refundDecision/refundDecision.machine';
import {
  decideRefund,
  fetchRefunds,
  type RefundFilter,
  type RefundRow,
} from '../../../../../api/actors/tutorMoney';
import { apiMessages } from '../../../../../domain/apiMessages';
import { dashboardTexts } from '../../../../../domain/dashboardTexts';
import { formatINR } from '../../../../../domain/money';
import { istDateTime } from '../payments/listParts';
import { useEndSessionWhen } from '../../../../app/session';
import { ListTable, type Column } from '../../../../components/ListTable';
import type { TutorTabPanelProps } from '../tutorTabs';
import { Modal } from '../../../../components/Dialog';

const t = dashboardTexts.tutor.refunds;

const refundsListMachine = pagedListMachine<RefundRow, RefundFilter>();
type RefundsListRef = ReturnType<typeof useActorRef<typeof refundsListMachine>>;

const providedList = refundsListMachine.provide({
  actors: {
    fetchPage: fromPromise<Page<RefundRow>, PageRequest<RefundFilter>>(({ input, signal }) =>
      fetchRefunds(input, signal),
    ),
  },
});

function DecisionDialog({
  input,
  list,
  onClosed,
}: {
  input: RefundDecisionInput;
  list: RefundsListRef;
  onClosed: () => void;
}) {
  const actor = useActorRef(
    refundDecisionMachine.provide({
      actors: {
        decide: fromPromise<unknown, { id: string; decision: RefundDecisionKind }>(
          ({ input: request, signal }) => decideRefund(request, signal),
        ),
      },
      actions: { reloadList: () => list.send({ type: 'list.reload' }) },
    }),
    { input },
  );
  const state = useSelector(actor, (s) => s.value);
  useEndSessionWhen(state === 'unauthorized');
  useEffect(() => {
    if (state === 'done' || state === 'closed') onClosed();
  }, [state, onClosed]);
  return <DecisionDialogView actor={actor} />;
}

/** Approve / Decline's question and answer on a running refundDecision actor. */
export function DecisionDialogView({
  actor,
}: {
  actor: ActorRefFrom<typeof refundDecisionMachine>;
}) {
  const state = useSelector(actor, (s) => s.value);
  const error = useSelector(actor, (s) => s.context.error);
  const conflict = useSelector(actor, (s) => s.context.conflict);
  const approve = useSelector(actor, (s) => s.context.decision === 'approve');
  const refund = useSelector(actor, (s) => s.context.refund);
  const question = (approve ? t.approveQuestion : t.declineQuestion)(
    formatINR(refund.amount),
    refund.studentName,
  );
  const dismiss = () => actor.send({ type: state === 'failed' ? 'close' : 'cancel' });
  return (
    <Modal
      opened
      centered
      onClose={dismiss}
      title={approve ? t.approveTitle : t.declineTitle}
      closeOnClickOutside={state !== 'sending'}
      closeOnEscape={state !== 'sending'}
    >
      <Stack>
        <Text>{question}</Text>
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        {state === 'failed' ? (
          <Group justify="flex-end">
            <Button variant="default" onClick={() => actor.send({ type: 'close' })}>
              {t.close}
            </Button>
            {conflict ? null : (
              <Button onClick={() => actor.send({ type: 'retry' })}>
                {dashboardTexts.common.retry}
              </Button>
            )}
          </Group>
        ) : (
          <Group justify="flex-end">
            <Button
              variant="default"
              disabled={state === 'sending'}
              onClick={() => actor.send({ type: 'cancel' })}
            >
              {t.cancel}
            </Button>
            <Button
              color={approve ? undefined : 'red'}
              loading={state === 'sending'}
              onClick={() => actor.send({ type: 'confirm' })}
              data-autofocus
            >
              {approve ? t.approveConfirm : t.declineConfirm}
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}

export function RefundsPanel(_props: TutorTabPanelProps) {
  const list = useActorRef(providedList, { input: { filter: 'all' as RefundFilter } });
  const filter = useSelector(list, (s) => s.context.filter);
  const [decision, setDecision] = useState<RefundDecisionInput | null>(null);
  const decide = (row: RefundRow, kind: RefundDecisionKind) =>
    setDecision({
      decision: kind,
      refund: { id: row.id, studentName: row.studentName, amount: row.amount },
    });
  const columns: Column<RefundRow>[] = [
    { header: t.columns.student, cell: (row) => row.studentName },
    { header: t.columns.amount, cell: (row) => formatINR(row.amount) },
    { header: t.columns.status, cell: (row) => apiMessages.refunds.statusLabels[row.status] },
    {
      header: t.columns.actions,
      cell: (row) =>
        row.status === 'REQUESTED' ? (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              aria-label={t.approveAria(row.studentName)}
              onClick={() => decide(row, 'approve')}
            >
              {t.approve}
            </Button>
            <Button
              size="xs"
              variant="default"
              aria-label={t.declineAria(row.studentName)}
              onClick={() => decide(row, 'decline')}
            >
              {t.decline}
            </Button>
          </Group>
        ) : null,
    },
    { header: t.columns.reason, cell: (row) => row.reason, breakAnywhere: true },
    { header: t.columns.requestedAt, cell: (row) => istDateTime(row.requestedAt) },
  ];
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        {t.title}
      </Title>
      <SegmentedControl
        aria-label={t.filterLabel}
        value={filter}
        onChange={(value) => list.send({ type: 'filter.change', filter: value as RefundFilter })}
        data={[
          { value: 'all', label: t.filterAll },
          { value: 'REQUESTED', label: t.filterRequested },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      <ListTable
        list={list}
        title={t.title}
        loadFailed={t.loadFailed}
        empty={filter === 'REQUESTED' ? t.emptyRequested : t.empty}
        columns={columns}
        rowKey={(row) => row.id}
        minWidth={760}
      />
      {decision ? (
        <DecisionDialog
          key={`${decision.refund.id}-${decision.decision}`}
          input={decision}
          list={list}
          onClosed={() => setDecision(null)}
        />
      ) : null}
    </Stack>
  );
}
