// India's financial year (D263): 1 April to 31 March, by the IST calendar day (D21). Invoice
// and credit-note serials start afresh with each one, and the year-end register and payouts
// statement cover one.
import { fromIst, istParts } from './time';

export interface FinancialYear {
  /** The calendar year it starts in: 2025 for 2025-26. */
  startYear: number;
  /** '2025-26', as GST returns and accountants write it. */
  label: string;
  /** '2526', the short form serials carry. */
  short: string;
  /** 1 April 00:00 IST. */
  start: Date;
  /** 1 April of the next year 00:00 IST (exclusive). */
  end: Date;
}

const two = (year: number) => String(year % 100).padStart(2, '0');

export function financialYear(startYear: number): FinancialYear {
  if (!Number.isInteger(startYear) || startYear < 1900 || startYear > 2098) {
    throw new RangeError(`Not a financial year: ${startYear}`);
  }
  return {
    startYear,
    label: `${startYear}-${two(startYear + 1)}`,
    short: `${two(startYear)}${two(startYear + 1)}`,
    start: fromIst(startYear, 4, 1),
    end: fromIst(startYear + 1, 4, 1),
  };
}

/** The financial year an instant falls in, by its IST day: 31 March 23:59 IST is the old one. */
export function financialYearOf(date: Date): FinancialYear {
  const { year, month } = istParts(date);
  return financialYear(month >= 4 ? year : year - 1);
}

/** '2025-26' to its year; null for anything else (an API's query, a typed value). */
export function parseFinancialYear(label: string): FinancialYear | null {
  const match = /^(\d{4})-(\d{2})$/.exec(label);
  if (!match) return null;
  const startYear = Number(match[1]);
  if (startYear < 1900 || startYear > 2098) return null;
  if (match[2] !== two(startYear + 1)) return null;
  return financialYear(startYear);
}
