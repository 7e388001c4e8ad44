// Business constants and limits (spec §9, §5; D10-D13, D19). Money is in integer paise (D9);
// durations carry their unit in the name so nobody has to guess.
import { wholeRupeesText } from './indianDigits';

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

// --- OTP (D12). The length is this one constant: moving to 6 digits is a one-line change.
export const OTP_LENGTH = 4;
export const OTP_VALIDITY_MS = 10 * MINUTE_MS;
/** A code is burned after this many wrong tries. */
export const OTP_MAX_WRONG_TRIES = 5;
/** At most this many wrong tries per phone within OTP_WRONG_TRIES_WINDOW_MS. */
export const OTP_MAX_WRONG_TRIES_PER_DAY = 10;
export const OTP_WRONG_TRIES_WINDOW_MS = DAY_MS;
export const OTP_RESEND_COOLDOWN_SECONDS = 30;
/** At most this many codes sent per phone within OTP_CODES_WINDOW_MS. */
export const OTP_MAX_CODES_PER_HOUR = 5;
export const OTP_CODES_WINDOW_MS = HOUR_MS;

// --- Sessions (D242, superseding D13's 12 hours): alive until this long after their last use,
// which is written at most once per SESSION_REFRESH_MS.
export const SESSION_VALIDITY_MS = 30 * DAY_MS;
export const SESSION_REFRESH_MS = HOUR_MS;

// --- Countdowns shown to the user, in whole seconds (D1, spec §2).
export const PAYMENT_REDIRECT_COUNTDOWN_SECONDS = 3;
export const AADHAAR_REDIRECT_COUNTDOWN_SECONDS = 5;

// --- Amounts, in paise (D9, D10, D11).
export const PAISE_PER_RUPEE = 100;
/** D11: one payment is at least ₹1 ... */
export const AMOUNT_MIN_PAISE = 1 * PAISE_PER_RUPEE;
/** ... and at most ₹50,000. */
export const AMOUNT_MAX_PAISE = 50_000 * PAISE_PER_RUPEE;
/** D10: total a MIN_KYC_APPROVED tutor may accept (paid orders); ACTIVE tutors have no cap. */
export const ACCEPTANCE_LIMIT_PAISE = 50_000 * PAISE_PER_RUPEE;

/**
 * The KYC limit and the largest payment as sentences in either language say them ('₹50,000':
 * Hindi groups Latin digits as Indian English does). Not through money.ts: the messages are in
 * every first paint, which need not load money.ts.
 */
export const KYC_LIMIT_TEXT = wholeRupeesText(ACCEPTANCE_LIMIT_PAISE / PAISE_PER_RUPEE);
export const AMOUNT_MAX_TEXT = wholeRupeesText(AMOUNT_MAX_PAISE / PAISE_PER_RUPEE);
/**
 * The amount field keeps at most this many digits: far above the ₹50,000 maximum (so the
 * "at most" message still shows) yet small enough that the value stays a safe integer.
 */
export const AMOUNT_INPUT_MAX_DIGITS = 9;
/** Pricing page range, display only (spec §2, §9). */
export const PRICING_RANGE_MAX_PAISE = 5_000 * PAISE_PER_RUPEE;
export const PRICING_EFFECTIVE_DATE = '2024-11-10';

// --- Fees (D9, spec §9).
/** Platform fee in percent when the fee response has no (valid) base_rate. */
export const DEFAULT_BASE_RATE = 1;
/** Government and other charges, percent of the platform fee (the 18% GST gross-up). */
export const CHARGES_RATE = 19.41;
/** The gateway whose fee setting and onboarding we read (spec §7: pg_name=cashfree). */
export const PG_NAME = 'cashfree';

