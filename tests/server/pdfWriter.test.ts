// The dependency-free PDF writer: a well-formed file whose text reads back as written, in the
// standard fonts' WinAnsi encoding (no rupee sign there: 'Rs.').
import { describe, expect, it } from 'vitest';
import { writePdf } from '../../src/server/services/pdfWriter';
import { pdfLines, pdfTextRuns } from '../support/pdf';

const info = { title: 'Test', producer: 'TuitionPay' };

describe('writePdf', () => {
  it('writes one page whose text reads back, top to bottom', () => {
    const pdf = writePdf(
      [
        { x: 56, y: 700, size: 11, text: 'Amount' },
        { x: 230, y: 700, size: 11, text: 'Rs. 2,000.00' },
        { x: 56, y: 780, size: 22, bold: true, text: 'TuitionPay' },
      ],
      info,
    );
    expect(pdfLines(pdf)).toEqual(['TuitionPay', 'Amount | Rs. 2,000.00']);
    expect(pdf.toString('latin1')).toContain('/BaseFont /Helvetica-Bold');
  });

  it('escapes parentheses and backslashes, and keeps WinAnsi letters', () => {
    const text = 'A (note) with \\ and é, “quotes” – €5';
    const pdf = writePdf([{ x: 10, y: 10, size: 9, text }], info);
    expect(pdfTextRuns(pdf).map((run) => run.text)).toEqual([text]);
    // Outside printable ASCII everything is an octal escape: the stream stays ASCII.
    expect(pdf.subarray(16).every((byte) => byte < 0x80)).toBe(true);
  });

  it('writes the rupee sign as Rs. and other scripts as ?', () => {
    const pdf = writePdf([{ x: 10, y: 10, size: 9, text: '₹50 to प्रिया' }], info);
    expect(pdfTextRuns(pdf).map((run) => run.text)).toEqual(['Rs.50 to ??????']);
  });
});
