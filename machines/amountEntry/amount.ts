// The amount field's rules (spec §5, D11, D39), shared by the amount screens: the static link
// (amountEntry) and the payment-details form (payeeLookup).
import type { Paise } from '../../src/domain/money';
import { parseRupeeInput, paiseToRupees } from '../../src/domain/money';
import { amountError, amountInput } from '../../src/domain/validation';

/** What the field keeps of what was typed or pasted: digits only, no leading zeros. */
export const sanitizeAmount = amountInput;

/** The field's text in paise; null when empty. */
export function amountPaise(text: string): Paise | null {
  return parseRupeeInput(text);
}

/** D11: ₹1 to ₹50,000 in whole rupees; empty and zero are not amounts to pay. */
export function isPayableAmount(text: string): boolean {
  return amountError(amountPaise(text)) === null;
}

/**
 * The message under the field: none while it is empty (the helper text is enough), else what
 * is wrong with the amount (zero, above ₹50,000).
 */
export function amountFieldError(text: string): string | null {
  if (text === '') return null;
  return amountError(amountPaise(text));
}

/** A stored amount (paise) back to the field's text: 150000 → '1500'. */
export function amountTextFromPaise(paise: Paise | null | undefined): string {
  if (paise == null || paise <= 0 || paise % 100 !== 0) return '';
  return sanitizeAmount(String(paiseToRupees(paise)));
}
