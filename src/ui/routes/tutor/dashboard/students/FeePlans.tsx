// The Students tab's fee plans (issue 14, D145, D152): the plans, each with Change and End
// (behind a confirm), and the plan editor, which makes a plan or changes the one chosen, for
// any of the tutor's current students (D232) or a batch (D234: a batch no one is in asks first).
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
import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { confirmActionMachine } from '../../../../../../machines/confirmAction/confirmAction.machine';
import {
  pagedListMachine,
  type PagedListActorRef,
} from '../../../../../../machines/pagedList/pagedList.machine';
import {
  fieldFixed,
  knownBatches,
  meantBatches,
  planEditorMachine,
  shownPlanErrors,
  type PlanEditorActorRef,
  type PlanField,
  type PlanShown,
  type StudentChoice,
} from '../../../../../../machines/planEditor/planEditor.machine';
import { endPlan, fetchFeePlans, savePlan } from '../../../../../api/actors/tutorPlans';
import { FEE_PLAN_KINDS, type FeePlanKind } from '../../../../../domain/feePlans';
import { formatINR, rupeesToPaise } from '../../../../../domain/money';
import { studentsTexts } from '../../../../../domain/studentsTexts';
import { istDateKey } from '../../../../../domain/time';
import { formatIstDate } from '../../../../../domain/istDate';
import { duePeriodLabel } from '../../../../../domain/duePeriod';
import { useEndSessionWhen } from '../../../../app/session';
import { useClock } from '../../../../app/clock';
import { ListTable, type Column } from '../../../../components/ListTable';
import { ConfirmDialog, ConfirmDone } from '../links/ConfirmDialog';

const t = studentsTexts.planEditor;

const plansList = pagedListMachine<PlanShown, null>().provide({
  actors: { fetchPage: fromPromise(({ input, signal }) => fetchFeePlans(input, signal)) },
});

const rupees = (amount: number) => formatINR(rupeesToPaise(amount));

/** '₹2,000.00 a month, due on day 5, until Mar 2026', and the like. */
function feeText(plan: PlanShown): string {
  if (plan.kind === 'monthly') {
    const fee = t.monthlyFee(rupees(plan.amount), plan.due_day ?? 0);
    return plan.end_month ? t.until(fee, duePeriodLabel(plan.end_month)) : fee;
  }
  if (plan.kind === 'one_time') {
    return t.onceFee(
      rupees(plan.amount),
      formatIstDate(new Date(`${plan.due_date}T12:00:00+05:30`)),
    );
  }
  return t.partsFee(rupees(plan.amount), plan.instalments?.length ?? 0);
}

export type { StudentChoice };

/** 'Batch Class 10 (12 students)', or the student's name (D232). */
const forText = (plan: PlanShown) =>
  plan.batch ? t.forBatch(plan.batch, plan.students) : (plan.student_name ?? t.forStudent);

export function FeePlans({ students }: { students: StudentChoice[] | null }) {
  const now = useClock();
  const list = useActorRef(plansList, { input: { filter: null } });
  const editor = useActorRef(
    planEditorMachine.provide({
      actors: { savePlan: fromPromise(({ input }) => savePlan(input)) },
      actions: { saved: () => list.send({ type: 'list.reload' }) },
    }),
    { input: { today: istDateKey(now()), students } },
  );
  // The students come from their own list (every one, D232): the editor hears of each change.
  useEffect(() => {
    if (students) editor.send({ type: 'plan.students', students });
  }, [editor, students]);
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
    { header: t.columns.for, cell: forText },
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
      <PlanEditorForm actor={editor} />
    </Stack>
  );
}

