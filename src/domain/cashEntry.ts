// D237: a tutor's cash entry: an amount of any size the parent paid in cash (up to what the
// student owes), the day it was received (not ahead of today, at most a year back) and an
// optional note. It settles the student's open dues oldest first (duesLedger.ts).
import { coded, type Said } from './texts';
import { formatINR, rupeesToPaiseOrNull, type Paise } from './money';
import { messages } from './messages';
import { studentsTexts } from './studentsTexts';
import { addIstDays, isIsoDate } from './time';
import { tidyText } from './validation';

/** The longest note kept with a cash entry (the contract's). */
export const CASH_NOTE_MAX = 200;
/** How far back a cash entry may be dated, in days. */
export const CASH_BACKDATE_DAYS = 366;

/** A cash entry as the API takes one (rupees). */
export interface CashEntryInput {
  amount: number;
  received_on: string;
  note?: string | null;
}

export interface CashEntryRecord {
  amount: Paise;
  receivedOn: string;
  note: string | null;
}

export interface CashEntryError extends Said {
  field: 'amount' | 'received_on' | 'note';
}

export type CashEntryCheck =
  { ok: true; value: CashEntryRecord } | { ok: false; errors: CashEntryError[] };

const said = () => coded(studentsTexts.cash);

/** The amount's problem: more than 2 decimals, nothing, or more than `owed` (paise). */
export function cashAmountProblem(amount: Paise | null, owed: Paise): Said | null {
  if (amount === null) return coded(messages).validation.amountDecimals;
  if (owed <= 0) return said().nothingOwed;
  if (amount <= 0) return said().amountMin;
  if (amount > owed) return said().tooMuch(formatINR(owed));
  return null;
}

/** The day's problem: a real day, not after `today`, at most CASH_BACKDATE_DAYS back. */
export function cashDateProblem(day: string, today: string): Said | null {
  if (!isIsoDate(day)) return said().dateInvalid;
  if (day > today) return said().dateFuture;
  if (day < addIstDays(today, -CASH_BACKDATE_DAYS)) return said().dateOld;
  return null;
}

/** Every rule of a cash entry for a student who owes `owed` (paise) on `today` (IST). */
export function checkCashEntry(input: CashEntryInput, today: string, owed: Paise): CashEntryCheck {
  const amount = rupeesToPaiseOrNull(input.amount);
  const note = tidyText(input.note ?? '');
  const errors: CashEntryError[] = [];
  const add = (field: CashEntryError['field'], problem: Said | null) => {
    if (problem) errors.push({ field, ...problem });
  };
  add('amount', cashAmountProblem(amount, owed));
  add('received_on', cashDateProblem(input.received_on, today));
  add('note', note.length > CASH_NOTE_MAX ? said().noteTooLong : null);
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: { amount: amount!, receivedOn: input.received_on, note: note || null },
  };
}
