// Field rules of spec §5 as zod schemas with the spec's exact messages, plus the sanitizers the
// form fields apply on every keystroke. The browser forms and the server use the same ones.

import * as z from 'zod/mini';
import {
  ACCOUNT_NUMBER_MAX_LENGTH,
  ACCOUNT_NUMBER_MIN_LENGTH,
  AMOUNT_INPUT_MAX_DIGITS,
  AMOUNT_MAX_PAISE,
  AMOUNT_MIN_PAISE,
  IFSC_LENGTH,
  NAME_MAX_LENGTH,
  OTP_LENGTH,
  PAISE_PER_RUPEE,
  PAN_LENGTH,
  PHONE_LENGTH,
} from './constants';
import { messages } from './messages';
import { coded, type Said } from './texts';
import { parseRupeeInput, rupeesToPaiseOrNull, type Paise } from './money';
import { isValidUsernameShape } from './usernames';

const m = messages.validation;

// --- Patterns -------------------------------------------------------------------------------

export const PHONE_PATTERN = /^[6-9]\d{9}$/;
export const PAN_PATTERN = /^[A-Z]{3}P[A-Z][0-9]{4}[A-Z]$/;
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const ACCOUNT_NUMBER_PATTERN = new RegExp(
  `^\\d{${ACCOUNT_NUMBER_MIN_LENGTH},${ACCOUNT_NUMBER_MAX_LENGTH}}$`,
);
export const OTP_PATTERN = new RegExp(`^\\d{${OTP_LENGTH}}$`);
/** Letters of any script (with their accents), spaces and . ' - ; at least one letter. */
export const NAME_PATTERN = /^(?=.*\p{L})[\p{L}\p{M} .'-]+$/u;

// --- Sanitizers (spec §5): what a field keeps of what was typed or pasted ---------------------

const digitsOf = (raw: string): string => raw.replace(/\D/g, '');

/**
 * Digits only, at most 10. A pasted '+91 98765 43210', '919876543210' or '09876543210'
 * loses its country or trunk prefix first, so the user gets their number, not '9198765432'.
 */
export function phoneInput(raw: string): string {
  const trimmed = raw.trim();
  let digits = digitsOf(trimmed);
  if (trimmed.startsWith('+91')) digits = digits.slice(2);
  else if (digits.length === PHONE_LENGTH + 2 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length === PHONE_LENGTH + 1 && digits.startsWith('0')) digits = digits.slice(1);
  return digits.slice(0, PHONE_LENGTH);
}

/** Free text as kept: trimmed, every run of spaces, tabs or newlines one space. */
export const tidyText = (raw: string): string => raw.trim().replace(/\s+/g, ' ');

/** Whole rupees, digits only, no leading zeros (a lone '0' stays), at most 9 digits. */
export function amountInput(raw: string): string {
  return digitsOf(raw)
    .replace(/^0+(?=\d)/, '')
    .slice(0, AMOUNT_INPUT_MAX_DIGITS);
}

/** Upper-cased, letters and digits only, at most 10. */
export function panInput(raw: string): string {
  return raw
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, PAN_LENGTH);
}

/** Upper-cased, letters and digits only, at most 11. */
export function ifscInput(raw: string): string {
  return raw
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, IFSC_LENGTH);
}

/** Digits only, at most 18. */
export function accountNumberInput(raw: string): string {
  return digitsOf(raw).slice(0, ACCOUNT_NUMBER_MAX_LENGTH);
}

/** Digits only, at most OTP_LENGTH. */
export function otpInput(raw: string): string {
  return digitsOf(raw).slice(0, OTP_LENGTH);
}

// --- Field checks the forms show while typing ------------------------------------------------

export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value);
}

/** Spec §5: the message shows only once 10 digits are entered and they are not a valid number. */
export function phoneError(value: string): string | null {
  const digits = phoneInput(value);
  return digits.length === PHONE_LENGTH && !isValidPhone(digits) ? m.phone : null;
}

/** D11 on paise: null when the amount is acceptable, else the message to show (and its code). */
export function amountSaid(amount: Paise | null): Said | null {
  const v = coded(messages).validation;
  if (amount === null) return v.amountRequired;
  if (amount % PAISE_PER_RUPEE !== 0) return v.amountWholeRupees;
  if (amount < AMOUNT_MIN_PAISE) return v.amountMin;
  if (amount > AMOUNT_MAX_PAISE) return v.amountMax;
  return null;
}

/** D11 on paise: null when the amount is acceptable, else the message to show. */
export function amountError(amount: Paise | null): string | null {
  return amountSaid(amount)?.message ?? null;
}

// --- Schemas ---------------------------------------------------------------------------------
// zod/mini: the tree-shakable API, so the browser ships only the checks used here (issue 11);
// its core is the one src/browser/storage.ts already loads.

// A message is a function: read when a value fails, so it is in the language of that moment.
const patternSchema = (pattern: RegExp, error: () => string) =>
  z.string({ error }).check(z.regex(pattern, { error }));

export const phoneSchema = patternSchema(PHONE_PATTERN, () => m.phone);

