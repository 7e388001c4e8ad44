// D18: a tutor's public username (the /{username} profile and /static-link/{username}) comes
// from their name, is unique, and never shadows a route of ours.

import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from './constants';
/** Longest slug before a '-n' suffix: keeps URLs readable. */
export const USERNAME_BASE_MAX_LENGTH = 40;
/** Used when a name has no Latin letters or digits to slug (e.g. a name in Devanagari). */
export const FALLBACK_USERNAME_BASE = 'tutor';

/**
 * Every top-level path segment the app, the server or a static host may own (spec §2 plus our
 * additions), and a few words that would confuse users. Lower case; compared case-insensitively.
 */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  // spec §2 routes and D23 pages
  '',
  'tutor',
  'tutors',
  'student',
  'students',
  'pay',
  'pay-tuition-fees',
  'static-link',
  'payment-link',
  'payment-links',
  'payment-successful',
  'page-not-found',
  'why-choose-us',
  'testimonials',
  'contact',
  'home',
  // policy page names (they also appear under /{username}/)
  'terms-of-use',
  'privacy-policy',
  'refund-policy',
  'pricing',
  'contact-policy',
  // server, sandbox and static files
  'api',
  'sandbox',
  'admin',
  'assets',
  'static',
  'public',
  'health',
  'healthz',
  'metrics',
  'webhooks',
  'index.html',
  'favicon.ico',
  'robots.txt',
  'sitemap.xml',
  'manifest.json',
  '.well-known',
  // account words
  'login',
  'logout',
  'signup',
  'sign-up',
  'register',
  'auth',
  'dashboard',
  'onboarding',
  'profile',
  'settings',
  'account',
  'accounts',
  'user',
  'users',
  'me',
  // words that would read as ours
  'about',
  'help',
  'support',
  'status',
  'docs',
  'blog',
  'careers',
  'terms',
  'privacy',
  'tuitionpay',
  'null',
  'undefined',
]);

export function isReservedUsername(username: string): boolean {
  return RESERVED_USERNAMES.has(username.trim().toLowerCase());
}

/** A username's shape: lowercase letters and digits in groups joined by single dashes. */
export function isValidUsernameShape(username: string): boolean {
  return (
    /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(username) &&
    username.length >= USERNAME_MIN_LENGTH &&
    username.length <= USERNAME_MAX_LENGTH
  );
}

/** 'Asha Verma' → 'asha-verma'; 'José  O’Brien' → 'jose-obrien'; non-Latin only → ''. */
export function slugifyName(first: string, last: string): string {
  return `${first} ${last}`
    .normalize('NFKD')
    .replace(/\p{M}/gu, '') // accents, after NFKD split them off their letters
    .toLowerCase()
    .replace(/['’]/g, '') // O'Brien is one word
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, USERNAME_BASE_MAX_LENGTH)
    .replace(/-+$/, '');
}

/** Guards against a `taken` that says yes to everything. */
const MAX_SUFFIX = 1_000_000;

/**
 * The non-reserved candidates in order: base, base-2, base-3, ... (a reserved base, or one
 * shorter than a username may be, e.g. 'a' for a tutor named A, starts at base-2; an empty base
 * is 'tutor', which is reserved, so 'tutor-2'). For an async store, take
 * candidates until one is free; nextAvailableUsername does that for a synchronous check.
 */
export function* usernameCandidates(base: string): Generator<string, void, undefined> {
  const root = base === '' ? FALLBACK_USERNAME_BASE : base;
  if (!isReservedUsername(root) && root.length >= USERNAME_MIN_LENGTH) yield root;
  for (let n = 2; n <= MAX_SUFFIX; n += 1) {
    const candidate = `${root}-${n}`;
    if (!isReservedUsername(candidate)) yield candidate;
  }
}

/** The first candidate (see usernameCandidates) that is not taken. */
export function nextAvailableUsername(
  base: string,
  taken: ((username: string) => boolean) | ReadonlySet<string>,
): string {
  const isTaken = typeof taken === 'function' ? taken : (u: string) => taken.has(u);
  for (const candidate of usernameCandidates(base)) {
    if (!isTaken(candidate)) return candidate;
  }
  throw new RangeError(`No free username for ${base}`);
}
