// What the tutor dashboard's tabs share: IST date-times. Their lists are one ListTable
// (src/ui/components/ListTable.tsx: state, rows, pager, the 401 rule).
import { formatIstClock, formatIstDate } from '../../../../../domain/istDate';

/** '15th January 2025, 11:16 am' (IST, D21). */
export function istDateTime(iso: string): string {
  const date = new Date(iso);
  return `${formatIstDate(date, { withYear: true })}, ${formatIstClock(date)}`;
}
