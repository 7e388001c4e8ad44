// The Students tab's fee plans (issue 14, D145, D152): the plans, each with Change and End
// (behind a confirm), and the plan editor, which makes a plan or changes the one chosen.
// Renders the pagedList, confirmAction and planEditor machines.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { confirmActionMachine } from '../../../../../../machines/confirmAction/confirmAction.machine';
import {
  pagedListMachine,
  type PagedListActorRef,
} from '../../../../../../machines/pagedList/pagedList.machine';
import {
  planEditorMachine,
  fieldFixed,
  shownPlanProblem,
  type PlanEditorActorRef,
  type PlanField,
  type PlanShown,
} from '../../../../../../machines/planEditor/planEditor.machine';
import { endPlan, fetchFeePlans, savePlan } from '../../../../../api/actors/tutorPlans';
import { FEE_PLAN_KINDS, type FeePlanKind } from '../../../../../domain/feePlans';
import { formatINR, rupeesToPaise } from '../../../../../domain/money';
import { studentsTexts } from '../../../../../domain/studentsTexts';
import { istDateKey } from '../../../../../domain/time';
import { formatIstDate } from '../../../../../domain/istDate';
import { useEndSessionWhen } from '../../../../app/session';
import { useClock } from '../../../../app/clock';
import { ListTable, type Column } from '../../../../components/ListTable';
import { ConfirmDialog, ConfirmDone } from '../links/ConfirmDialog';

const t = studentsTexts.planEditor;

const plansList = pagedListMachine<PlanShown, null>().provide({
  actors: { fetchPage: fromPromise(({ input, signal }) => fetchFeePlans(input, signal)) },
});

const rupees = (amount: number) => formatINR(rupeesToPaise(amount));

/** '₹2,000.00 a month, due on day 5', and the like. */
function feeText(plan: PlanShown): string {
  if (plan.kind === 'monthly') return t.monthlyFee(rupees(plan.amount), plan.due_day ?? 0);
  if (plan.kind === 'one_time') {
    return t.onceFee(
      rupees(plan.amount),
      formatIstDate(new Date(`${plan.due_date}T12:00:00+05:30`)),
    );
  }
  return t.partsFee(rupees(plan.amount), plan.instalments?.length ?? 0);
}

export interface StudentChoice {
  id: number;
  name: string;
}

export function FeePlans({ students }: { students: StudentChoice[] }) {
  const now = useClock();
  const list = useActorRef(plansList, { input: { filter: null } });
  const editor = useActorRef(
    planEditorMachine.provide({
      actors: { savePlan: fromPromise(({ input }) => savePlan(input)) },
      actions: { saved: () => list.send({ type: 'list.reload' }) },
    }),
    { input: { today: istDateKey(now()) } },
  );
  const ending = useActorRef(
    confirmActionMachine.provide({
      actors: {
        perform: fromPromise<void, { id: string }>(({ input }) => endPlan(Number(input.id))),
      },
      actions: { changed: () => list.send({ type: 'list.reload' }) },
    }),
  );
  useEndSessionWhen(useSelector(editor, (s) => s.matches('unauthorized')));
  const items = useSelector(list, (s) => s.context.data?.items ?? []);
  const target = useSelector(ending, (s) => s.context.target);
  const endingPlan = items.find((p) => String(p.id) === target) ?? null;
  const action = (label: string, plan: PlanShown, onClick: () => void) => (
    <Button
      size="xs"
      variant="subtle"
      aria-label={t.actionAria(label, plan.name)}
      onClick={onClick}
    >
      {label}
    </Button>
  );
  const columns: Column<PlanShown>[] = [
    { header: t.columns.name, cell: (plan) => plan.name },
    {
      header: t.columns.for,
      cell: (plan) =>
        plan.batch
          ? t.forBatch(plan.batch)
          : (students.find((s) => s.id === plan.student_id)?.name ?? t.forStudent),
    },
    { header: t.columns.fee, cell: feeText },
    {
      header: t.columns.status,
      cell: (plan) => (
        <Badge variant="light" color={plan.ended_at ? 'gray' : 'teal'} miw="max-content">
          {plan.ended_at ? t.ended : t.running}
        </Badge>
      ),
    },
    {
      header: t.columns.actions,
      cell: (plan) =>
        plan.ended_at ? null : (
          <Group gap={0} wrap="nowrap">
            {action(t.change, plan, () => editor.send({ type: 'plan.edit', plan }))}
            {action(t.end, plan, () => ending.send({ type: 'confirm.ask', id: String(plan.id) }))}
          </Group>
        ),
    },
  ];
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {t.title}
      </Title>
      <Text size="sm" c="dimmed">
        {t.intro}
      </Text>
      <ListTable
        list={list as PagedListActorRef<PlanShown, null>}
        title={t.title}
        loadFailed={t.loadFailed}
        empty={t.empty}
        columns={columns}
        rowKey={(plan) => String(plan.id)}
        minWidth={640}
      />
      <ConfirmDone actor={ending} text={t.endDone} />
      <ConfirmDialog
        actor={ending}
        texts={
          endingPlan
            ? {
                title: t.endTitle,
                question: t.endQuestion(endingPlan.name),
                yes: t.endYes,
                no: t.keep,
                close: t.close,
              }
            : null
        }
      />
      <PlanEditorForm actor={editor} students={students} />
    </Stack>
  );
}