/** The plan editor: a new plan, or the chosen plan's changeable values; on a planEditor actor. */
export function PlanEditorForm({ actor }: { actor: PlanEditorActorRef }) {
  const state = useSelector(actor, (s) => s);
  const { form, editing, saved, error, errorField, students } = state.context;
  const saving = state.hasTag('loading');
  const errors = shownPlanErrors(state.context);
  const fixed = editing !== null;
  const field = (
    name: PlanField,
    props: { type?: string; inputMode?: 'numeric' | 'decimal'; list?: string } = {},
  ) => (
    <TextInput
      label={t.fields[name]}
      value={form[name]}
      onChange={(e) =>
        actor.send({ type: 'plan.change', field: name, value: e.currentTarget.value })
      }
      readOnly={saving}
      error={errors[name]}
      // What stays as agreed shows greyed while the plan is changed.
      disabled={fieldFixed({ editing }, name)}
      {...props}
    />
  );
  const kind = form.kind as FeePlanKind;
  const batches = knownBatches(state.context);
  // A server's refusal at no field of the form shows above the button.
  const loose = error && !errorField ? error : null;
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
              <>
                {field('batch', { list: 'plan-batches' })}
                <datalist id="plan-batches">
                  {batches.map((b) => (
                    <option key={b.key} value={b.batch} />
                  ))}
                </datalist>
              </>
            ) : (
              <NativeSelect
                label={t.fields.student_id}
                value={form.student_id}
                error={errors.student_id}
                disabled={saving || fieldFixed(state.context, 'student_id')}
                data={[
                  { value: '', label: t.chooseStudent },
                  ...(students ?? []).map((s) => ({
                    value: String(s.id),
                    label: s.batch ? t.studentInBatch(s.name, s.batch) : s.name,
                  })),
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
            {kind !== 'instalments' ? field('amount', { inputMode: 'decimal' }) : null}
            {kind === 'monthly' ? field('due_day', { inputMode: 'numeric' }) : null}
            {kind === 'monthly' ? field('start_month', { type: 'month' }) : null}
            {kind === 'monthly' ? field('end_month', { type: 'month' }) : null}
            {kind === 'one_time' ? field('due_date', { type: 'date' }) : null}
            {field('partial_minimum', { inputMode: 'decimal' })}
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
                    error={errors[`instalments.${index}.due_date`]}
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
                    inputMode="decimal"
                    value={part.amount}
                    readOnly={saving}
                    disabled={fixed}
                    error={errors[`instalments.${index}.amount`]}
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
              {errors.instalments ? (
                <Text size="sm" c="red.8">
                  {errors.instalments}
                </Text>
              ) : null}
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
          {loose ? (
            <Alert color="red" role="alert">
              {loose}
            </Alert>
          ) : null}
          {state.matches('confirmingEmpty') ? (
            <EmptyBatchQuestion actor={actor} />
          ) : (
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
            </Group>
          )}
          <Text size="sm" role="status">
            {saved
              ? saved.students === 0
                ? t.savedNoStudents(saved.name)
                : t.saved(saved.name)
              : ''}
          </Text>
        </Stack>
      </form>
    </Paper>
  );
}

/** D234: a batch no current student is in: save anyway, go back, or take a batch it meant. */
function EmptyBatchQuestion({ actor }: { actor: PlanEditorActorRef }) {
  const context = useSelector(actor, (s) => s.context);
  const meant = meantBatches(context);
  return (
    <Alert color="yellow" role="alert" title={t.emptyTitle}>
      <Stack gap="xs">
        <Text size="sm">{t.emptyQuestion(context.form.batch.trim())}</Text>
        <Group gap="xs">
          {meant.map((b) => (
            <Button
              key={b.key}
              size="xs"
              variant="light"
              onClick={() => actor.send({ type: 'plan.change', field: 'batch', value: b.batch })}
            >
              {t.useBatch(b.batch, b.students)}
            </Button>
          ))}
          <Button size="xs" onClick={() => actor.send({ type: 'plan.confirm' })}>
            {t.saveAnyway}
          </Button>
          <Button size="xs" variant="subtle" onClick={() => actor.send({ type: 'plan.back' })}>
            {t.goBack}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
