// The 3-segment progress bar of tutor sign-up (spec §2): the segments up to the current step are
// filled, the current step's name is marked (aria-current) for screen readers too.
import type { SignupStep } from '../../../../../machines/tutorOnboarding/resumeStep';
import { messages } from '../../../../domain/messages';
import classes from './SignupProgress.module.css';

const m = messages.tutorSignup;

export function SignupProgress({ step }: { step: SignupStep }) {
  return (
    <ol className={classes.list} aria-label={m.progress(step, m.steps.length)}>
      {m.steps.map((name, index) => (
        <li
          key={name}
          className={classes.segment}
          data-reached={index < step ? true : undefined}
          aria-current={index === step - 1 ? 'step' : undefined}
        >
          {name}
        </li>
      ))}
    </ol>
  );
}
