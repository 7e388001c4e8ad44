// How a due's period reads (issue 14): on links, receipts, reminders and the dues screens.
// Apart from the first-paint texts: only lazy screens and the server need it.
import { apiMessages } from './apiMessages';
import { localeTag, textLocale } from './locale';

/**
 * Issue 51: one formatter per language, made once (making one costs about 0.15 ms, which a
 * reminder pass of 10,000 texts paid 20,000 times).
 */
const monthFormats = new Map<string, Intl.DateTimeFormat>();
function monthFormat(tag: string): Intl.DateTimeFormat {
  let format = monthFormats.get(tag);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, { month: 'short', year: 'numeric', timeZone: 'UTC' });
    monthFormats.set(tag, format);
  }
  return format;
}

/** How a due's period reads to a payer: 'Feb 2025' ('फ़र॰ 2025'), 'part 2', or '' for a one-time fee. */
export function duePeriodLabel(period: string): string {
  const month = /^(\d{4})-(\d{2})$/.exec(period);
  if (month) {
    const date = new Date(Date.UTC(Number(month[1]), Number(month[2]) - 1, 1));
    return monthFormat(localeTag(textLocale())).format(date);
  }
  const part = /^part-(\d+)$/.exec(period);
  return part ? apiMessages.periods.part(Number(part[1])) : '';
}

/** D147: one due a payment settled, as the receipt (page and PDF) names it. */
export function paidForLine(due: {
  plan: string;
  period: string;
  student: string;
  amount: string;
}): string {
  const period = duePeriodLabel(due.period);
  return `${due.plan}${period ? ` (${period})` : ''}, ${due.student}: ${due.amount}`;
}
