// Money as integer paise (D9). Rupees exist only at the edges: API JSON numbers and display.
// Conversions go through decimal strings, never `x * 100` on floats, so 5059.71 is 505971.

import { AMOUNT_INPUT_MAX_DIGITS, PAISE_PER_RUPEE } from './constants';
import { groupIndian, wholeRupeesText } from './indianDigits';

/** An amount in paise. Plain number (JSON- and zod-friendly), always a safe integer. */
export type Paise = number;

export function isPaise(value: unknown): value is Paise {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

function assertPaise(p: Paise): void {
  if (!isPaise(p)) throw new RangeError(`Not an integer amount of paise: ${String(p)}`);
}

/**
 * Rupees (a JSON number such as 5059.71) to paise, or null when the number is not finite, has
 * more than 2 decimals, or is too large to be exact. Uses the number's shortest decimal form
 * (what JSON and the user wrote), so no binary-float error can creep in.
 */
export function rupeesToPaiseOrNull(rupees: number): Paise | null {
  if (typeof rupees !== 'number' || !Number.isFinite(rupees)) return null;
  if (rupees === 0) return 0; // also folds -0
  const text = String(Math.abs(rupees));
  // Exponent forms are either huge (not safe) or tiny (more than 2 decimals).
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  const paise = whole * PAISE_PER_RUPEE + fraction;
  if (!Number.isSafeInteger(paise)) return null;
  return rupees < 0 ? -paise : paise;
}

/** Like rupeesToPaiseOrNull, but throws a RangeError: for values already validated. */
export function rupeesToPaise(rupees: number): Paise {
  const paise = rupeesToPaiseOrNull(rupees);
  if (paise === null) throw new RangeError(`Not a rupee amount with at most 2 decimals: ${rupees}`);
  return paise;
}

/** Paise to a rupee number for JSON. Integer / 100 is correctly rounded: 505971 → 5059.71. */
export function paiseToRupees(paise: Paise): number {
  assertPaise(paise);
  return paise / PAISE_PER_RUPEE;
}

/**
 * The amount field's text to paise (spec §5, D11): non-digits are ignored, whole rupees only;
 * empty gives null. Digits beyond AMOUNT_INPUT_MAX_DIGITS are dropped, as the field does.
 */
export function parseRupeeInput(text: string): Paise | null {
  const digits = text.replace(/\D/g, '').slice(0, AMOUNT_INPUT_MAX_DIGITS);
  if (digits === '') return null;
  return Number(digits) * PAISE_PER_RUPEE;
}

/**
 * '1,05,000.50': en-IN grouping, always 2 decimals. Computed by hand (same result as
 * Intl en-IN) so it does not depend on the runtime's ICU data.
 */
export function formatAmount(paise: Paise): string {
  assertPaise(paise);
  const abs = Math.abs(paise);
  const rupees = Math.floor(abs / PAISE_PER_RUPEE);
  const rest = abs % PAISE_PER_RUPEE;
  const sign = paise < 0 ? '-' : '';
  return `${sign}${groupIndian(String(rupees))}.${String(rest).padStart(2, '0')}`;
}

/** '₹50,000': a limit in whole rupees, for sentences (the paise are dropped). */
export function formatWholeINR(paise: Paise): string {
  return wholeRupeesText(paise / PAISE_PER_RUPEE);
}

/**
 * D240: an amount as the texts write it (SMS, WhatsApp), in every language: 'Rs 1,200.50'.
 * 'Rs', not '₹': an English DLT template is GSM-7, which has no ₹ (one would make the text
 * Unicode, 70 characters a part instead of 160); the Hindi ones say it the same way.
 */
export function formatTextAmount(paise: Paise): string {
  return `Rs ${formatAmount(paise)}`;
}

/** '₹1,05,000.50', '₹50.00', '-₹50.00' (the sign before the symbol, as Intl writes it). */
export function formatINR(paise: Paise): string {
  const text = formatAmount(paise);
  return text.startsWith('-') ? `-₹${text.slice(1)}` : `₹${text}`;
}

/** Why a typed amount is not one (rupeesTextToPaise). */
export type RupeesTextProblem = 'empty' | 'notAmount' | 'decimals';

/**
 * D233: an amount as a person types it, in rupees and paise: '1200.50' is 120050 paise
 * (₹1,200.50), '1,200' and '₹ 1200' are 120000. Commas may group the rupees; at most 2 digits
 * follow the point. Anything else ('25oo', '12.345', '1.2.3', '-5') is refused, never read
 * into another number.
 */
export function rupeesTextToPaise(
  text: string,
): { ok: true; paise: Paise } | { ok: false; problem: RupeesTextProblem } {
  const bare = text
    .trim()
    .replace(/^(₹|rs\.?|inr)\s*/i, '')
    .trim();
  if (bare === '') return { ok: false, problem: 'empty' };
  const match = /^(\d+(?:,\d+)*)(?:\.(\d*))?$/.exec(bare);
  if (!match) return { ok: false, problem: 'notAmount' };
  const fraction = match[2] ?? '';
  if (match[2] !== undefined && fraction === '') return { ok: false, problem: 'notAmount' };
  if (fraction.length > 2) return { ok: false, problem: 'decimals' };
  const whole = match[1]!.replaceAll(',', '');
  if (whole.length > AMOUNT_INPUT_MAX_DIGITS) return { ok: false, problem: 'notAmount' };
  return {
    ok: true,
    paise: Number(whole) * PAISE_PER_RUPEE + Number(fraction.padEnd(2, '0')),
  };
}

/** Paise as the amount field shows them again: 120050 is '1200.50', 120000 is '1200'. */
export function paiseToRupeesText(paise: Paise): string {
  assertPaise(paise);
  const rest = paise % PAISE_PER_RUPEE;
  const whole = String(Math.trunc(paise / PAISE_PER_RUPEE));
  return rest === 0 ? whole : `${whole}.${String(rest).padStart(2, '0')}`;
}
