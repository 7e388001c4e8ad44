// D20: a booked session runs from the next full IST hour + 1 h to + 2 h. (The spec's "about
// 1 hour from now, hour-rounded, shifted by 5.5 hours" was this rounding done in UTC and then
// patched; in IST the hour boundary is simply xx:00 IST, i.e. xx:30 UTC.)

import { BOOKED_SESSION_SUBJECT } from './constants';
import { IST_OFFSET_MINUTES, toIstIsoString } from './time';

const HOUR_MS = 3_600_000;
const IST_OFFSET_MS = IST_OFFSET_MINUTES * 60_000;

export interface BookingWindow {
  subject: string;
  title: string;
  starttime: Date;
  endtime: Date;
}

/** The first full IST hour strictly after `now` (10:00:00 exactly gives 11:00). */
export function nextFullIstHour(now: Date): Date {
  const t = now.getTime();
  if (Number.isNaN(t)) throw new RangeError('Invalid date');
  const istMs = t + IST_OFFSET_MS;
  const nextHourIst = (Math.floor(istMs / HOUR_MS) + 1) * HOUR_MS;
  return new Date(nextHourIst - IST_OFFSET_MS);
}

/** E.g. booked at 10:20 IST: 12:00 to 13:00 IST. Times are instants; serialise as needed. */
export function bookingWindow(now: Date): BookingWindow {
  const hour = nextFullIstHour(now).getTime();
  return {
    subject: BOOKED_SESSION_SUBJECT,
    title: BOOKED_SESSION_SUBJECT,
    starttime: new Date(hour + HOUR_MS),
    endtime: new Date(hour + 2 * HOUR_MS),
  };
}

/** A booked session as it is stored and shown: its start and end, ISO instants in IST. */
export interface SessionTimes {
  start: string;
  end: string;
}

/** The session a payment made at `now` books (D20), as stored and shown. */
export function sessionTimes(now: Date): SessionTimes {
  const { starttime, endtime } = bookingWindow(now);
  return { start: toIstIsoString(starttime), end: toIstIsoString(endtime) };
}
