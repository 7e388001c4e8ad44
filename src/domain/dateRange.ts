// A range of IST calendar days as the tutor's payments filter and CSV export take it (D21):
// 'YYYY-MM-DD' strings, both days included, within the date picker's range (spec §5).
import { DATE_PICKER_MAX, DATE_PICKER_MIN } from './constants';
import { istDateKey, isIsoDate } from './time';

export interface IstDateRange {
  /** The first day, or '' for no lower bound. */
  from: string;
  /** The last day, or '' for no upper bound. */
  to: string;
}

/** This IST month so far: the 1st to today. */
export function thisIstMonth(now: Date): IstDateRange {
  const today = istDateKey(now);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/** What is wrong with a range: a day that is no date (or outside the picker's range), or 'to' before 'from'. */
export type RangeProblem = 'invalidDay' | 'toBeforeFrom';

function validDay(day: string): boolean {
  return isIsoDate(day) && day >= DATE_PICKER_MIN && day <= DATE_PICKER_MAX;
}

/** null when the range can be asked for; an empty side means no bound. */
export function rangeProblem({ from, to }: IstDateRange): RangeProblem | null {
  if ((from !== '' && !validDay(from)) || (to !== '' && !validDay(to))) return 'invalidDay';
  if (from !== '' && to !== '' && to < from) return 'toBeforeFrom';
  return null;
}

/** A range with both days, valid: what the CSV export needs. */
export function isCompleteRange(range: IstDateRange): boolean {
  return range.from !== '' && range.to !== '' && rangeProblem(range) === null;
}
