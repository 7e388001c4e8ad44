// A list of label and value pairs (the review's payee, the amount breakup, the settlement):
// plain <dl> rows with Mantine's DataList look (DetailList.module.css). Mantine's DataList
// renders three components per row; on /pay/review (ten rows) that was a third of the render
// that fills the screen on a phone (issue 11).
import type { CSSProperties, ReactNode } from 'react';
import classes from './DetailList.module.css';

export interface DetailRow {
  label: string;
  value: ReactNode;
  /** The row that sums the others (the total), in bold. */
  strong?: boolean;
}

interface DetailListProps {
  rows: DetailRow[];
  /** The labels' column, e.g. '40%'. */
  labelWidth: string;
  /** A rule between rows (the breakup). */
  divided?: boolean;
  /** The list's accessible name. */
  label?: string;
  /** A second list under a first (the settlement under the fee summary's breakup). */
  spaced?: boolean;
}

export function DetailList({ rows, labelWidth, divided, label, spaced }: DetailListProps) {
  const names = [classes.list, divided ? classes.divided : null, spaced ? classes.spaced : null];
  return (
    <dl
      className={names.filter(Boolean).join(' ')}
      aria-label={label}
      style={{ '--detail-label-width': labelWidth } as CSSProperties}
    >
      {rows.map((row) => (
        <div
          key={row.label}
          className={row.strong ? `${classes.row} ${classes.strong}` : classes.row}
        >
          <dt className={classes.label}>{row.label}</dt>
          <dd className={classes.value}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
