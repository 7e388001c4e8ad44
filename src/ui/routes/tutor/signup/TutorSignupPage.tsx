// /tutor/personal-details (spec §2): the tutor's three-step sign-up, personal details → account
// details → Aadhaar, with a 3-segment progress bar, inside the tutor side panel ('Finest tutors
// use the product to manage their payments'). Renders the tutorOnboarding machine and its two
// step machines; the rules live there. Any 401 opens the Session Expired dialog (Login →
// /tutor/login). Behind the tutor guard, which has stored the onboarding step by now.
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import { Button, Loader } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { aadhaarVerificationMachine } from '../../../../../machines/aadhaarVerification/aadhaarVerification.machine';
import { bankVerificationMachine } from '../../../../../machines/bankVerification/bankVerification.machine';
import { personalDetailsMachine } from '../../../../../machines/personalDetails/personalDetails.machine';
import type { SignupStep } from '../../../../../machines/tutorOnboarding/resumeStep';
import {
  tutorOnboardingMachine,
  type TutorOnboardingActorRef,
  type TutorOnboardingSnapshot,
} from '../../../../../machines/tutorOnboarding/tutorOnboarding.machine';
import { onboardSelfActor } from '../../../../api/actors/auth';
import { addAccountActor, startPgOnboardingActor } from '../../../../api/actors/tutorSignup';
import { messages } from '../../../../domain/messages';
import { useNavigateAction } from '../../../app/navigation';
import { AuthLayout, authClasses as classes } from '../../../components/AuthLayout';
import { SessionExpiredDialog } from '../../../components/SessionExpiredDialog';
import { AadhaarStep } from './AadhaarStep';
import { AccountDetailsStep } from './AccountDetailsStep';
import { PersonalDetailsStep } from './PersonalDetailsStep';
import { SignupProgress } from './SignupProgress';
import {
  fetchProfileActor,
  linkAllowed,
  openOnboarding,
  readSignupInput,
  storeStep,
} from './tutorSignupEffects';

const m = messages.tutorSignup;
const NO_PERKS: readonly string[] = [];

const detailsLive = personalDetailsMachine.provide({ actors: { onboard: onboardSelfActor } });
const bankLive = bankVerificationMachine.provide({ actors: { addAccount: addAccountActor } });
const aadhaarLive = aadhaarVerificationMachine.provide({
  actors: { startOnboarding: startPgOnboardingActor },
  actions: { openOnboarding },
  guards: { linkAllowed },
});

function stepOf(s: TutorOnboardingSnapshot): SignupStep | null {
  if (s.matches('personal')) return 1;
  if (s.matches('account')) return 2;
  if (s.matches('aadhaar')) return 3;
  return null;
}

const titleOf = (step: SignupStep | null): string =>
  step === 3 ? messages.aadhaar.heading : ((step && m.steps[step - 1]) ?? m.title);

function Step({ actor, step }: { actor: TutorOnboardingActorRef; step: SignupStep | null }) {
  const details = useSelector(actor, (s) => s.children.details);
  const bank = useSelector(actor, (s) => s.children.bank);
  const aadhaar = useSelector(actor, (s) => s.children.aadhaar);
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const error = useSelector(actor, (s) => s.context.error);
  if (step === 1 && details) return <PersonalDetailsStep details={details} />;
  if (step === 2 && bank) return <AccountDetailsStep bank={bank} />;
  if (step === 3 && aadhaar) return <AadhaarStep aadhaar={aadhaar} />;
  if (loadFailed) {
    return (
      <div className={classes.stack}>
        <p className={classes.error} role="alert">
          {m.loadFailed} {error}
        </p>
        <Button size="md" onClick={() => actor.send({ type: 'signup.retry' })}>
          {m.tryAgain}
        </Button>
      </div>
    );
  }
  return <Loader size="sm" aria-label={m.loading} />;
}

export function TutorSignupPage() {
  const navigate = useNavigateAction();
  const [input] = useState(readSignupInput);
  // useActorRef keeps the first actor and refreshes its implementations on every render.
  const actor = useActorRef(
    tutorOnboardingMachine.provide({
      actors: {
        fetchProfile: fetchProfileActor,
        personalDetails: detailsLive,
        bankVerification: bankLive,
        aadhaarVerification: aadhaarLive,
      },
      actions: { storeStep, navigate },
    }),
    { input },
  );
  return <TutorSignupView actor={actor} />;
}

/** The page on a running tutorOnboarding actor (the path tests render it on theirs). */
export function TutorSignupView({ actor }: { actor: TutorOnboardingActorRef }) {
  const step = useSelector(actor, stepOf);
  const expired = useSelector(actor, (s) => s.hasTag('sessionExpired'));
  return (
    <AuthLayout title={titleOf(step)} headline={m.sideText} perks={NO_PERKS}>
      {step ? <SignupProgress step={step} /> : null}
      <Step actor={actor} step={step} />
      <SessionExpiredDialog
        opened={expired}
        onLogin={() => actor.send({ type: 'session.login' })}
      />
    </AuthLayout>
  );
}
