// The frame of /student/login and /student/signup (spec §2): a side panel with the product's
// headline ('credit card at 1%*' with its footnote, 'UPI free') and `extra` (the payee of a
// link flow, on phones too); the page's heading and form beside it. The layout switches at 850 px in CSS
// (AuthLayout.module.css), never in JS, so the first paint is right at any width.
import type { ReactNode } from 'react';
import { PRODUCT_NAME, messages } from '../../domain/messages';
import classes from './AuthLayout.module.css';

export { classes as authClasses };

interface Props {
  /** The page's h1. */
  title: string;
  /** Shown in the side panel (desktop) or under the headline (phones). */
  extra?: ReactNode;
  /** The side panel's headline and lines; the student's ('credit card at 1%*') by default. */
  headline?: string;
  perks?: readonly string[];
  children: ReactNode;
}

export function AuthLayout({ title, extra, headline, perks, children }: Props) {
  const m = messages.studentLogin;
  const lines = perks ?? [m.cardAtOnePercent, m.upiFree];
  return (
    <div className={classes.page}>
      <div className={classes.card}>
        <aside className={classes.aside}>
          <p className={classes.brand}>{PRODUCT_NAME}</p>
          <p className={classes.headline}>{headline ?? m.headline}</p>
          {lines.length > 0 ? (
            <ul className={classes.perks}>
              {lines.map((line) => (
                <li key={line} className={classes.perk}>
                  {line}
                </li>
              ))}
            </ul>
          ) : null}
          {perks === undefined ? <p className={classes.footnote}>{m.cardFootnote}</p> : null}
          {extra ? <div className={classes.extra}>{extra}</div> : null}
        </aside>
        <main className={classes.main}>
          <h1 className={classes.title}>{title}</h1>
          {children}
        </main>
      </div>
    </div>
  );
}
