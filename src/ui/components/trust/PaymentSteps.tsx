// Where the student is in paying (issue 13): Amount, Login, Review, Pay, as an ordered list
// with the current step marked for screen readers (aria-current="step"). Plain elements, so
// the static link's first paint stays light.
import { messages } from '../../../domain/messages';
import classes from './trust.module.css';

export type PaymentStep = 'amount' | 'login' | 'review' | 'pay';
const STEPS: readonly PaymentStep[] = ['amount', 'login', 'review', 'pay'];

/** `inverse`: on the brand-coloured panel of the login screens. */
export function PaymentSteps({ current, inverse }: { current: PaymentStep; inverse?: boolean }) {
  const m = messages.trust.steps;
  const at = STEPS.indexOf(current);
  return (
    <nav aria-label={m.label}>
      <ol className={classes.steps} data-inverse={inverse || undefined}>
        {STEPS.map((step, index) => (
          <li
            key={step}
            className={classes.step}
            data-state={index < at ? 'done' : index === at ? 'current' : 'next'}
            aria-current={index === at ? 'step' : undefined}
          >
            <span className={classes.stepNumber} aria-hidden="true">
              {index < at ? '✓' : index + 1}
            </span>
            <span>{m[step]}</span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
