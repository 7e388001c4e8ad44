// GST rules by worked examples (D262-D266): every expected figure below was worked out by hand
// (the sums are in the comments), not by the code under test.
import { describe, expect, it } from 'vitest';
import { financialYear, financialYearOf, parseFinancialYear } from '../../src/domain/financialYear';
import {
  gstinCheckCharacter,
  gstinParts,
  gstinProblem,
  normaliseGstin,
} from '../../src/domain/gstin';
import { placeOfSupplyLabel } from '../../src/domain/gstStates';
import { AMOUNT_MAX_PAISE } from '../../src/domain/constants';
import {
  PAYER_ADDRESS_THRESHOLD_PAISE,
  gstFromInclusive,
  gstr1Table,
  invoiceFigures,
  placeOfSupply,
  shareByWeights,
  supplyType,
  withGstOnTop,
} from '../../src/domain/gstTax';
import { isTaxSerial, taxSerial } from '../../src/domain/taxSerial';

describe('GSTIN: shape, state and mod-36 check character', () => {
  // 27AAPFU0939F1Z: values 2,7,10,10,25,15,30,0,9,3,9,15,1,35; × 1,2,1,2...; 70 (Z×2) counts
  // 1+34; sum 221; 221 mod 36 = 5; 36-5 = 31 = 'V'.
  it('27AAPFU0939F1ZV (Maharashtra) is valid', () => {
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(gstinProblem('27AAPFU0939F1ZV')).toBeNull();
    expect(gstinParts('27AAPFU0939F1ZV')).toEqual({
      stateCode: '27',
      stateName: 'Maharashtra',
      pan: 'AAPFU0939F',
    });
  });

  // 07ABCPV1234K1Z: products 0,14,10,22,12,50,31,2,2,6,4,40,1,70; 50 → 1+14, 40 → 1+4,
  // 70 → 1+34; sum 159; 159 mod 36 = 15; 36-15 = 21 = 'L'.
  it('07ABCPV1234K1ZL (Delhi) is valid; the same PAN in Maharashtra checks to J', () => {
    expect(gstinProblem('07ABCPV1234K1ZL')).toBeNull();
    expect(gstinParts('07ABCPV1234K1ZL').stateName).toBe('Delhi');
    // 27...: the first product is 2 instead of 0, so the sum is 161; 161 mod 36 = 17; 19 = 'J'.
    expect(gstinProblem('27ABCPV1234K1ZJ')).toBeNull();
  });

  // 29AAGCT4051R1Z: products 2,18,10,20,16,24,29,8,0,10,1,54,1,70; 54 → 1+18; sum 193;
  // 193 mod 36 = 13; 36-13 = 23 = 'N'.
  it('29AAGCT4051R1ZN (Karnataka) is valid', () => {
    expect(gstinProblem('29AAGCT4051R1ZN')).toBeNull();
  });

  it('says why a GSTIN cannot be right', () => {
    expect(gstinProblem('27AAPFU0939F1ZA')).toBe('checksum');
    expect(gstinProblem('07ABCPV1234K1ZM')).toBe('checksum');
    expect(gstinProblem('27AAPFU0939F1YV')).toBe('shape'); // the 14th is always Z
    expect(gstinProblem('27AAPF00939F1ZV')).toBe('shape'); // not a PAN
    expect(gstinProblem('27AAPFU0939F0ZV')).toBe('shape'); // entity number 0
    expect(gstinProblem('27AAPFU0939F1Z')).toBe('shape');
    expect(gstinProblem('40ABCPV1234K1ZL')).toBe('state');
    expect(gstinProblem('25ABCPV1234K1ZL')).toBe('state'); // merged into 26 in 2020
  });

  it('reads what a person pasted', () => {
    expect(normaliseGstin(' 27aapfu 0939f1zv ')).toBe('27AAPFU0939F1ZV');
  });
});

