// Whom the money goes to, at first sight (issue 13): the tutor's initials, name and, once the
// gateway has approved their KYC, a verified mark. Plain elements with Mantine's CSS variables,
// so the money screens' first paint stays light (scripts/check-budget.ts).
import { messages } from '../../../domain/messages';
import classes from './trust.module.css';

/** 'Asha Verma' → 'AV'; one name → its first letter; letters of any script. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1] ?? '') : '';
  return (Array.from(first)[0] ?? '') + (Array.from(last)[0] ?? '');
}

interface PayeeCardProps {
  name: string | null;
  verified: boolean;
  /** On a coloured band (the login's side panel): light text, no card of its own. */
  inverse?: boolean;
}

export function PayeeCard({ name, verified, inverse = false }: PayeeCardProps) {
  const m = messages.trust;
  return (
    <section
      className={inverse ? `${classes.payee} ${classes.payeeInverse}` : classes.payee}
      aria-label={m.payee}
      aria-busy={name ? undefined : true}
    >
      <span className={classes.initials} aria-hidden="true">
        {name ? initialsOf(name).toUpperCase() : ''}
      </span>
      <span className={classes.payeeText}>
        <span className={classes.payeeLabel}>{m.payingTo}</span>
        <span className={classes.payeeName}>{name ?? '\u00a0'}</span>
      </span>
      {verified ? (
        <span className={classes.verified}>
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M8 0l2 1.6 2.5-.3.9 2.4 2.2 1.3-.6 2.5 1 2.3-2 1.6-.3 2.6-2.6.3L8 16l-2-1.6-2.6-.3-.3-2.6-2-1.6 1-2.3-.6-2.5 2.2-1.3.9-2.4 2.5.3z"
            />
            <path className={classes.tick} d="M7 10.6L4.6 8.2l1-1L7 8.6l3.4-3.4 1 1z" />
          </svg>
          {m.verified}
        </span>
      ) : null}
    </section>
  );
}
