// /student/signup (spec §2, §5): the student's names as on the PAN, and the PAN, then on into the
// flow they came in by. Renders the studentSignup machine; the rules live there.
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import { Button, Loader, TextInput } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  signupVisibleErrors,
  studentSignupMachine,
  type SignupField,
  type SignupStart,
  type StudentSignupActorRef,
} from '../../../../machines/studentSignup/studentSignup.machine';
import { fetchMeActor, onboardSelfActor } from '../../../api/actors/auth';
import { messages } from '../../../domain/messages';
import { useNavigateAction } from '../../app/navigation';
import { AuthLayout, authClasses as classes } from '../../components/AuthLayout';
import { PayeeSummary } from './PayeeSummary';
import {
  clearDraft,
  readSignupStart,
  routeByFlowLive,
  saveDraft,
  storePayment,
} from './studentEffects';

const loadSignupLive = fromPromise<SignupStart, void>(async () => readSignupStart());

const m = messages.studentSignup;

function Field({
  actor,
  field,
  label,
  description,
  autoComplete,
  placeholder,
}: {
  actor: StudentSignupActorRef;
  field: SignupField;
  label: string;
  description?: string;
  autoComplete: string;
  placeholder?: string;
}) {
  const value = useSelector(actor, (s) => s.context[field]);
  const error = useSelector(actor, (s) => signupVisibleErrors(s.context)[field]);
  const readOnly = useSelector(actor, (s) => s.hasTag('loading'));
  return (
    <TextInput
      label={label}
      description={description}
      value={value}
      onChange={(event) =>
        actor.send({ type: 'signup.change', field, value: event.currentTarget.value })
      }
      onBlur={() => actor.send({ type: 'signup.blur', field })}
      error={error}
      readOnly={readOnly}
      autoComplete={autoComplete}
      placeholder={placeholder}
      size="md"
      withAsterisk
      {...(field === 'pan'
        ? { autoCapitalize: 'characters', spellCheck: false, name: 'pan' }
        : { name: field })}
    />
  );
}

function Retry({ actor, error }: { actor: StudentSignupActorRef; error: string | null }) {
  return (
    <div className={classes.stack}>
      <p className={classes.error} role="alert">
        {error}
      </p>
      <Button size="md" onClick={() => actor.send({ type: 'signup.retry' })}>
        {m.tryAgain}
      </Button>
    </div>
  );
}

export function StudentSignupPage() {
  const navigate = useNavigateAction();
  // useActorRef keeps the first actor and refreshes its implementations on every render.
  const actor = useActorRef(
    studentSignupMachine.provide({
      actors: {
        loadSignup: loadSignupLive,
        fetchMe: fetchMeActor,
        onboard: onboardSelfActor,
        routeByFlow: routeByFlowLive,
      },
      actions: { saveDraft, clearDraft, storePayment, navigate },
    }),
  );
  return <StudentSignupView actor={actor} />;
}

/** The page on a running studentSignup actor (the path tests render it on theirs). */
export function StudentSignupView({ actor }: { actor: StudentSignupActorRef }) {
  const onForm = useSelector(actor, (s) => s.matches('editing') || s.matches('submitting'));
  const failed = useSelector(actor, (s) => s.matches('loadFailed') || s.matches('routeFailed'));
  const error = useSelector(actor, (s) => (s.hasTag('error') ? s.context.error : null));
  const notice = useSelector(actor, (s) => s.context.notice);
  const panRequired = useSelector(actor, (s) => s.context.panRequired);
  const submitting = useSelector(actor, (s) => s.matches('submitting'));
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'signup.submit' }));

  return (
    <AuthLayout title={m.title} extra={<PayeeSummary />}>
      {failed ? (
        <Retry actor={actor} error={error} />
      ) : onForm ? (
        <form
          className={classes.stack}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'signup.submit' });
          }}
        >
          <p className={classes.text}>{m.intro}</p>
          <Field
            actor={actor}
            field="firstName"
            label={m.firstName}
            description={m.asPerPan}
            autoComplete="given-name"
          />
          <Field
            actor={actor}
            field="lastName"
            label={m.lastName}
            description={m.asPerPan}
            autoComplete="family-name"
          />
          {panRequired ? (
            <Field
              actor={actor}
              field="pan"
              label={m.pan}
              autoComplete="off"
              placeholder={m.panPlaceholder}
            />
          ) : null}
          {notice ? (
            <p className={classes.text} role="status">
              {notice}
            </p>
          ) : null}
          {error ? (
            <p className={classes.error} role="alert">
              {error}
            </p>
          ) : null}
          <Button type="submit" size="md" fullWidth disabled={!canSubmit} loading={submitting}>
            {m.submit}
          </Button>
        </form>
      ) : (
        <Loader size="sm" aria-label={m.title} />
      )}
    </AuthLayout>
  );
}
