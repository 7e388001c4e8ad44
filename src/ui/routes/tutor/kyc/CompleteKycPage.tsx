// tutor/complete-kyc (spec §2): 'Complete your KYC to start receiving money', the three steps of
// sign-up, and Proceed: to sign-up with a session, to /tutor/login without one. Behind the guard,
// which hands over the tutor (null when no one is logged in).
import '@mantine/core/styles/Stepper.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import { Button, Stepper } from '@mantine/core';
import { Link } from 'react-router-dom';
import { TUTOR_LOGIN_PATH } from '../../../../../machines/tutorGuard/onboardingStep';
import { messages } from '../../../../domain/messages';
import { TUTOR_SIGNUP_PATH, tutorOnboardingStep } from '../../../../domain/onboarding';
import { AuthLayout, authClasses as classes } from '../../../components/AuthLayout';
import { useTutorProfile } from '../guard/tutorOutlet';

const NO_PERKS: readonly string[] = [];
const steps = messages.tutorSignup.steps;

export function CompleteKycPage() {
  const profile = useTutorProfile();
  // The step the tutor is at is the one in progress (step 0: all done); 1 without a session.
  const step = profile ? tutorOnboardingStep(profile).step : 1;
  const active = step === 0 ? steps.length : step - 1;
  return (
    <AuthLayout
      title={messages.completeKyc.title}
      headline={messages.tutorSignup.sideText}
      perks={NO_PERKS}
    >
      <div className={classes.stack}>
        <Stepper active={active} orientation="vertical" size="sm">
          {steps.map((label) => (
            <Stepper.Step key={label} label={label} />
          ))}
        </Stepper>
        <Button
          component={Link}
          to={profile ? TUTOR_SIGNUP_PATH : TUTOR_LOGIN_PATH}
          size="md"
          fullWidth
        >
          {messages.completeKyc.proceed}
        </Button>
      </div>
    </AuthLayout>
  );
}
