// /student/signup's form, loaded after the page's first paint (StudentSignupPage, D178): the
// studentSignup machine and the personal-details form both sign-ups share, in the student's
// words; the rules live in the machines.
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import { Button, Loader } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { personalDetailsMachine } from '../../../../machines/personalDetails/personalDetails.machine';
import {
  studentSignupMachine,
  type SignupStart,
  type StudentSignupActorRef,
} from '../../../../machines/studentSignup/studentSignup.machine';
import { fetchMeActor, onboardSelfActor } from '../../../api/actors/auth';
import { messages } from '../../../domain/messages';
import { useNavigateAction } from '../../app/navigation';
import { authClasses as classes } from '../../components/AuthLayout';
import {
  PersonalDetailsForm,
  type PersonalDetailsTexts,
} from '../../components/PersonalDetailsForm';
import {
  clearDraft,
  readSignupStart,
  routeByFlowLive,
  saveDraft,
  storePayment,
} from './studentEffects';

const loadSignupLive = fromPromise<SignupStart, void>(async () => readSignupStart());
const detailsLive = personalDetailsMachine.provide({
  actors: { onboard: onboardSelfActor },
  actions: { saveDraft },
});

const m = messages.studentSignup;

/** Read per render: the words follow the screens' language (issue 15). */
export const studentDetailsTexts = (): PersonalDetailsTexts => ({
  intro: m.intro,
  firstName: m.firstName,
  lastName: m.lastName,
  nameNote: m.asPerPan,
  pan: m.pan,
  panPlaceholder: m.panPlaceholder,
  submit: m.submit,
});

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

/** Starts the page's studentSignup actor. */
export function StudentSignupFlow() {
  const navigate = useNavigateAction();
  // useActorRef keeps the first actor and refreshes its implementations on every render.
  const actor = useActorRef(
    studentSignupMachine.provide({
      actors: {
        loadSignup: loadSignupLive,
        fetchMe: fetchMeActor,
        personalDetails: detailsLive,
        routeByFlow: routeByFlowLive,
      },
      actions: { clearDraft, storePayment, navigate },
    }),
  );
  return <StudentSignupView actor={actor} />;
}

/** The page's body on a running studentSignup actor (the path tests render it on theirs). */
export function StudentSignupView({ actor }: { actor: StudentSignupActorRef }) {
  const details = useSelector(actor, (s) => s.children.details);
  const error = useSelector(actor, (s) => (s.hasTag('error') ? s.context.error : null));
  return error !== null ? (
    <Retry actor={actor} error={error} />
  ) : details ? (
    <PersonalDetailsForm details={details} texts={studentDetailsTexts()} panOnFile="hidden" />
  ) : (
    <Loader size="sm" aria-label={m.title} />
  );
}
