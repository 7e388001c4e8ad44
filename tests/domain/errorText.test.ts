import { describe, it, expect } from 'vitest';
import { orderErrorText, textAfterLastColon } from '../../src/domain/errorText';

describe('spec §8 textAfterLastColon', () => {
  it.each([
    ['Order refused: The amount is too large.', 'The amount is too large.'],
    ['a: b: Final words', 'Final words'],
    ['No colon here', 'No colon here'],
    ['  padded  ', 'padded'],
    ['Time 10:30: done', 'done'],
    ['ratio 1:2', 'ratio 1:2'], // only ': ' (colon-space) cuts
    ['Error:   spaced  ', 'spaced'],
  ])('%j → %j', (message, text) => {
    expect(textAfterLastColon(message)).toBe(text);
  });

  it.each(['', '   ', 'Ends with colon: ', 'x: ', null, undefined])(
    "%j falls back to 'Something went wrong. Please try again!'",
    (message) => {
      expect(textAfterLastColon(message)).toBe('Something went wrong. Please try again!');
    },
  );
});

describe('spec §8 / D2 orderErrorText', () => {
  it('a 400 shows the text after the last colon-space', () => {
    expect(orderErrorText(400, 'Validation: The amount must be at least ₹1')).toBe(
      'The amount must be at least ₹1',
    );
  });

  it('D77: a 409 refusal (a link paid, expired or for another student) shows its sentence', () => {
    expect(orderErrorText(409, 'Order refused: This payment link is for another student.')).toBe(
      'This payment link is for another student.',
    );
  });

  it('any other failure shows the generic text', () => {
    expect(orderErrorText(500, 'Internal: boom')).toBe('Something went wrong. Please try again!');
    expect(orderErrorText(null, 'x')).toBe('Something went wrong. Please try again!');
    expect(orderErrorText(undefined)).toBe('Something went wrong. Please try again!');
  });
});
