// Who processes the payment and how one can pay (issue 13), under the money screens' action.
import { messages } from '../../../domain/messages';
import classes from './trust.module.css';

export function ProcessorLine() {
  const m = messages.trust;
  return (
    <p className={classes.processor}>
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M8 1a3.5 3.5 0 00-3.5 3.5V6H4a1 1 0 00-1 1v7a1 1 0 001 1h8a1 1 0 001-1V7a1 1 0 00-1-1h-.5V4.5A3.5 3.5 0 008 1zm-2 5V4.5a2 2 0 114 0V6z"
        />
      </svg>
      <span>{m.processedBy}</span>
      <span className={classes.marks}>
        <span className={classes.mark}>{m.cards}</span>
        <span className={classes.mark}>{m.upi}</span>
      </span>
    </p>
  );
}
