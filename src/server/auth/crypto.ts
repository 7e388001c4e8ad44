// The few cryptographic primitives of login (D12, D13), in one place.
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH, SESSION_TOKEN_BYTES } from './constants';

/** A uniformly random numeric code from the OS's CSPRNG, leading zeros kept. */
export function randomOtp(length = OTP_LENGTH): string {
  return String(randomInt(0, 10 ** length)).padStart(length, '0');
}

/** Codes are stored keyed by APP_SECRET: a leaked table alone cannot be brute-forced. */
export function hashOtp(secret: string, phone: string, role: string, code: string): string {
  return createHmac('sha256', secret).update(`${phone}:${role}:${code}`).digest('hex');
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