/** The plan editor: a new plan, or the chosen plan's changeable values; on a planEditor actor. */
export function PlanEditorForm({
  actor,
  students,
}: {
  actor: PlanEditorActorRef;
  students: StudentChoice[];
}) {
  const form = useSelector(actor, (s) => s.context.form);
  const editing = useSelector(actor, (s) => s.context.editing);
  const saved = useSelector(actor, (s) => s.context.saved);
  const error = useSelector(actor, (s) => s.context.error);
  const saving = useSelector(actor, (s) => s.hasTag('loading'));
  const problem = useSelector(actor, (s) => shownPlanProblem(s.context));
  const fixed = editing !== null;
  const field = (name: PlanField, props: { type?: string; inputMode?: 'numeric' } = {}) => (
    <TextInput
      label={t.fields[name]}
      value={form[name]}
      onChange={(e) =>
        actor.send({ type: 'plan.change', field: name, value: e.currentTarget.value })
      }
      readOnly={saving}
      // What stays as agreed shows greyed while the plan is changed.
      disabled={fieldFixed({ editing }, name)}
      {...props}
    />
  );
  const kind = form.kind as FeePlanKind;
  return (
    <Paper withBorder p="md">
      <form
        noValidate
        aria-label={editing ? t.changeTitle(editing.name) : t.newTitle}
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'plan.submit' });
        }}
      >
        <Stack gap="sm">
          <Title order={4} size="h6">
            {editing ? t.changeTitle(editing.name) : t.newTitle}
          </Title>
          {fixed ? <Text size="sm">{t.fixedWhenChanging}</Text> : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {field('name')}
            <NativeSelect
              label={t.fields.kind}
              value={form.kind}
              disabled={saving || fieldFixed({ editing }, 'kind')}
              data={FEE_PLAN_KINDS.map((k) => ({ value: k, label: t.kinds[k] }))}
              onChange={(e) =>
                actor.send({ type: 'plan.change', field: 'kind', value: e.currentTarget.value })
              }
            />
            <NativeSelect
              label={t.fields.target}
              value={form.target}
              disabled={saving || fieldFixed({ editing }, 'target')}
              data={(['batch', 'student'] as const).map((k) => ({ value: k, label: t.targets[k] }))}
              onChange={(e) =>
                actor.send({ type: 'plan.change', field: 'target', value: e.currentTarget.value })
              }
            />
            {form.target === 'batch' ? (
              field('batch')
            ) : (
              <NativeSelect
                label={t.fields.student_id}
                value={form.student_id}
                disabled={saving || fieldFixed({ editing }, 'student_id')}
                data={[
                  { value: '', label: t.chooseStudent },
                  ...students.map((s) => ({ value: String(s.id), label: s.name })),
                ]}
                onChange={(e) =>
                  actor.send({
                    type: 'plan.change',
                    field: 'student_id',
                    value: e.currentTarget.value,
                  })
                }
              />
            )}
            {kind !== 'instalments' ? field('amount', { inputMode: 'numeric' }) : null}
            {kind === 'monthly' ? field('due_day', { inputMode: 'numeric' }) : null}
            {kind === 'monthly' ? field('start_month', { type: 'month' }) : null}
            {kind === 'one_time' ? field('due_date', { type: 'date' }) : null}
            {field('partial_minimum', { inputMode: 'numeric' })}
            {field('reminder_days')}
          </SimpleGrid>
          {kind === 'instalments' ? (
            <Stack gap="xs">
              {form.parts.map((part, index) => (
                <Group key={index} gap="sm" align="end" wrap="wrap">
                  <TextInput
                    label={t.partDate(index + 1)}
                    type="date"
                    value={part.due_date}
                    readOnly={saving}
                    disabled={fixed}
                    onChange={(e) =>
                      actor.send({
                        type: 'plan.part.change',
                        index,
                        field: 'due_date',
                        value: e.currentTarget.value,
                      })
                    }
                  />
                  <TextInput
                    label={t.partAmount(index + 1)}
                    inputMode="numeric"
                    value={part.amount}
                    readOnly={saving}
                    disabled={fixed}
                    onChange={(e) =>
                      actor.send({
                        type: 'plan.part.change',
                        index,
                        field: 'amount',
                        value: e.currentTarget.value,
                      })
                    }
                  />
                  {fixed ? null : (
                    <Button
                      variant="subtle"
                      size="xs"
                      disabled={saving}
                      onClick={() => actor.send({ type: 'plan.part.remove', index })}
                    >
                      {t.removePart(index + 1)}
                    </Button>
                  )}
                </Group>
              ))}
              {fixed ? null : (
                <Button
                  variant="light"
                  size="xs"
                  w="fit-content"
                  disabled={saving}
                  onClick={() => actor.send({ type: 'plan.part.add' })}
                >
                  {t.addPart}
                </Button>
              )}
            </Stack>
          ) : null}
          {problem || error ? (
            <Alert color="red" role="alert">
              {problem ?? error}
            </Alert>
          ) : null}
          <Group gap="sm">
            <Button type="submit" loading={saving}>
              {editing ? t.save : t.create}
            </Button>
            {editing ? (
              <Button
                variant="subtle"
                disabled={saving}
                onClick={() => actor.send({ type: 'plan.new' })}
              >
                {t.newPlan}
              </Button>
            ) : null}
            <Text size="sm" role="status">
              {saved ? t.saved(saved) : ''}
            </Text>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
