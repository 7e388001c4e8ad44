// Issue 9.3 (D114): limits on login codes per client address and overall, on top of the
// per-phone limits of D12. Codes cost money (SMS pumping: one address asking codes for
// hundreds of phones) and tutors' phones are public (guesses spread over many phones). The
// counts are rows (services/rateLimits.ts), so they hold across instances.
import type { BucketLimit, RateLimit } from '../services/rateLimits';

export interface OtpFloodLimits {
  /** Codes sent to any phones from one client address. */
  codesPerAddress: RateLimit[];
  /** Wrong codes tried, for any phones, from one client address. */
  wrongGuessesPerAddress: RateLimit[];
  /** Codes sent by the whole product: a ceiling against a flood from many addresses. */
  codesOverall: RateLimit;
}

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** D114's defaults: a family or a school behind one carrier address never meets them. */
export const DEFAULT_OTP_FLOOD_LIMITS: OtpFloodLimits = {
  codesPerAddress: [
    { max: 60, windowMs: HOUR },
    { max: 300, windowMs: DAY },
  ],
  wrongGuessesPerAddress: [
    { max: 30, windowMs: HOUR },
    { max: 100, windowMs: DAY },
  ],
  codesOverall: { max: 300, windowMs: MINUTE },
};

const windowName = (limit: RateLimit) => `${limit.windowMs / 1000}s`;

/** The buckets a code sent from `address` counts in. */
export const codeBuckets = (limits: OtpFloodLimits, address: string): BucketLimit[] => [
  ...limits.codesPerAddress.map((limit) => ({
    bucket: `otp:codes:${address}:${windowName(limit)}`,
    limit,
  })),
  { bucket: 'otp:codes:overall', limit: limits.codesOverall },
];

/** The buckets a wrong code tried from `address` counts in. */
export const guessBuckets = (limits: OtpFloodLimits, address: string): BucketLimit[] =>
  limits.wrongGuessesPerAddress.map((limit) => ({
    bucket: `otp:wrong:${address}:${windowName(limit)}`,
    limit,
  }));