export const panSchema = patternSchema(PAN_PATTERN, () => m.pan);

export const ifscSchema = patternSchema(IFSC_PATTERN, () => m.ifsc);

export const accountNumberSchema = patternSchema(ACCOUNT_NUMBER_PATTERN, () => m.accountNumber);

export const otpSchema = patternSchema(OTP_PATTERN, () => m.otp);

/** D18: a tutor username as it appears in /{username} and /static-link/{username}. */
export const usernameSchema = z
  .string({ error: () => m.username })
  .check(z.refine(isValidUsernameShape, { error: () => m.username }));

export const termsSchema = z.literal(true, { error: () => m.terms });

/**
 * A person's name's problem, with its code: required (the caller's words), at most 50, letters
 * of any script, spaces and . ' -; null when it is a name. The one home of the name rule.
 */
export function nameSaid(raw: string, required: () => Said): Said | null {
  const name = raw.trim();
  if (name.length < 1) return required();
  if (name.length > NAME_MAX_LENGTH) return coded(messages).validation.nameTooLong;
  if (!NAME_PATTERN.test(name)) return coded(messages).validation.nameInvalid;
  return null;
}

/** A person's name as a schema (trimmed): nameSaid's rule, its message in the caller's words. */
export function nameSchema(required: () => string) {
  const said = (value: unknown) =>
    nameSaid(typeof value === 'string' ? value : '', () => ({ message: required(), code: '' }));
  return z.string({ error: required }).check(
    z.trim(),
    z.refine((name: string) => said(name) === null, {
      error: (issue) => said(issue.input)?.message ?? required(),
    }),
  );
}

/** Trimmed; required, at most 50, letters (any script), spaces and . ' - (spec §5). */
export const firstNameSchema = nameSchema(() => m.firstNameRequired);
export const lastNameSchema = nameSchema(() => m.lastNameRequired);

/** D11: a base amount in paise, whole rupees from ₹1 to ₹50,000. */
export const amountPaiseSchema = z.number({ error: () => m.amountRequired }).check(
  z.refine((n: number) => Number.isInteger(n), { error: () => m.amountWholeRupees }),
  z.multipleOf(PAISE_PER_RUPEE, { error: () => m.amountWholeRupees }),
  z.minimum(AMOUNT_MIN_PAISE, { error: () => m.amountMin }),
  z.maximum(AMOUNT_MAX_PAISE, { error: () => m.amountMax }),
);

/** The amount field's text (spec §5: non-digits ignored) to paise, checked against D11. */
export const amountInputSchema = z.pipe(
  z.string({ error: () => m.amountRequired }),
  z.transform((text: string, ctx): Paise => {
    const paise = parseRupeeInput(text);
    const error = amountError(paise);
    if (paise === null || error !== null) {
      ctx.issues.push({ code: 'custom', message: error ?? m.amountRequired, input: text });
      return z.NEVER;
    }
    return paise;
  }),
);

/**
 * A rupee number from API JSON (at most 2 decimals, e.g. the order's total 5059.71) to paise.
 * Range checks are the caller's: totals include fees, so they exceed the D11 maximum.
 */
export const rupeesSchema = z.pipe(
  z.number({ error: () => m.amountRequired }),
  z.transform((rupees: number, ctx): Paise => {
    const paise = rupeesToPaiseOrNull(rupees);
    if (paise === null) {
      ctx.issues.push({ code: 'custom', message: m.amountDecimals, input: rupees });
      return z.NEVER;
    }
    return paise;
  }),
);

// --- Form schemas ----------------------------------------------------------------------------

/** Student login and payee lookup: a valid phone. */
export const phoneFormSchema = z.object({ phone: phoneSchema });

/** Tutor login (spec §5): valid phone and the terms checkbox ticked. */
export const tutorLoginSchema = z.object({ phone: phoneSchema, terms: termsSchema });

export const otpFormSchema = z.object({ phone: phoneSchema, otp: otpSchema });

/** Names alone: spec §5 asks the server for the PAN before showing the PAN field. */
export const namesSchema = z.object({ firstName: firstNameSchema, lastName: lastNameSchema });

/** Sign-up step 1 and /pay/tutor-details: names plus PAN. */
export const personalDetailsSchema = z.extend(namesSchema, { pan: panSchema });

/** Sign-up step 2: the re-entered number must match (message on the re-entry field). */
export const bankAccountSchema = z
  .object({
    accountNumber: accountNumberSchema,
    confirmAccountNumber: z.string({ error: () => m.accountMismatch }),
    ifsc: ifscSchema,
  })
  .check(
    z.refine((v) => v.accountNumber === v.confirmAccountNumber, {
      error: () => m.accountMismatch,
      path: ['confirmAccountNumber'],
    }),
  );

/** Payment details form: amount text and the tutor's phone. */
export const paymentDetailsSchema = z.object({ amount: amountInputSchema, phone: phoneSchema });

/** The first message per field, for forms that show one line under each field. */
export function fieldErrors(error: z.core.$ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
