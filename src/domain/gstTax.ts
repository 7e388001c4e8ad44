// GST on a payment (D260, D266): the one home of the tax arithmetic, in integer paise (D9).
//
// - A tutor's tuition is SAC 999293 (commercial training and coaching) at 18%; our platform fee
//   is SAC 997158 (transaction processing) at 18%.
// - Place of supply (IGST Act s.12(2)(b), a supply to an unregistered person): the payer's
//   state when their address is on record, else the supplier's own state. Same state as the
//   supplier: CGST 9% + SGST 9%; another state: IGST 18%.
// - What was paid is the GST-inclusive total: the taxable value is total × 100/118 rounded to
//   the paisa, the tax is the rest. Each split of an amount into lines rounds every line to
//   the paisa and puts the difference on the last line, so the lines always add up: CGST is
//   9% of the taxable value, SGST what is left of the tax; an invoice's item lines share its
//   taxable value in proportion to their amounts, the last taking what is left.
// - A tutor whose fees exclude GST has it added to each due of a fee plan, to the rupee (D11:
//   what a payer pays is whole rupees), and the invoice is worked out from what was paid.
import type { Paise } from './money';

export const GST_RATE_PERCENT = 18;
/** Commercial training and coaching services. */
export const SAC_TUITION = '999293';
/** Financial transaction processing services: what our platform fee pays for. */
export const SAC_PLATFORM_FEE = '997158';
/** Rule 59(4), from 1 August 2024: inter-State B2C invoices above ₹1 lakh are B2CL. */
export const B2CL_THRESHOLD_PAISE = 1_00_000_00;
/**
 * Rule 46(e): from this taxable value an invoice to an unregistered payer must carry their
 * address and state. No payment reaches it while D11 caps a payment at ₹50,000 (D267).
 */
export const PAYER_ADDRESS_THRESHOLD_PAISE = 50_000_00;

/** Same state as the supplier (CGST + SGST) or another (IGST). */
export const SUPPLY_TYPES = ['intra', 'inter'] as const;
export type SupplyType = (typeof SUPPLY_TYPES)[number];

/**
 * The documents a payment gives (D265): an unregistered tutor's receipt, a registered tutor's
 * tax invoice, our platform fee's invoice, and each invoice's credit note after a refund.
 */
export const TAX_DOCUMENT_KINDS = [
  'receipt',
  'tax_invoice',
  'credit_note',
  'platform_invoice',
  'platform_credit_note',
] as const;
export type TaxDocumentKind = (typeof TAX_DOCUMENT_KINDS)[number];
/** A document's item lines: the tutor's tuition, or our platform fee and its charges (D9). */
export const TAX_LINE_ITEMS = ['tuition', 'platformFee', 'charges'] as const;
export type TaxLineItem = (typeof TAX_LINE_ITEMS)[number];

export interface GstAmounts {
  taxable: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
  /** taxable + cgst + sgst + igst. */
  total: Paise;
}

/** floor(num / den + 1/2) for non-negative integers: half a paisa rounds up. */
function roundHalfUp(num: number, den: number): number {
  return Math.floor((2 * num + den) / (2 * den));
}

function assertAmount(amount: Paise): void {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RangeError(`Not a non-negative amount of paise: ${String(amount)}`);
  }
}

/** Where a supply to an unregistered payer is taxed: their state if known, else ours. */
export function placeOfSupply(supplierState: string, recipientState: string | null): string {
  return recipientState ?? supplierState;
}

export function supplyType(supplierState: string, place: string): SupplyType {
  return supplierState === place ? 'intra' : 'inter';
}

/** The GST inside a total that includes it, split by the supply's type. */
export function gstFromInclusive(total: Paise, supply: SupplyType): GstAmounts {
  assertAmount(total);
  const taxable = roundHalfUp(total * 100, 100 + GST_RATE_PERCENT);
  const tax = total - taxable;
  if (supply === 'inter') return { taxable, cgst: 0, sgst: 0, igst: tax, total };
  const cgst = Math.min(tax, roundHalfUp(taxable * (GST_RATE_PERCENT / 2), 100));
  return { taxable, cgst, sgst: tax - cgst, igst: 0, total };
}

/**
 * `total` shared in proportion to `weights`, each share rounded half up to the paisa and the
 * last taking the difference, so the shares add up to `total` exactly.
 */
export function shareByWeights(total: Paise, weights: readonly Paise[]): Paise[] {
  assertAmount(total);
  weights.forEach(assertAmount);
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) throw new RangeError('Weights that add up to nothing cannot share an amount');
  const shares = weights.map((w) => roundHalfUp(total * w, sum));
  shares[shares.length - 1] = total - shares.slice(0, -1).reduce((a, b) => a + b, 0);
  return shares;
}

/** What a payer pays for a GST-exclusive fee: fee plus 18%, to the rupee (D11, D266). */
export function withGstOnTop(fee: Paise): Paise {
  assertAmount(fee);
  return roundHalfUp(fee * (100 + GST_RATE_PERCENT), 100 * 100) * 100;
}

/** The GSTR-1 table of a supply to an unregistered person. */
export function gstr1Table(supply: SupplyType, invoiceValue: Paise): 'B2CL' | 'B2CS' {
  return supply === 'inter' && invoiceValue > B2CL_THRESHOLD_PAISE ? 'B2CL' : 'B2CS';
}

export interface InvoiceFigures extends GstAmounts {
  /** Each item line's amount (GST included) and the part of the taxable value it carries. */
  lines: { amount: Paise; taxable: Paise }[];
}

/**
 * An invoice's figures from its item lines' GST-inclusive amounts: the tax of their total,
 * and each line's share of the taxable value (the last line takes the rounding difference).
 */
export function invoiceFigures(amounts: readonly Paise[], supply: SupplyType): InvoiceFigures {
  if (amounts.length === 0) throw new RangeError('An invoice has at least one line');
  const total = amounts.reduce((a, b) => a + b, 0);
  const gst = gstFromInclusive(total, supply);
  const taxables = total === 0 ? amounts.map(() => 0) : shareByWeights(gst.taxable, amounts);
  return { ...gst, lines: amounts.map((amount, i) => ({ amount, taxable: taxables[i]! })) };
}
