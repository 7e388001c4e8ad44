// The result at a glance (issue 13): a green tick for 'Sent', a red cross for 'Failed to pay',
// as Razorpay's and Cashfree's result pages open. Decorative: the heading beside it says it.
import classes from './trust.module.css';

export function ResultMark({ kind }: { kind: 'sent' | 'failed' }) {
  return (
    <span className={classes.resultMark} data-kind={kind} aria-hidden="true">
      <svg viewBox="0 0 24 24" width="28" height="28" focusable="false">
        <path
          fill="none"
          stroke="currentColor"
          strokeWidth="2.6"
          strokeLinecap="round"
          strokeLinejoin="round"
          d={kind === 'sent' ? 'M5 12.5l4.5 4.5L19 7.5' : 'M7 7l10 10M17 7L7 17'}
        />
      </svg>
    </span>
  );
}
