// IST (Asia/Kolkata) helpers, D21: every date and time is computed and shown in IST whatever
// the runtime's zone. IST is a fixed +05:30 with no DST, so we shift the instant by the offset
// and read UTC fields; nothing here reads the local zone. A date in words is istDate.ts.

export const IST_OFFSET_MINUTES = 330;
const IST_OFFSET_MS = IST_OFFSET_MINUTES * 60_000;
const DAY_MS = 86_400_000;

export interface IstParts {
  year: number;
  /** 1-12 */
  month: number;
  /** 1-31 */
  day: number;
  /** 0-23 */
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  /** 0 = Sunday ... 6 = Saturday */
  weekday: number;
}

function assertValidDate(date: Date): void {
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) {
    throw new RangeError('Invalid date');
  }
}

/** The IST wall-clock fields of an instant. */
export function istParts(date: Date): IstParts {
  assertValidDate(date);
  const shifted = new Date(date.getTime() + IST_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
    millisecond: shifted.getUTCMilliseconds(),
    weekday: shifted.getUTCDay(),
  };
}

/**
 * The instant of an IST wall-clock time; month is 1-12. Out-of-range fields roll over like
 * Date.UTC does (day 32 is the 1st of the next month), which calendar arithmetic relies on.
 */
export function fromIst(year: number, month: number, day: number, hour = 0, minute = 0): Date {
  // Setters rather than Date.UTC, which would read years 0-99 as 1900-1999.
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day);
  utc.setUTCHours(hour, minute, 0, 0);
  return new Date(utc.getTime() - IST_OFFSET_MS);
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' of the IST calendar day (the form holidays are published in). */
export function istDateKey(date: Date): string {
  const { year, month, day } = istParts(date);
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

/** ISO 8601 with the IST offset: '2025-01-15T11:16:10+05:30' (the gateway's own style). */
export function toIstIsoString(date: Date): string {
  const p = istParts(date);
  return `${istDateKey(date)}T${pad2(p.hour)}:${pad2(p.minute)}:${pad2(p.second)}+05:30`;
}

/** 'YYYY-MM-DD' that names a real calendar day. */
export function isIsoDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const parts = istParts(fromIst(year, month, day));
  return parts.year === year && parts.month === month && parts.day === day;
}

/** The IST calendar day `days` after the given one, as 'YYYY-MM-DD'. */
export function addIstDays(dateKey: string, days: number): string {
  if (!isIsoDate(dateKey)) throw new RangeError(`Not an ISO date: ${dateKey}`);
  const [year, month, day] = dateKey.split('-').map(Number) as [number, number, number];
  return istDateKey(new Date(fromIst(year, month, day).getTime() + days * DAY_MS));
}

/** '5:00 pm', '12:00 pm' (noon), '12:30 am' (just after midnight), in IST. */
export function formatIstTime(date: Date): string {
  const { time, half } = istClock(date);
  return `${time} ${half}`;
}

/** The parts of the day Hindi names a time by (CLDR's hi day periods). */
export type DayPeriod = 'night' | 'morning' | 'afternoon' | 'evening';

/** An IST time on a 12-hour clock ('5:00'), its half of the day and its part of the day. */
export function istClock(date: Date): { time: string; half: 'am' | 'pm'; period: DayPeriod } {
  const { hour, minute } = istParts(date);
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  const period: DayPeriod =
    hour < 4 || hour >= 20 ? 'night' : hour < 12 ? 'morning' : hour < 16 ? 'afternoon' : 'evening';
  return { time: `${hour12}:${pad2(minute)}`, half: hour < 12 ? 'am' : 'pm', period };
}
