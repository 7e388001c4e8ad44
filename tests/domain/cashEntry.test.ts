// D237: a cash entry's rules: any amount up to what is owed, a day not ahead and at most a year
// back, a short note; each problem at its field.
import { describe, expect, it } from 'vitest';
import { checkCashEntry } from '../../src/domain/cashEntry';
import { messages } from '../../src/domain/messages';
import { studentsTexts } from '../../src/domain/studentsTexts';

const c = studentsTexts.cash;
const TODAY = '2025-03-10';
const OWED = 400_000;

describe('D237 checkCashEntry', () => {
  it('takes ₹1,200.50 received yesterday, with a note', () => {
    expect(
      checkCashEntry(
        { amount: 1200.5, received_on: '2025-03-09', note: ' At class ' },
        TODAY,
        OWED,
      ),
    ).toEqual({ ok: true, value: { amount: 120050, receivedOn: '2025-03-09', note: 'At class' } });
  });

  it('takes any amount up to what is owed: ₹0.01 and ₹4,000', () => {
    expect(checkCashEntry({ amount: 0.01, received_on: TODAY }, TODAY, OWED).ok).toBe(true);
    expect(checkCashEntry({ amount: 4000, received_on: TODAY }, TODAY, OWED).ok).toBe(true);
  });

  it.each([
    [{ amount: 4000.01, received_on: TODAY }, 'amount', c.tooMuch('₹4,000.00')],
    [{ amount: 0, received_on: TODAY }, 'amount', c.amountMin],
    [{ amount: 10.005, received_on: TODAY }, 'amount', messages.validation.amountDecimals],
    [{ amount: 100, received_on: '2025-03-11' }, 'received_on', c.dateFuture],
    [{ amount: 100, received_on: '2024-03-08' }, 'received_on', c.dateOld],
    [{ amount: 100, received_on: '2025-02-30' }, 'received_on', c.dateInvalid],
    [{ amount: 100, received_on: TODAY, note: 'x'.repeat(201) }, 'note', c.noteTooLong],
  ])('refuses %j at %s', (input, field, message) => {
    expect(checkCashEntry(input, TODAY, OWED)).toMatchObject({
      ok: false,
      errors: [{ field, message }],
    });
  });

  it('says nothing is owed when nothing is', () => {
    expect(checkCashEntry({ amount: 100, received_on: TODAY }, TODAY, 0)).toMatchObject({
      ok: false,
      errors: [{ field: 'amount', message: c.nothingOwed }],
    });
  });
});
