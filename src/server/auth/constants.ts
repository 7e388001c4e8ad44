// Login numbers: D12 (OTP), D13 (sessions) and D19 (API keys) come from src/domain/constants.ts,
// shared with the browser; only what the server alone needs is defined here.
export {
  API_KEYS_MAX_ACTIVE,
  OTP_CODES_WINDOW_MS,
  OTP_LENGTH,
  OTP_MAX_CODES_PER_HOUR,
  OTP_MAX_WRONG_TRIES,
  OTP_MAX_WRONG_TRIES_PER_DAY,
  OTP_RESEND_COOLDOWN_SECONDS,
  OTP_VALIDITY_MS,
  OTP_WRONG_TRIES_WINDOW_MS,
  SESSION_REFRESH_MS,
  SESSION_VALIDITY_MS,
} from '../../domain/constants';

/** D13: random bytes in an access token (43 base64url characters on the wire). */
export const SESSION_TOKEN_BYTES = 32;

/** D19: API keys look like `tp_live_` + 32 base62 characters; the first 12 are shown. */
export const API_KEY_PREFIX = 'tp_live_';
export const API_KEY_RANDOM_LENGTH = 32;
export const API_KEY_PREFIX_LENGTH = 12;
/** A key's `last_used_at` is written at most this often (one write a minute, not per call). */
export const API_KEY_LAST_USED_RESOLUTION_MS = 60_000;
