// The amount breakup of D9, shared by the review screen and the server (which is authoritative).
// Rates are decimals like 1 or 19.41; they are turned into exact fractions of integers and all
// arithmetic is BigInt, so no binary-float rounding can change a paisa.

import { CHARGES_RATE, DEFAULT_BASE_RATE, PAYMENT_METHOD, type PaymentMethod } from './constants';
import { isPaise, type Paise } from './money';

export interface Breakup {
  /** What the tutor is paid (the base amount). */
  amount: Paise;
  /** Platform fee: amount × base_rate%. */
  fee: Paise;
  /** Government and other charges: fee × 19.41%. */
  charges: Paise;
  /** amount + fee + charges: what the student pays. */
  total: Paise;
}

interface Fraction {
  num: bigint;
  den: bigint;
}

/** A finite non-negative number's exact decimal value (from its shortest form) as a fraction. */
function decimalFraction(value: number): Fraction {
  const match = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(value));
  if (!match) throw new RangeError(`Not a non-negative decimal: ${value}`);
  const [, whole = '0', fraction = '', exponentText = '0'] = match;
  const exponent = Number(exponentText) - fraction.length;
  const digits = BigInt(whole + fraction);
  return exponent >= 0
    ? { num: digits * 10n ** BigInt(exponent), den: 1n }
    : { num: digits, den: 10n ** BigInt(-exponent) };
}

/** roundHalfUp(value × rate / 100) for value ≥ 0, exactly. */
function percentOf(value: Paise, rate: Fraction): Paise {
  const num = BigInt(value) * rate.num;
  const den = rate.den * 100n;
  // floor((num + den/2) / den) without fractions: (2·num + den) / (2·den).
  return Number((2n * num + den) / (2n * den));
}

/**
 * The platform rate in percent actually used: the fee response's base_rate when it is a finite
 * number from 0 to 100, else DEFAULT_BASE_RATE (spec §9: "1 percent when ... no base_rate").
 */
export function effectiveBaseRate(baseRate?: unknown): number {
  return typeof baseRate === 'number' &&
    Number.isFinite(baseRate) &&
    baseRate >= 0 &&
    baseRate <= 100
    ? baseRate
    : DEFAULT_BASE_RATE;
}

export interface BreakupInput {
  /** The base amount in paise; a non-negative safe integer. */
  amount: Paise;
  method: PaymentMethod;
  /** The fee setting's base_rate in percent; absent or invalid means DEFAULT_BASE_RATE. */
  baseRate?: number | null | undefined;
}

/** D9 breakup. UPI has no fee and no charges (D6). Throws RangeError for a bad amount. */
export function computeBreakup({ amount, method, baseRate }: BreakupInput): Breakup {
  if (!isPaise(amount) || amount < 0) {
    throw new RangeError(`The amount must be a non-negative integer of paise: ${String(amount)}`);
  }
  if (method === PAYMENT_METHOD.upi) return { amount, fee: 0, charges: 0, total: amount };
  const fee = percentOf(amount, decimalFraction(effectiveBaseRate(baseRate)));
  const charges = percentOf(fee, decimalFraction(CHARGES_RATE));
  const total = amount + fee + charges;
  if (!Number.isSafeInteger(total)) throw new RangeError(`The total is too large: ${amount}`);
  return { amount, fee, charges, total };
}

/**
 * The server's D9 check: does the order's total match what we compute from its base amount?
 * Invalid input is simply inconsistent (false), never an exception.
 */
export function isTotalConsistent(
  total: Paise,
  baseAmount: Paise,
  method: PaymentMethod,
  baseRate?: number | null,
): boolean {
  if (!isPaise(total) || !isPaise(baseAmount) || baseAmount < 0) return false;
  if (method !== PAYMENT_METHOD.card && method !== PAYMENT_METHOD.upi) return false;
  try {
    return computeBreakup({ amount: baseAmount, method, baseRate }).total === total;
  } catch {
    return false;
  }
}
