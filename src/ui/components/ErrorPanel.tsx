// A failed verification as the tutor should see it (issue 13): in the error colour, with an
// icon, the spec's title word for word and what to do next. Announced as an alert.
import type { ReactNode } from 'react';
import classes from './ErrorPanel.module.css';

export function ErrorPanel({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={classes.panel} role="alert">
      <svg
        className={classes.icon}
        viewBox="0 0 24 24"
        width="22"
        height="22"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
        <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M12 7v6M12 16.5v.5" />
      </svg>
      <h2 className={classes.title}>{title}</h2>
      {children ? <div className={classes.body}>{children}</div> : null}
    </div>
  );
}
