// Turning on Autopay, after the setup page's first paint (issue 49): the autopaySetup machine's
// screen. It shows what the payer agrees to (the tutor, the most a debit takes, when, how long,
// the notice before every debit, cancel any time), takes their email and opens the gateway's
// mandate page, where they approve in their UPI app.
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/DataList.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import { Alert, Button, DataList, Stack, Text, TextInput, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { fromPromise } from 'xstate';
import {
  autopaySetupMachine,
  type AutopaySetupActorRef,
} from '../../../../../machines/autopaySetup/autopaySetup.machine';
import type { AutopayPlanView } from '../../../../../machines/shared/autopay';
import { createMandate, fetchAutopayPlan, openMandatePage } from '../../../../api/actors/autopay';
import { AUTHORIZATION_PAISE, MANDATE_CAP_PAISE } from '../../../../domain/autopay';
import { autopayTexts } from '../../../../domain/autopayTexts';
import { dashboardTexts } from '../../../../domain/dashboardTexts';
import { formatIstDate } from '../../../../domain/istDate';
import { ordinal } from '../../../../domain/istDate';
import { textLocale } from '../../../../domain/locale';
import { formatINR } from '../../../../domain/money';
import { LoadingLine } from '../../../components/trust/LoadingLine';
import { StudentSession, useEndSessionOn401 } from '../dashboard/studentSession';
import { dayText } from './autopayFormat';

const s = autopayTexts.setup;

const Back = () => (
  <Button component={Link} to="/student/dashboard" variant="default">
    {s.back}
  </Button>
);

function Terms({ plan }: { plan: AutopayPlanView }) {
  const day =
    plan.dueDay === null ? '' : textLocale() === 'en' ? ordinal(plan.dueDay) : String(plan.dueDay);
  const rows: [string, string][] = [
    [s.tutor, plan.tutorName],
    [s.student, plan.studentName],
    [s.plan, plan.planName],
    [s.amount, s.amountEach(formatINR(plan.amount))],
    [
      s.when,
      plan.kind === 'monthly'
        ? s.monthly(day)
        : s.instalments(plan.instalmentDates.map(dayText).join(', ')),
    ],
    [s.until, s.validUntil(formatIstDate(new Date(plan.expiresAt), { withYear: true }))],
  ];
  return (
    <DataList withDivider labelWidth="35%">
      {rows.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue>{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList>
  );
}

/** The screen of a running autopaySetup actor. */
export function AutopaySetupScreen({ actor }: { actor: AutopaySetupActorRef }) {
  const plan = useSelector(actor, (st) => st.context.plan);
  const email = useSelector(actor, (st) => st.context.email);
  const emailError = useSelector(actor, (st) => st.context.emailError);
  const error = useSelector(actor, (st) => st.context.error);
  const state = useSelector(actor, (st) => st.value);
  const busy = useSelector(actor, (st) => st.hasTag('loading'));
  useEndSessionOn401(actor);
  if (state === 'loading') return <LoadingLine text={dashboardTexts.common.loading} />;
  if (state === 'unauthorized') return null;
  const heading = (
    <Title order={1} size="h2">
      {s.title}
    </Title>
  );
  if (state === 'loadFailed') {
    return (
      <Stack>
        {heading}
        <Alert color="red" role="alert" title={s.loadFailed}>
          {error}
        </Alert>
        <Button onClick={() => actor.send({ type: 'setup.retry' })}>
          {autopayTexts.plans.retry}
        </Button>
      </Stack>
    );
  }
  if (state === 'notFound' || !plan) {
    return (
      <Stack>
        {heading}
        <Text>{s.notFound}</Text>
        <Back />
      </Stack>
    );
  }
  if (state === 'ineligible' || state === 'already') {
    const why =
      state === 'already'
        ? autopayTexts.api.already
        : plan.refusal === 'over_cap'
          ? autopayTexts.plans.overCap(formatINR(plan.amount), formatINR(MANDATE_CAP_PAISE))
          : autopayTexts.api.cannotAccept;
    return (
      <Stack>
        {heading}
        <Terms plan={plan} />
        <Alert color="yellow" role="status">
          {why}
        </Alert>
        <Back />
      </Stack>
    );
  }
  return (
    <Stack>
      {heading}
      <Text>{s.intro}</Text>
      <Terms plan={plan} />
      <Text size="sm">{s.notice}</Text>
      <Text size="sm">{s.cancelAnyTime}</Text>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'setup.submit' });
        }}
      >
        <Stack>
          <TextInput
            label={s.email}
            description={s.emailHint}
            type="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            error={emailError}
            readOnly={busy}
            onChange={(e) => actor.send({ type: 'email.change', value: e.currentTarget.value })}
          />
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <Text size="sm" c="dimmed">
            {s.howToApprove(formatINR(AUTHORIZATION_PAISE))}
          </Text>
          <Button type="submit" loading={busy}>
            {s.submit}
          </Button>
        </Stack>
      </form>
      <Back />
    </Stack>
  );
}

export default function AutopaySetupFlow({
  planId,
  studentId,
}: {
  planId: number;
  studentId: number;
}) {
  const actor = useActorRef(
    autopaySetupMachine.provide({
      actors: {
        fetchPlan: fromPromise(({ input }) => fetchAutopayPlan(input)),
        createMandate: fromPromise(({ input }) => createMandate(input)),
        openMandatePage: fromPromise(({ input }) => openMandatePage(input)),
      },
    }),
    { input: { planId, studentId } },
  );
  return (
    <StudentSession>
      <AutopaySetupScreen actor={actor} />
    </StudentSession>
  );
}
