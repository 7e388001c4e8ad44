// The few cryptographic primitives of login (D12, D13), in one place.
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  API_KEY_PREFIX,
  API_KEY_PREFIX_LENGTH,
  API_KEY_RANDOM_LENGTH,
  OTP_LENGTH,
  SESSION_TOKEN_BYTES,
} from './constants';

/** A uniformly random numeric code from the OS's CSPRNG, leading zeros kept. */
export function randomOtp(length = OTP_LENGTH): string {
  return String(randomInt(0, 10 ** length)).padStart(length, '0');
}

/** Codes are stored keyed by APP_SECRET: a leaked table alone cannot be brute-forced. */
export function hashOtp(secret: string, phone: string, role: string, code: string): string {
  return createHmac('sha256', secret).update(`${phone}:${role}:${code}`).digest('hex');
}

/** Constant-time comparison of two secrets as text (webhook tokens, signatures). */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** An opaque access token: 32 random bytes, base64url. */
export function newSessionToken(): string {
  return randomBytes(SESSION_TOKEN_BYTES).toString('base64url');
}

/** Tokens are high-entropy, so a plain SHA-256 suffices to store them (no key, no salt). */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A tutor's API key (D19): `tp_live_` and 32 uniformly random base62 characters (190 bits). */
export function newApiKey(): { key: string; prefix: string } {
  let random = '';
  for (let i = 0; i < API_KEY_RANDOM_LENGTH; i += 1) random += BASE62[randomInt(0, BASE62.length)];
  const key = `${API_KEY_PREFIX}${random}`;
  return { key, prefix: key.slice(0, API_KEY_PREFIX_LENGTH) };
}

/** API keys are as high-entropy as access tokens, so they are stored the same way. */
export const hashApiKey = hashSessionToken;
