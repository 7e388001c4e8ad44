// D233: an amount field's text in rupees and paise, never read into another number (issue 48:
// '1200.50' became 120050 and '25oo' became 25, with no word).
import { describe, expect, it } from 'vitest';
import { rupeesField } from '../../src/domain/feePlans';
import { messages } from '../../src/domain/messages';
import { formatTextAmount, paiseToRupeesText, rupeesTextToPaise } from '../../src/domain/money';
import { studentsTexts } from '../../src/domain/studentsTexts';

describe('D233 rupeesTextToPaise', () => {
  it.each([
    ['1200.50', 120050],
    ['450.50', 45050],
    ['1200', 120000],
    ['1200.5', 120050],
    ['0.75', 75],
    ['1,200.50', 120050],
    ['1,20,000', 12000000],
    ['₹ 1,200', 120000],
    ['₹450', 45000],
    ['Rs. 450.50', 45050],
    [' 450 ', 45000],
  ])('reads %j as %i paise', (text, paise) => {
    expect(rupeesTextToPaise(text)).toEqual({ ok: true, paise });
  });

  it.each([
    ['', 'empty'],
    ['  ', 'empty'],
    ['25oo', 'notAmount'],
    ['12.3.4', 'notAmount'],
    ['-5', 'notAmount'],
    ['1200.', 'notAmount'],
    ['.50', 'notAmount'],
    ['1,,200', 'notAmount'],
    ['12 00', 'notAmount'],
    ['1e3', 'notAmount'],
    ['1234567890', 'notAmount'],
    ['12.345', 'decimals'],
  ])('refuses %j (%s)', (text, problem) => {
    expect(rupeesTextToPaise(text)).toEqual({ ok: false, problem });
  });

  it('shows paise back as the field writes them', () => {
    expect(paiseToRupeesText(120050)).toBe('1200.50');
    expect(paiseToRupeesText(120000)).toBe('1200');
    expect(paiseToRupeesText(5)).toBe('0.05');
  });

  it("says at the field what is wrong, with the text's code", () => {
    const required = () => ({ message: 'Enter the fee', code: 'plans.amountRequired' });
    expect(rupeesField('1200.50', required)).toEqual({ paise: 120050 });
    expect(rupeesField('', required)).toEqual(required());
    expect(rupeesField('25oo', required)).toEqual({
      message: studentsTexts.plans.feeNotAmount,
      code: 'plans.feeNotAmount',
    });
    expect(rupeesField('12.345', required)).toEqual({
      message: messages.validation.amountDecimals,
      code: 'validation.amountDecimals',
    });
  });
});

describe('D240 formatTextAmount', () => {
  it("writes a text's amount with the one sign every DLT template allows", () => {
    expect(formatTextAmount(120050)).toBe('Rs 1,200.50');
    expect(formatTextAmount(1234567)).toBe('Rs 12,345.67');
  });
});