// --- Orders (spec §3, §9; D6).
export const PAYMENT_METHOD = { card: 'cc', upi: 'upi' } as const;
export type PaymentMethod = (typeof PAYMENT_METHOD)[keyof typeof PAYMENT_METHOD];
export const PAYMENT_METHODS = [PAYMENT_METHOD.card, PAYMENT_METHOD.upi] as const;
export const SETTLEMENT_TYPE = 'STANDARD';
/** D5: settlement happens at 17:00 IST on the next weekday. */
export const SETTLEMENT_HOUR_IST = 17;

// --- Refunds (spec §2 terms).
export const REFUND_WINDOW_HOURS = 24;
export const REFUND_WINDOW_MS = REFUND_WINDOW_HOURS * HOUR_MS;
/** The student's reason for a refund, at most this long. */
export const REFUND_REASON_MAX_LENGTH = 500;

// --- Payment links (D19).
export const PAYMENT_LINK_DEFAULT_EXPIRY_DAYS = 30;
export const PAYMENT_LINK_DEFAULT_EXPIRY_MS = PAYMENT_LINK_DEFAULT_EXPIRY_DAYS * DAY_MS;
/** A link expires at most this many days after it is created. */
export const PAYMENT_LINK_MAX_EXPIRY_DAYS = 180;
export const PAYMENT_LINK_PURPOSE_MAX_LENGTH = 120;
/** A tutor's active (unrevoked) API keys for creating links (D19). */
export const API_KEYS_MAX_ACTIVE = 5;
export const API_KEY_NAME_MAX_LENGTH = 60;

// --- Booked sessions (D20, spec §9).
export const BOOKED_SESSION_SUBJECT = 'Maths session';

// --- Roles (spec §3, §6).
export const USER_ROLES = ['student', 'teacher'] as const;
export type UserRole = (typeof USER_ROLES)[number];

// --- Field lengths (spec §5, §9).
export const PHONE_LENGTH = 10;
export const PAN_LENGTH = 10;
export const IFSC_LENGTH = 11;
export const ACCOUNT_NUMBER_MIN_LENGTH = 9;
export const ACCOUNT_NUMBER_MAX_LENGTH = 18;
export const NAME_MAX_LENGTH = 50;
/** Issue 14: a student's batch label ('Class 10 - Maths'). */
export const BATCH_MAX_LENGTH = 40;
/** Issue 14: fee plans (D145). A due day stops at 28 so every month has it. */
export const FEE_PLAN_NAME_MAX_LENGTH = 60;
export const DUE_DAY_MAX = 28;
export const INSTALMENTS_MIN = 2;
export const INSTALMENTS_MAX = 12;
/** The note of a due paid another way or waived. */
export const DUE_NOTE_MAX_LENGTH = 200;
/** Issue 14: the most rows one student CSV can bring. */
export const STUDENT_IMPORT_MAX_ROWS = 1000;
/** A tutor's username (D18), as openapi/api.yaml's Username says. */
export const USERNAME_MIN_LENGTH = 2;
export const USERNAME_MAX_LENGTH = 50;

// --- Date picker (spec §5), ISO dates.
export const DATE_PICKER_MIN = '1900-01-01';
export const DATE_PICKER_MAX = '2099-12-31';

// --- Layout breakpoints in px (spec §9).
/** Login and sign-up show the desktop layout at this width and above. */
export const BREAKPOINT_DESKTOP_PX = 850;
/** The public profile shows a side drawer at this width or less. */
export const BREAKPOINT_PROFILE_DRAWER_PX = 600;

// --- Analytics events (spec §1, D22): the only four names sent.
export const ANALYTICS_EVENTS = {
  openOnboarding: 'Clicked to open onboarding',
  loggedIn: 'Logged In',
  clickedProceed: 'Clicked Proceed',
  enteredAmount: 'Entered Amount To Pay',
} as const;
export type AnalyticsEvent = (typeof ANALYTICS_EVENTS)[keyof typeof ANALYTICS_EVENTS];

/** The product's name, the same in every language. */
export const PRODUCT_NAME = 'TuitionPay';
/** Who processes the payments (spec: Cashfree's hosted checkout). */
export const PAYMENT_PROCESSOR = 'Cashfree Payments';
