// How long ago something happened, in words: 'Profile last verified: a week ago' (spec §2, D8).
// Whole units, rounded down, so a time is never described as longer ago than it was:
//   < 1 min just now | < 2 min a minute ago | < 1 h N minutes ago | < 2 h an hour ago
//   < 1 day N hours ago | < 2 days a day ago | < 7 days N days ago | < 14 days a week ago
//   < 30 days N weeks ago | < 60 days a month ago | < 365 days N months ago (30-day months,
//   at most 11) | < 730 days a year ago | else N years ago (365-day years).
// A moment in the future (a clock a little ahead of the server's) reads 'just now'.
import { messages } from './messages';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const words = messages.publicPages.timeAgo;
function assertValidDate(date: Date): void {
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) {
    throw new RangeError('Invalid date');
  }
}

/** The time from `from` to `now` in words ('a week ago'). Throws a RangeError on an invalid date. */
export function timeAgo(from: Date, now: Date): string {
  assertValidDate(from);
  assertValidDate(now);
  const ms = now.getTime() - from.getTime();
  if (ms < MINUTE_MS) return words.justNow;
  const say = (n: number, one: string, many: (n: number) => string) => (n === 1 ? one : many(n));
  if (ms < 2 * MINUTE_MS) return say(1, words.minute, words.minutes);
  if (ms < HOUR_MS) return say(Math.floor(ms / MINUTE_MS), words.minute, words.minutes);
  if (ms < 2 * HOUR_MS) return say(1, words.hour, words.hours);
  if (ms < DAY_MS) return say(Math.floor(ms / HOUR_MS), words.hour, words.hours);
  const days = Math.floor(ms / DAY_MS);
  if (days < 2) return say(1, words.day, words.days);
  if (days < 7) return say(days, words.day, words.days);
  if (days < 14) return say(1, words.week, words.weeks);
  if (days < 30) return say(Math.floor(days / 7), words.week, words.weeks);
  if (days < 60) return say(1, words.month, words.months);
  if (days < 365) return say(Math.min(11, Math.floor(days / 30)), words.month, words.months);
  if (days < 730) return say(1, words.year, words.years);
  return say(Math.floor(days / 365), words.year, words.years);
}

/** timeAgo for an ISO date-time from the API; null when the value is absent or unreadable. */
export function timeAgoFromIso(iso: string | null | undefined, now: Date): string | null {
  if (!iso) return null;
  const from = new Date(iso);
  if (Number.isNaN(from.getTime())) return null;
  return timeAgo(from, now);
}