describe('place of supply', () => {
  it('is the payer state when known, else the supplier state', () => {
    expect(placeOfSupply('29', '27')).toBe('27');
    expect(placeOfSupply('29', null)).toBe('29');
    expect(supplyType('29', '29')).toBe('intra');
    expect(supplyType('29', '27')).toBe('inter');
    expect(placeOfSupplyLabel('29')).toBe('29-Karnataka');
  });
});

describe('financial year (IST, April to March)', () => {
  it('31 March 23:59:59 IST is the old year; 1 April 00:00 IST the new', () => {
    expect(financialYearOf(new Date('2025-03-31T18:29:59Z')).label).toBe('2024-25');
    expect(financialYearOf(new Date('2025-03-31T18:30:00Z')).label).toBe('2025-26');
    expect(financialYearOf(new Date('2026-01-15T06:00:00Z')).label).toBe('2025-26');
  });

  it('has its IST bounds and short form', () => {
    const year = financialYear(2025);
    expect(year.start.toISOString()).toBe('2025-03-31T18:30:00.000Z');
    expect(year.end.toISOString()).toBe('2026-03-31T18:30:00.000Z');
    expect(year.short).toBe('2526');
    expect(financialYear(2099 - 1).label).toBe('2098-99');
  });

  it('parses only a real label', () => {
    expect(parseFinancialYear('2025-26')?.startYear).toBe(2025);
    expect(parseFinancialYear('1999-00')?.startYear).toBe(1999);
    expect(parseFinancialYear('2025-27')).toBeNull();
    expect(parseFinancialYear('2025')).toBeNull();
  });
});

describe('serials (Rule 46(b): at most 16 of letters, digits, - and /)', () => {
  const year = financialYear(2025);
  it('writes each series', () => {
    expect(taxSerial('invoice', year, 42)).toBe('INV/2526/000042');
    expect(taxSerial('creditNote', year, 1)).toBe('CN/2526/000001');
    expect(taxSerial('platformInvoice', year, 1)).toBe('TP/2526/00000001');
    expect(taxSerial('platformCreditNote', year, 9_999_999)).toBe('TPC/2526/9999999');
  });

  it('never writes a serial longer than 16 or past its room', () => {
    expect(taxSerial('platformInvoice', year, 99_999_999)).toHaveLength(16);
    expect(() => taxSerial('invoice', year, 1_000_000)).toThrow(RangeError);
    expect(() => taxSerial('invoice', year, 0)).toThrow(RangeError);
    expect(isTaxSerial('INV/2526/0000001X')).toBe(false); // 17 characters
    expect(isTaxSerial('INV 2526')).toBe(false);
  });
});

describe('GST inside what was paid (18%)', () => {
  it('₹2,000 in the same state: taxable ₹1,694.92, CGST ₹152.54, SGST ₹152.54', () => {
    // 200000 × 100 / 118 = 169491.5 → 169492; tax 200000 - 169492 = 30508;
    // CGST 169492 × 9% = 15254.28 → 15254; SGST 30508 - 15254 = 15254.
    expect(gstFromInclusive(200000, 'intra')).toEqual({
      taxable: 169492,
      cgst: 15254,
      sgst: 15254,
      igst: 0,
      total: 200000,
    });
  });

  it('₹2,000 to another state: IGST ₹305.08', () => {
    expect(gstFromInclusive(200000, 'inter')).toEqual({
      taxable: 169492,
      cgst: 0,
      sgst: 0,
      igst: 30508,
      total: 200000,
    });
  });

  it('₹1,001: the odd paisa of tax goes on the last line (SGST)', () => {
    // 100100 × 100 / 118 = 84830.5 → 84831; tax 15269; CGST 84831 × 9% = 7634.79 → 7635;
    // SGST 15269 - 7635 = 7634.
    expect(gstFromInclusive(100100, 'intra')).toMatchObject({
      taxable: 84831,
      cgst: 7635,
      sgst: 7634,
    });
  });

  it('59 paise: a half paisa of CGST rounds up', () => {
    // 5900 / 118 = 50 exactly; tax 9; CGST 50 × 9% = 4.5 → 5; SGST 4.
    expect(gstFromInclusive(59, 'intra')).toMatchObject({ taxable: 50, cgst: 5, sgst: 4 });
  });

  it("the largest payment, ₹50,000, is ₹42,372.88 taxable: below Rule 46(e)'s ₹50,000 (D267)", () => {
    // 50,00,000 paise × 100 / 118 = 42,37,288.1 → 42,37,288; so no invoice needs the payer's
    // address. Raising D11's maximum past ₹59,000 fails here: Rule 46(e) would then apply.
    const { taxable } = gstFromInclusive(AMOUNT_MAX_PAISE, 'inter');
    expect(taxable).toBe(4237288);
    expect(taxable).toBeLessThan(PAYER_ADDRESS_THRESHOLD_PAISE);
  });

  it('₹1,180 is ₹1,000 and ₹180 exactly', () => {
    expect(gstFromInclusive(118000, 'intra')).toMatchObject({
      taxable: 100000,
      cgst: 9000,
      sgst: 9000,
    });
  });
});

