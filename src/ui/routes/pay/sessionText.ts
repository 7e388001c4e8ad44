import { messages } from '../../../domain/messages';
import { formatIstClock, formatIstDate } from '../../../domain/istDate';

/** D20/D21: a booked session as '9th October, 12:00 pm to 1:00 pm' (IST). */
export function sessionText(session: { start: string; end: string }): string {
  const start = new Date(session.start);
  return messages.review.sessionAt(
    formatIstDate(start),
    formatIstClock(start),
    formatIstClock(new Date(session.end)),
  );
}
