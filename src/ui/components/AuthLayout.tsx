// The frame of /student/login and /student/signup (spec §2): a side panel with the product's
// headline ('credit card at 1%*', 'UPI free') and, on desktop only, `extra` (the payee of a
// link flow); the page's heading and form beside it. The layout switches at 850 px in CSS
// (AuthLayout.module.css), never in JS, so the first paint is right at any width.
import type { ReactNode } from 'react';
import { PRODUCT_NAME, messages } from '../../domain/messages';
import classes from './AuthLayout.module.css';

export { classes as authClasses };

interface Props {
  /** The page's h1. */
  title: string;
  /** Shown in the side panel on desktop only. */
  extra?: ReactNode;
  children: ReactNode;
}

export function AuthLayout({ title, extra, children }: Props) {
  const m = messages.studentLogin;
  return (
    <div className={classes.page}>
      <div className={classes.card}>
        <aside className={classes.aside}>
          <p className={classes.brand}>{PRODUCT_NAME}</p>
          <p className={classes.headline}>{m.headline}</p>
          <ul className={classes.perks}>
            <li className={classes.perk}>{m.cardAtOnePercent}</li>
            <li className={classes.perk}>{m.upiFree}</li>
          </ul>
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
