// An IST date in words: '9th October' (D5, D21), '9 अक्टूबर' in Hindi. The month's name is a
// catalog word, not Intl's: Intl.DateTimeFormat's first use costs a phone ~130 ms (D170).
import { textLocale } from './locale';
import { messages } from './messages';
import { istClock, istParts } from './time';

// Made at first use, not at load: an Intl object's first construction costs a phone tens of ms.
let ordinalRules: Intl.PluralRules | undefined;
const ORDINAL_SUFFIX: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };

/** English ordinal: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 22nd, 23rd, 31st. */
export function ordinal(n: number): string {
  ordinalRules ??= new Intl.PluralRules('en-IN', { type: 'ordinal' });
  return `${n}${ORDINAL_SUFFIX[ordinalRules.select(n)] ?? 'th'}`;
}

/**
 * '9th October' (IST day), as the settlement summary shows; '9th October 2025' with the year.
 * In Hindi '9 अक्टूबर 2025': Hindi writes no ordinal on a date.
 */
export function formatIstDate(date: Date, options: { withYear?: boolean } = {}): string {
  const { year, month, day } = istParts(date);
  const text = `${textLocale() === 'en' ? ordinal(day) : day} ${messages.generic.monthName(month)}`;
  return options.withYear ? `${text} ${year}` : text;
}

/** D240: an IST time in the reader's words: '5:00 pm', 'शाम 5:00' (never 'pm' in Hindi). */
export function formatIstClock(date: Date): string {
  const { time, half, period } = istClock(date);
  return messages.generic.clock(time, half, period);
}
