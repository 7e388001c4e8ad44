// Login numbers: D12 (OTP) and D13 (sessions) come from src/domain/constants.ts, shared with
// the browser; only what the server alone needs is defined here.
export {
  OTP_CODES_WINDOW_MS,
  OTP_LENGTH,
  OTP_MAX_CODES_PER_HOUR,
  OTP_MAX_WRONG_TRIES,
  OTP_MAX_WRONG_TRIES_PER_DAY,
  OTP_RESEND_COOLDOWN_SECONDS,
  OTP_VALIDITY_MS,
  OTP_WRONG_TRIES_WINDOW_MS,
  SESSION_VALIDITY_MS,
} from '../../domain/constants';

/** D13: random bytes in an access token (43 base64url characters on the wire). */
export const SESSION_TOKEN_BYTES = 32;
