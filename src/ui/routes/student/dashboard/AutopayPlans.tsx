// 'Autopay' on the student dashboard, beside 'My dues' (issue 49): each monthly or instalment
// plan the student or parent pays, with 'Turn on Autopay' (to the setup page) where a mandate can
// be set up, why not where it cannot (a due above ₹15,000, D246), and each mandate's status, next
// debit and last failure with Pause, Resume and Cancel. Renders the pagedList machine (the plans)
// and an autopayControl machine per mandate; lazy, so the dashboard's first paint is unchanged.
// Hidden when the caller pays no such plan.
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Paper.css';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { pagedListMachine } from '../../../../../machines/pagedList/pagedList.machine';
import { isLive, type AutopayPlanView } from '../../../../../machines/shared/autopay';
import { fetchMyAutopay } from '../../../../api/actors/autopay';
import { MANDATE_CAP_PAISE } from '../../../../domain/autopay';
import { autopayTexts } from '../../../../domain/autopayTexts';
import { formatINR } from '../../../../domain/money';
import { ListState } from '../../../components/PagedListParts';
import { AutopayControl } from '../autopay/AutopayControl';
import { failedLine, nextDebitLine, setupPath, STAGE_COLOR } from '../autopay/autopayFormat';
import { useEndSessionOn401 } from './studentSession';

const t = autopayTexts.plans;

const plansMachine = pagedListMachine<AutopayPlanView, null>().provide({
  actors: {
    fetchPage: fromPromise(async ({ signal }) => {
      const { plans } = await fetchMyAutopay(signal);
      return { items: plans, page: 1, page_size: Math.max(1, plans.length), count: plans.length };
    }),
  },
});

function PlanCard({ plan, reload }: { plan: AutopayPlanView; reload: () => void }) {
  const { mandate } = plan;
  const live = isLive(mandate);
  const next = live ? nextDebitLine(mandate!.nextDebit) : null;
  const failed = mandate ? failedLine(mandate.lastDebit) : null;
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="article"
      aria-label={`${plan.planName}, ${plan.studentName}`}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600}>{t.planLine(plan.planName, plan.tutorName)}</Text>
          {mandate ? (
            <Badge color={STAGE_COLOR[mandate.stage]} variant="light">
              {t.status(autopayTexts.stages[mandate.stage])}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm">{t.forStudent(plan.studentName)}</Text>
        {next ? <Text size="sm">{next}</Text> : null}
        {failed ? (
          <Text size="sm" c="red.9">
            {failed}
          </Text>
        ) : null}
        {plan.refusal === 'over_cap' ? (
          <Text size="sm">{t.overCap(formatINR(plan.amount), formatINR(MANDATE_CAP_PAISE))}</Text>
        ) : plan.refusal === 'cannot_accept' && !live ? (
          <Text size="sm">{autopayTexts.api.cannotAccept}</Text>
        ) : null}
        <Group gap="xs">
          {!live && plan.refusal === null ? (
            <Button
              component={Link}
              to={setupPath(plan)}
              size="sm"
              aria-label={t.turnOnAria(plan.planName, plan.studentName)}
            >
              {t.turnOn}
            </Button>
          ) : null}
          {mandate ? (
            <Button
              component={Link}
              to={`/student/autopay/${mandate.id}`}
              size="sm"
              variant="default"
              aria-label={t.openAria(plan.planName, plan.studentName)}
            >
              {t.open}
            </Button>
          ) : null}
        </Group>
        {/* Kept once the mandate ends, so its 'cancelled' line stays after the list reloads. */}
        {mandate ? <AutopayControl key={mandate.id} mandate={mandate} onChanged={reload} /> : null}
      </Stack>
    </Paper>
  );
}

export function AutopayPlans() {
  const list = useActorRef(plansMachine, { input: { filter: null } });
  useEndSessionOn401(list);
  const items = useSelector(list, (s) => s.context.data?.items ?? []);
  const loaded = useSelector(list, (s) => s.context.data !== null);
  const failed = useSelector(list, (s) => s.hasTag('error'));
  if (loaded && items.length === 0 && !failed) return null;
  if (!loaded && !failed) return null;
  return (
    <Stack component="section" aria-label={t.title} gap="sm">
      <Title order={2} size="h4">
        {t.title}
      </Title>
      <Text size="sm">{t.intro}</Text>
      <ListState list={list} title={t.loadFailed} empty="">
        {items.map((plan) => (
          <PlanCard
            key={`${plan.planId}:${plan.studentId}`}
            plan={plan}
            reload={() => list.send({ type: 'list.reload' })}
          />
        ))}
      </ListState>
    </Stack>
  );
}
