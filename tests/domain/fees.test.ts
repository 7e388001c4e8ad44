import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { computeBreakup, effectiveBaseRate, isTotalConsistent } from '../../src/domain/fees';
import { formatINR } from '../../src/domain/money';

/** Independent reference: roundHalfUp(value × num / den) in plain integers (all < 2^53 here). */
const refRound = (value: number, num: number, den: number): number =>
  Math.floor((2 * value * num + den) / (2 * den));

describe('D9 worked examples', () => {
  it('₹5,000 by card: fee ₹50.00, charges ₹9.71, total ₹5,059.71', () => {
    const b = computeBreakup({ amount: 500000, method: 'cc' });
    expect(b).toEqual({ amount: 500000, fee: 5000, charges: 971, total: 505971 });
    expect(formatINR(b.fee)).toBe('₹50.00');
    expect(formatINR(b.charges)).toBe('₹9.71');
    expect(formatINR(b.total)).toBe('₹5,059.71');
  });

  it('₹5,000 by UPI (D6): no fee, no charges, total ₹5,000.00', () => {
    const b = computeBreakup({ amount: 500000, method: 'upi' });
    expect(b).toEqual({ amount: 500000, fee: 0, charges: 0, total: 500000 });
    expect(formatINR(b.total)).toBe('₹5,000.00');
  });

  it('₹50,000 by card (D11 maximum): fee ₹500.00, charges ₹97.05, total ₹50,597.05', () => {
    const b = computeBreakup({ amount: 5000000, method: 'cc' });
    expect(b).toEqual({ amount: 5000000, fee: 50000, charges: 9705, total: 5059705 });
    expect(formatINR(b.total)).toBe('₹50,597.05');
  });

  it('₹1 by card (D11 minimum): fee ₹0.01, charges ₹0.00 (0.1941 paise rounds down)', () => {
    expect(computeBreakup({ amount: 100, method: 'cc' })).toEqual({
      amount: 100,
      fee: 1,
      charges: 0,
      total: 101,
    });
  });
});

describe('D9 rounding is half up, in whole paise', () => {
  it('fee: 0.5 paise rounds up, 0.49 rounds down', () => {
    expect(computeBreakup({ amount: 50, method: 'cc' }).fee).toBe(1);
    expect(computeBreakup({ amount: 49, method: 'cc' }).fee).toBe(0);
    expect(computeBreakup({ amount: 150, method: 'cc' }).fee).toBe(2);
  });

  it('charges: 970.5 paise rounds up to 971; 9.705 to 10', () => {
    expect(computeBreakup({ amount: 500000, method: 'cc' }).charges).toBe(971);
    expect(computeBreakup({ amount: 5000, method: 'cc' }).charges).toBe(10);
  });

  it('rates that are inexact in binary still round exactly (1.15% of ₹1,000 = 1150 paise)', () => {
    // In floats 100000 * 1.15 / 100 is 1149.9999999999998.
    expect(computeBreakup({ amount: 100000, method: 'cc', baseRate: 1.15 }).fee).toBe(1150);
    // 0.5 paise exactly: 2.5% of 20 paise, half up.
    expect(computeBreakup({ amount: 20, method: 'cc', baseRate: 2.5 }).fee).toBe(1);
    // 0.0005 paise short of a half: 0.4995 rounds down.
    expect(computeBreakup({ amount: 333, method: 'cc', baseRate: 0.15 }).fee).toBe(0);
  });
});

describe('D9 base_rate (spec §9: 1 percent when absent)', () => {
  it.each([undefined, null, NaN, Infinity, -1, 100.5, '2', {}])(
    'an absent or invalid base_rate %s means 1%',
    (rate) => {
      expect(effectiveBaseRate(rate)).toBe(1);
      const b = computeBreakup({ amount: 500000, method: 'cc', baseRate: rate as number });
      expect(b.fee).toBe(5000);
    },
  );

  it.each([0, 0.5, 1, 1.75, 2, 100])('a valid base_rate %s is used as given', (rate) => {
    expect(effectiveBaseRate(rate)).toBe(rate);
  });

  it('base_rate 0 means no fee and no charges', () => {
    expect(computeBreakup({ amount: 500000, method: 'cc', baseRate: 0 })).toEqual({
      amount: 500000,
      fee: 0,
      charges: 0,
      total: 500000,
    });
  });

  it('a tiny rate in exponent form (1e-7 %) is still exact', () => {
    expect(computeBreakup({ amount: 5000000, method: 'cc', baseRate: 1e-7 }).fee).toBe(0);
  });

  it('UPI ignores the rate', () => {
    expect(computeBreakup({ amount: 12345, method: 'upi', baseRate: 5 }).total).toBe(12345);
  });
});

