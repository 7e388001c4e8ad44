// The create-a-payment-link form of the tutor dashboard (D11, D19, spec §5): what each field
// keeps of what was typed, the checks, and the request the form becomes.
import {
  PAYMENT_LINK_DEFAULT_EXPIRY_DAYS,
  PAYMENT_LINK_MAX_EXPIRY_DAYS,
  PAYMENT_LINK_PURPOSE_MAX_LENGTH,
} from '../../src/domain/constants';
import { dashboardTexts } from '../../src/domain/dashboardTexts';
import { parseRupeeInput, type Paise } from '../../src/domain/money';
import type { PaymentLinkStatus } from '../../src/domain/statuses';
import { addIstDays, isIsoDate } from '../../src/domain/time';
import { amountError, amountInput, isValidPhone, phoneInput } from '../../src/domain/validation';

const t = dashboardTexts.tutor.links;

/**
 * The server refuses an expiry more than PAYMENT_LINK_MAX_EXPIRY_DAYS ahead; the form sends the
 * end of the chosen IST day, so the last day it offers is the day before.
 */
const LAST_EXPIRY_DAY = PAYMENT_LINK_MAX_EXPIRY_DAYS - 1;

export interface LinkForm {
  /** Whole rupees as typed (digits only). */
  amount: string;
  purpose: string;
  /** Optional: only this student can pay the link. */
  phone: string;
  /** The last IST day the link works, 'YYYY-MM-DD'. */
  expiry: string;
}

export type LinkField = keyof LinkForm;

/** What the create call sends: amount in paise inside the app, rupees at the API edge. */
export interface LinkRequest {
  amount: Paise;
  purpose: string;
  student_phone?: string;
  /** ISO with the IST offset: the end of the chosen day. */
  expires_at: string;
}

/** A payment link as its tutor sees it (the API's PaymentLink, amount in paise). */
export interface TutorLink {
  id: string;
  url: string;
  amount: Paise;
  purpose: string;
  status: PaymentLinkStatus;
  student_phone: string | null;
  expires_at: string;
  created_at: string;
  order_id: string | null;
  paid_at: string | null;
}

export function emptyLinkForm(today: string): LinkForm {
  return {
    amount: '',
    purpose: '',
    phone: '',
    expiry: addIstDays(today, PAYMENT_LINK_DEFAULT_EXPIRY_DAYS),
  };
}

/** The days the expiry may be: from today to the server's maximum. */
export function expiryBounds(today: string): { min: string; max: string } {
  return { min: today, max: addIstDays(today, LAST_EXPIRY_DAY) };
}

/** What a field keeps of what was typed (amount and phone: digits only, spec §5). */
export function sanitizeField(field: LinkField, value: string): string {
  if (field === 'amount') return amountInput(value);
  if (field === 'phone') return phoneInput(value);
  if (field === 'purpose') return value.slice(0, PAYMENT_LINK_PURPOSE_MAX_LENGTH);
  return value.trim();
}

/** Each field's message, or nothing when the form can be sent. */
export function linkFormErrors(form: LinkForm, today: string): Partial<Record<LinkField, string>> {
  const errors: Partial<Record<LinkField, string>> = {};
  const amount = amountError(parseRupeeInput(form.amount));
  if (amount) errors.amount = amount;
  if (form.purpose.trim() === '') errors.purpose = t.purposeRequired;
  if (form.phone !== '' && !isValidPhone(form.phone)) errors.phone = t.phoneInvalid;
  const { min, max } = expiryBounds(today);
  if (!isIsoDate(form.expiry) || form.expiry < min || form.expiry > max) {
    errors.expiry = t.expiryRange(max);
  }
  return errors;
}

/** The form as the create call takes it (call only once linkFormErrors is empty). */
export function linkRequest(form: LinkForm): LinkRequest {
  return {
    amount: parseRupeeInput(form.amount) ?? 0,
    purpose: form.purpose.trim(),
    ...(form.phone === '' ? {} : { student_phone: form.phone }),
    expires_at: `${form.expiry}T23:59:59+05:30`,
  };
}
