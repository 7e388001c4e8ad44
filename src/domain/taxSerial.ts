// Serial numbers of tax documents (CGST Rule 46(b), Rule 53(1A)(b); D264): at most 16
// characters of letters, digits, '-' and '/', consecutive in each series and unique in a
// financial year. Each issuer has its own series: a tutor's invoices, a tutor's credit notes,
// and TuitionPay's own invoices and credit notes for the platform fee. The number is the
// series' counter for the year (1, 2, 3, ... from each 1 April), written with the series'
// prefix and the year's short form: 'INV/2526/000042'.
import type { FinancialYear } from './financialYear';

export const TAX_SERIAL_MAX_LENGTH = 16;

export type TaxSeries = 'invoice' | 'creditNote' | 'platformInvoice' | 'platformCreditNote';

/** Prefix and zero-padded digits of each series; every serial fits 16 characters. */
const SERIES: Record<TaxSeries, { prefix: string; digits: number }> = {
  invoice: { prefix: 'INV', digits: 6 },
  creditNote: { prefix: 'CN', digits: 6 },
  // The platform's series counts every card payment of the year: room for 10 crore.
  platformInvoice: { prefix: 'TP', digits: 8 },
  platformCreditNote: { prefix: 'TPC', digits: 7 },
};

const ALLOWED = /^[A-Za-z0-9/-]+$/;

/** 'INV/2526/000042' for the 42nd invoice of 2025-26; throws past the series' room. */
export function taxSerial(series: TaxSeries, year: FinancialYear, number: number): string {
  const { prefix, digits } = SERIES[series];
  if (!Number.isSafeInteger(number) || number < 1 || String(number).length > digits) {
    throw new RangeError(`No room for number ${number} in the ${series} series`);
  }
  const serial = `${prefix}/${year.short}/${String(number).padStart(digits, '0')}`;
  if (!isTaxSerial(serial)) throw new RangeError(`Not a valid serial: ${serial}`);
  return serial;
}

/** Rule 46(b)'s shape: 1-16 characters of letters, digits, '-' and '/'. */
export function isTaxSerial(text: string): boolean {
  return text.length >= 1 && text.length <= TAX_SERIAL_MAX_LENGTH && ALLOWED.test(text);
}