describe('D9/D11 every whole-rupee amount from ₹1 to ₹50,000 (exhaustive)', () => {
  it('card at the default 1%: fee, charges and total match the reference exactly', () => {
    for (let rupees = 1; rupees <= 50_000; rupees += 1) {
      const amount = rupees * 100;
      const b = computeBreakup({ amount, method: 'cc' });
      const fee = refRound(amount, 1, 100);
      const charges = refRound(fee, 1941, 10000);
      if (
        b.amount !== amount ||
        b.fee !== fee ||
        b.charges !== charges ||
        b.total !== amount + fee + charges ||
        !Number.isSafeInteger(b.total) ||
        !isTotalConsistent(b.total, amount, 'cc')
      ) {
        expect.fail(`₹${rupees}: ${JSON.stringify(b)}`);
      }
    }
  });

  it('UPI: total is the amount', () => {
    for (let rupees = 1; rupees <= 50_000; rupees += 1) {
      const b = computeBreakup({ amount: rupees * 100, method: 'upi' });
      if (b.total !== rupees * 100 || b.fee !== 0 || b.charges !== 0) {
        expect.fail(`₹${rupees}: ${JSON.stringify(b)}`);
      }
    }
  });
});

describe('D9 properties over rates and amounts (fast-check)', () => {
  const amount = fc.integer({ min: 0, max: 5_000_000 });
  const rateHundredths = fc.integer({ min: 0, max: 10_000 });

  it('any 2-decimal rate: fee and charges equal the integer reference; total adds up', () => {
    fc.assert(
      fc.property(amount, rateHundredths, (a, r) => {
        const b = computeBreakup({ amount: a, method: 'cc', baseRate: r / 100 });
        expect(b.fee).toBe(refRound(a, r, 10000));
        expect(b.charges).toBe(refRound(b.fee, 1941, 10000));
        expect(b.total).toBe(b.amount + b.fee + b.charges);
        for (const v of Object.values(b)) expect(Number.isSafeInteger(v)).toBe(true);
      }),
    );
  });

  it('the total never decreases as the amount grows', () => {
    fc.assert(
      fc.property(amount, amount, rateHundredths, (x, y, r) => {
        const [lo, hi] = x <= y ? [x, y] : [y, x];
        const rate = r / 100;
        const tLo = computeBreakup({ amount: lo, method: 'cc', baseRate: rate }).total;
        const tHi = computeBreakup({ amount: hi, method: 'cc', baseRate: rate }).total;
        expect(tLo).toBeLessThanOrEqual(tHi);
      }),
    );
  });

  it('the fee is within half a paisa of the exact percentage', () => {
    fc.assert(
      fc.property(amount, rateHundredths, (a, r) => {
        const { fee } = computeBreakup({ amount: a, method: 'cc', baseRate: r / 100 });
        // |fee − a·r/10000| ≤ 1/2, multiplied out to stay in integers.
        expect(Math.abs(fee * 10000 - a * r) * 2).toBeLessThanOrEqual(10000);
      }),
    );
  });

  it('UPI total is always the amount', () => {
    fc.assert(
      fc.property(amount, rateHundredths, (a, r) => {
        expect(computeBreakup({ amount: a, method: 'upi', baseRate: r / 100 }).total).toBe(a);
      }),
    );
  });

  it('large amounts stay exact (BigInt inside)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 50 }), (a) => {
        const b = computeBreakup({ amount: a, method: 'cc', baseRate: 1 });
        const fee = (2n * BigInt(a) + 100n) / 200n;
        expect(BigInt(b.fee)).toBe(fee);
        expect(b.total).toBe(a + b.fee + b.charges);
      }),
    );
  });
});

describe('D9 computeBreakup refuses bad amounts', () => {
  it.each([-1, 0.5, NaN, Infinity, 2 ** 53])('amount %s throws RangeError', (a) => {
    expect(() => computeBreakup({ amount: a, method: 'cc' })).toThrow(RangeError);
  });

  it('₹0 is a valid (if useless) breakup; D11 range checks live in validation', () => {
    expect(computeBreakup({ amount: 0, method: 'cc' }).total).toBe(0);
  });
});

describe('D9 isTotalConsistent (server check of the order total)', () => {
  it('accepts the total it computes', () => {
    expect(isTotalConsistent(505971, 500000, 'cc')).toBe(true);
    expect(isTotalConsistent(505971, 500000, 'cc', 1)).toBe(true);
    expect(isTotalConsistent(500000, 500000, 'upi')).toBe(true);
    expect(isTotalConsistent(511941, 500000, 'cc', 2)).toBe(true);
  });

  it('refuses a total off by one paisa or priced with the other method', () => {
    expect(isTotalConsistent(505970, 500000, 'cc')).toBe(false);
    expect(isTotalConsistent(505972, 500000, 'cc')).toBe(false);
    expect(isTotalConsistent(500000, 500000, 'cc')).toBe(false);
    expect(isTotalConsistent(505971, 500000, 'upi')).toBe(false);
  });

  it('refuses a total computed with a different rate', () => {
    expect(isTotalConsistent(505971, 500000, 'cc', 2)).toBe(false);
  });

  it('bad input is inconsistent, never an exception', () => {
    expect(isTotalConsistent(NaN, 500000, 'cc')).toBe(false);
    expect(isTotalConsistent(5059.71, 500000, 'cc')).toBe(false);
    expect(isTotalConsistent(505971, -1, 'cc')).toBe(false);
    expect(isTotalConsistent(505971, 500000, 'dc' as 'cc')).toBe(false);
    expect(isTotalConsistent(2 ** 53, 2 ** 53, 'upi')).toBe(false);
  });
});
