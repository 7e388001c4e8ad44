// Login numbers: D12 (OTP) and D13 (sessions) come from src/domain/constants.ts, shared with
// the browser; only what the server alone needs is defined here.
import { PRODUCT_NAME } from '../../domain/messages';

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

// Texts not yet in src/domain/messages.ts (asked for); move there when they land.
export const localMessages = {
  /** The SMS itself; the sandbox outbox and e2e read the code after "OTP is ". */
  otpSms: (code: string) => `Your ${PRODUCT_NAME} OTP is ${code}`,
  /** generate-otp's 200 message, e.g. 'OTP sent to 98XXXXXX10' as the contract's example. */
  otpSentTo: (maskedPhone: string) => `OTP sent to ${maskedPhone}`,
  /** The daily wrong-try limit (D12): a new code would not help, so no "request a new OTP". */
  tooManyWrongTriesToday: 'Too many wrong attempts. Please try again later.',
  apiNotFound: 'There is no such API endpoint.',
  notImplemented: 'Not implemented yet',
  invalidJson: 'The request body is not valid JSON.',
} as const;
