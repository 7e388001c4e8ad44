// How the student screens write times and amounts: IST (D21), rupees with Indian grouping (D9).
import { apiMessages } from '../../../../domain/apiMessages';
import { messages } from '../../../../domain/messages';
import { formatIstClock, formatIstDate } from '../../../../domain/istDate';

/** '15th January 2025, 11:16 am IST' */
export function istWhen(iso: string): string {
  const date = new Date(iso);
  return apiMessages.receipts.at(formatIstDate(date, { withYear: true }), formatIstClock(date));
}

/** '15th January 2025, 1:00 pm – 2:00 pm IST' (a session on one day). */
export function istSpan(startIso: string, endIso: string): string {
  const start = new Date(startIso);
  const end = new Date(endIso);
  return messages.generic.inIst(
    `${formatIstDate(start, { withYear: true })}, ${formatIstClock(start)} – ${formatIstClock(end)}`,
  );
}
