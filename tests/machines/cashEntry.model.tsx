// Path model of the cashEntry machine ('Paid in cash' on the Dues tab, D237), walked on the
// machine and through its dialog (CashEntryDialog). The row's button is stood in for by one
// button beside the dialog.
import assert from 'node:assert/strict';
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import {
  cashEntryMachine,
  shownCashErrors,
  type CashCall,
  type CashField,
  type CashReceiptShown,
} from '../../machines/cashEntry/cashEntry.machine';
import { messages } from '../../src/domain/messages';
import { studentsTexts } from '../../src/domain/studentsTexts';
import {
  CashEntryDialog,
  receiptText,
} from '../../src/ui/routes/tutor/dashboard/dues/CashEntryDialog';
import type { EventFixtures, PathModel, UiLayer } from '../support/paths';
import { buttonNamed, clickOn, expectFieldError, typeInto } from '../support/uiPaths';
import { doneFixture, errorFixture, fakeCall, http, offline, type FakeCall } from './loginFakes';

const t = studentsTexts.duesTab.cash;
const STUDENT = 'Aarav Sharma';
const ASK = `Paid in cash: ${STUDENT}, from the row`;
const OPEN = {
  type: 'cash.open',
  studentId: 12,
  student: STUDENT,
  payerPhone: '9876500002',
  amount: 200_000,
  owed: 400_000,
  today: '2025-03-10',
} as const;
const RECEIPT: CashReceiptShown = {
  id: 42,
  number: 'CR-000042',
  tutor_name: 'Asha Verma',
  student_name: STUDENT,
  amount: 1200.5,
  received_on: '2025-03-09',
  note: null,
  dues: [{ due_id: 7, plan_name: 'Maths', period: '2025-03', applied: 1200.5 }],
};

export interface CashEntryWorld {
  record: FakeCall<CashReceiptShown, CashCall>;
  recorded: number;
}

export const cashEntryEvents = {
  'cash.open': [OPEN],
  'cash.change': [
    // D233: rupees and paise; '25oo' is refused at the field, never read as 25.
    { type: 'cash.change', field: 'amount', value: '1200.50' },
    { type: 'cash.change', field: 'amount', value: '25oo' },
    // A day ahead of today is refused at the day.
    { type: 'cash.change', field: 'received_on', value: '2025-03-11' },
    { type: 'cash.change', field: 'received_on', value: '2025-03-09' },
  ],
  'cash.save': [{ type: 'cash.save' }],
  'cash.cancel': [{ type: 'cash.cancel' }],
  'cash.close': [{ type: 'cash.close' }],
} satisfies EventFixtures<typeof cashEntryMachine, CashEntryWorld>;

const LABELS: Record<CashField, string> = {
  amount: t.amount,
  received_on: t.receivedOn,
  note: t.note,
};
const dialog = () => screen.queryByRole('dialog', { name: t.title(STUDENT) });
const field = (name: CashField) => screen.getByLabelText<HTMLInputElement>(LABELS[name]);

export const cashEntryScreen: UiLayer<typeof cashEntryMachine, CashEntryWorld> = {
  view: ({ actor }) => (
    <>
      <button type="button" onClick={() => actor.send(OPEN)}>
        {ASK}
      </button>
      <CashEntryDialog actor={actor as never} />
    </>
  ),
  gestures: {
    'cash.open': (_, ui) => clickOn(buttonNamed(ASK), ui),
    'cash.change': ({ field: name, value }, ui) => typeInto(field(name), value, ui),
    'cash.save': (_, ui) => clickOn(buttonNamed(t.save), ui),
    'cash.cancel': (_, ui) => clickOn(buttonNamed(t.cancel), ui),
    'cash.close': (_, ui) => clickOn(buttonNamed(t.close), ui),
  },
  screens: {
    idle: () => expect(dialog()).toBeNull(),
    editing: ({ context }) => {
      expect(dialog()).toHaveTextContent(t.intro('₹4,000.00'));
      const errors = shownCashErrors(context);
      for (const name of ['amount', 'received_on', 'note'] as const) {
        expect(field(name)).toHaveValue(context.form[name]);
        expectFieldError(field(name), errors[name] ?? null);
      }
    },
    saving: () => {
      expect(buttonNamed(t.save)).toHaveAttribute('data-loading', 'true');
    },
    failed: ({ context }) => {
      if (context.errorField === 'amount') expectFieldError(field('amount'), context.error);
      else expect(screen.getByRole('alert')).toHaveTextContent(context.error!);
    },
    recorded: () => {
      expect(screen.getByRole('status')).toHaveTextContent(t.recorded('CR-000042'));
      // The receipt goes to the parent's WhatsApp, its words typed in.
      const share = screen.getByRole('link', { name: t.share });
      expect(share.getAttribute('href')).toBe(
        `https://wa.me/919876500002?text=${encodeURIComponent(receiptText(RECEIPT))}`,
      );
    },
    unauthorized: null,
  },
};

export const cashEntryPathModel: PathModel<typeof cashEntryMachine, CashEntryWorld> = {
  name: 'cashEntry',
  machine: cashEntryMachine,
  world: () => ({ record: fakeCall(), recorded: 0 }),
  provide: (w) =>
    cashEntryMachine.provide({
      actors: { recordCash: w.record.logic },
      actions: { recorded: () => void (w.recorded += 1) },
    }),
  events: cashEntryEvents,
  ui: cashEntryScreen,
  internal: {
    'xstate.done.actor.recordCash': doneFixture(
      'recordCash',
      [RECEIPT],
      (w: CashEntryWorld) => w.record,
    ),
    'xstate.error.actor.recordCash': errorFixture(
      'recordCash',
      [
        { ...http(400, studentsTexts.cash.tooMuch('₹4,000.00')), field: 'amount' },
        http(401),
        offline,
      ],
      (w: CashEntryWorld) => w.record,
    ),
  },
  states: {
    idle: ({ context }) => assert.equal(context.studentId, null),
    editing: ({ context }) => {
      assert.equal(context.studentId, 12);
      assert.equal(context.owed, 400_000);
    },
    saving: (snapshot, { world }) => {
      // Only an entry without a problem is sent: rupees and paise as typed, its day.
      const { studentId, body } = world.record.last().input;
      assert.equal(studentId, 12);
      assert.ok(body.amount === 2000 || body.amount === 1200.5);
      assert.ok(body.received_on <= snapshot.context.today);
    },
    failed: ({ context }, { world }) => {
      assert.ok(
        ([studentsTexts.cash.tooMuch('₹4,000.00'), messages.generic.network] as string[]).includes(
          context.error ?? '',
        ),
      );
      assert.equal(world.recorded, 0);
    },
    recorded: ({ context }, { world }) => {
      assert.equal(context.receipt?.number, 'CR-000042');
      assert.equal(world.recorded, 1);
    },
    unauthorized: (snapshot, { world }) => {
      assert.equal(snapshot.status, 'done');
      assert.equal(world.recorded, 0);
    },
  },
};