describe('lines share the taxable value, the last taking the difference', () => {
  it('shares by weight', () => {
    expect(shareByWeights(100, [1, 1, 1])).toEqual([33, 33, 34]);
    expect(shareByWeights(101, [1, 1])).toEqual([51, 50]); // 50.5 rounds up, the last has 50
    expect(shareByWeights(0, [5, 5])).toEqual([0, 0]);
  });

  it('our platform fee on ₹2,000 by card: ₹20.00 fee and ₹3.88 charges (D9)', () => {
    // total 2388; taxable 238800 / 118 = 2023.7 → 2024; tax 364; CGST 2024 × 9% = 182.16 → 182;
    // SGST 182; fee line 2024 × 2000 / 2388 = 1695.1 → 1695; charges line 2024 - 1695 = 329.
    expect(invoiceFigures([2000, 388], 'intra')).toEqual({
      taxable: 2024,
      cgst: 182,
      sgst: 182,
      igst: 0,
      total: 2388,
      lines: [
        { amount: 2000, taxable: 1695 },
        { amount: 388, taxable: 329 },
      ],
    });
  });

  it('two months of tuition paid together: ₹1,500 + ₹1,500', () => {
    // 300000 × 100 / 118 = 254237.3 → 254237; tax 45763 (IGST); each line 127118.5 → 127119,
    // the last 254237 - 127119 = 127118.
    const figures = invoiceFigures([150000, 150000], 'inter');
    expect(figures).toMatchObject({ taxable: 254237, igst: 45763 });
    expect(figures.lines.map((l) => l.taxable)).toEqual([127119, 127118]);
  });
});

describe('GST-exclusive fees (D266)', () => {
  it('adds 18% to the rupee', () => {
    expect(withGstOnTop(200000)).toBe(236000); // 2000 × 1.18 = 2360
    expect(withGstOnTop(99900)).toBe(117900); // 999 × 1.18 = 1178.82 → 1179
    expect(withGstOnTop(50)).toBe(100); // 59 paise → ₹1 (half a rupee and more rounds up)
    expect(withGstOnTop(40)).toBe(0); // 47.2 paise → ₹0
  });

  it('₹2,360 paid is ₹2,000 + ₹180 + ₹180 on the invoice', () => {
    expect(gstFromInclusive(236000, 'intra')).toMatchObject({
      taxable: 200000,
      cgst: 18000,
      sgst: 18000,
    });
  });
});

describe('GSTR-1 tables', () => {
  it('B2CL only for inter-State invoices above ₹1 lakh', () => {
    expect(gstr1Table('inter', 1_00_000_01)).toBe('B2CL');
    expect(gstr1Table('inter', 1_00_000_00)).toBe('B2CS');
    expect(gstr1Table('intra', 5_00_000_00)).toBe('B2CS');
  });
});
