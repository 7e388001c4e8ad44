import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  formatAmount,
  formatINR,
  isPaise,
  paiseToRupees,
  parseRupeeInput,
  rupeesToPaise,
  rupeesToPaiseOrNull,
} from '../../src/domain/money';

/** Largest paise amount whose rupee double still has a distinct 2-decimal form (≈ ₹8.8e12). */
const EXACT_LIMIT = 2 ** 43 * 100;

describe('D9 rupeesToPaise (API edges)', () => {
  it('converts the worked example exactly: 5059.71 → 505971', () => {
    expect(rupeesToPaise(5059.71)).toBe(505971);
  });

  it.each([
    [0, 0],
    [-0, 0],
    [0.1, 10],
    [0.29, 29], // 0.29 * 100 is 28.999999999999996 in floats
    [1.1, 110],
    [4.35, 435], // 4.35 * 100 is 434.99999999999994
    [170, 17000],
    [170.0, 17000],
    [50, 5000],
    [50000, 5000000],
    [1.5, 150],
    [-50, -5000],
    [-0.07, -7],
  ])('%s rupees is %s paise', (rupees, paise) => {
    expect(rupeesToPaise(rupees)).toBe(paise);
  });

  it.each([NaN, Infinity, -Infinity, 1.005, 0.001, 1e-7, 1e21, 123.456, 2 ** 53])(
    'rejects %s (non-finite, more than 2 decimals, or not exact)',
    (rupees) => {
      expect(rupeesToPaiseOrNull(rupees)).toBeNull();
      expect(() => rupeesToPaise(rupees)).toThrow(RangeError);
    },
  );

  it('rejects non-numbers passed from untyped JSON', () => {
    expect(rupeesToPaiseOrNull('50' as unknown as number)).toBeNull();
  });

  it('round-trips every paise amount through rupees (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -EXACT_LIMIT, max: EXACT_LIMIT }), (paise) => {
        const rupees = paiseToRupees(paise);
        expect(rupeesToPaise(rupees)).toBe(paise === 0 ? 0 : paise);
        // JSON shows at most 2 decimals.
        expect(JSON.stringify(rupees)).toMatch(/^-?\d+(\.\d{1,2})?$/);
      }),
    );
  });
});

describe('D9 paiseToRupees', () => {
  it('gives a 2-decimal JSON number', () => {
    expect(paiseToRupees(505971)).toBe(5059.71);
    expect(JSON.stringify({ amount: paiseToRupees(505971) })).toBe('{"amount":5059.71}');
    expect(paiseToRupees(5000)).toBe(50);
    expect(paiseToRupees(1)).toBe(0.01);
  });

  it.each([1.5, NaN, Infinity, 2 ** 53])('throws for %s, which is not paise', (p) => {
    expect(() => paiseToRupees(p)).toThrow(RangeError);
  });

  it('isPaise accepts only safe integers', () => {
    expect(isPaise(0)).toBe(true);
    expect(isPaise(-5)).toBe(true);
    expect(isPaise(Number.MAX_SAFE_INTEGER)).toBe(true);
    expect(isPaise(2 ** 53)).toBe(false);
    expect(isPaise(0.5)).toBe(false);
    expect(isPaise('5')).toBe(false);
  });
});

describe('spec §5 / D11 parseRupeeInput (amount field)', () => {
  it('empty is allowed and gives null', () => {
    expect(parseRupeeInput('')).toBeNull();
  });

  it('ignores non-digits', () => {
    expect(parseRupeeInput('abc')).toBeNull();
    expect(parseRupeeInput('5,000')).toBe(500000);
    expect(parseRupeeInput('₹ 5000')).toBe(500000);
    expect(parseRupeeInput(' 12a3 ')).toBe(12300);
  });

  it('D11 whole rupees only: a decimal point is just another non-digit', () => {
    expect(parseRupeeInput('50.5')).toBe(505 * 100);
  });

  it('zero and leading zeros', () => {
    expect(parseRupeeInput('0')).toBe(0);
    expect(parseRupeeInput('007')).toBe(700);
  });

  it('keeps at most 9 digits so the value stays a safe integer', () => {
    expect(parseRupeeInput('12345678901234567890')).toBe(123456789 * 100);
  });

  it('always gives safe-integer paise (property)', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const paise = parseRupeeInput(text);
        expect(paise === null || (Number.isSafeInteger(paise) && paise % 100 === 0)).toBe(true);
      }),
    );
  });
});

describe('D9 formatINR (Indian digit grouping, always 2 decimals)', () => {
  it.each([
    [505971, '₹5,059.71'],
    [5000, '₹50.00'],
    [500000, '₹5,000.00'],
    [10500050, '₹1,05,000.50'],
    [0, '₹0.00'],
    [1, '₹0.01'],
    [10, '₹0.10'],
    [99999, '₹999.99'],
    [100000, '₹1,000.00'],
    [1000000000, '₹1,00,00,000.00'],
    [123456789012, '₹1,23,45,67,890.12'],
    [-5000, '-₹50.00'],
  ])('%s paise is %s', (paise, text) => {
    expect(formatINR(paise)).toBe(text);
  });

  it('formatAmount is the same without the symbol', () => {
    expect(formatAmount(10500050)).toBe('1,05,000.50');
    expect(formatAmount(-5000)).toBe('-50.00');
  });

  it('throws for non-paise', () => {
    expect(() => formatINR(0.5)).toThrow(RangeError);
  });

  it('matches Intl en-IN where the runtime has it (property)', () => {
    const intl = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
    // Intl formats through doubles; keep to amounts it renders exactly.
    fc.assert(
      fc.property(fc.integer({ min: -1e14, max: 1e14 }), (paise) => {
        expect(formatINR(paise)).toBe(intl.format(paise / 100));
      }),
    );
  });

  it('round-trips: formatted text parses back to the same paise (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -EXACT_LIMIT, max: EXACT_LIMIT }), (paise) => {
        const text = formatINR(paise).replace(/[₹,]/g, '');
        expect(rupeesToPaise(Number(text))).toBe(paise === 0 ? 0 : paise);
      }),
    );
  });
});
