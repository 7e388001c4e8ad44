// Path model of the bankVerification machine (tutor sign-up step 2), walked on the machine and
// through its view (AccountDetailsStep).
import assert from 'node:assert/strict';
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import {
  bankVerificationMachine,
  bankVisibleErrors,
  type AddAccountInput,
  type BankField,
} from '../../machines/bankVerification/bankVerification.machine';
import { AccountDetailsStep } from '../../src/ui/routes/tutor/signup/AccountDetailsStep';
import { messages } from '../../src/domain/messages';
import { apiMessages } from '../../src/domain/apiMessages';
import type { EventFixtures, PathModel, UiLayer } from '../support/paths';
import { buttonNamed, clickOn, leave, queryButton, typeInto } from '../support/uiPaths';
import { doneFixture, errorFixture, fakeCall, http, offline, type FakeCall } from './loginFakes';

const FORBIDDEN = 'You are not allowed to do this.';

export interface BankWorld {
  addAccount: FakeCall<void, AddAccountInput>;
}

export const bankWorld = (): BankWorld => ({ addAccount: fakeCall() });

export const provideBank = (w: BankWorld) =>
  bankVerificationMachine.provide({ actors: { addAccount: w.addAccount.logic } });

export const ACCOUNT = '001234567890';
export const IFSC = 'HDFC0001234';
export const INVALID_ACCOUNT = apiMessages.accounts.invalidAccount;

export const bankVerificationEvents = {
  'bank.change': [
    { type: 'bank.change', field: 'accountNumber', value: '0012 3456-7890' },
    { type: 'bank.change', field: 'confirmAccountNumber', value: ACCOUNT },
    { type: 'bank.change', field: 'confirmAccountNumber', value: '0012' },
    { type: 'bank.change', field: 'ifsc', value: 'hdfc0001234' },
  ],
  'bank.blur': [{ type: 'bank.blur', field: 'ifsc' }],
  'bank.verify': [{ type: 'bank.verify' }],
  'bank.retry': [{ type: 'bank.retry' }],
  'bank.continue': [{ type: 'bank.continue' }],
  'bank.back': [{ type: 'bank.back' }],
} satisfies EventFixtures<typeof bankVerificationMachine, BankWorld>;

const m = messages.bank;
const LABELS: Record<BankField, string> = {
  accountNumber: m.accountNumber,
  confirmAccountNumber: m.confirmAccountNumber,
  ifsc: m.ifsc,
};
const field = (name: BankField) =>
  screen.queryByRole<HTMLInputElement>('textbox', { name: new RegExp(`^${LABELS[name]}`) });

/** Step 2 of the tutor sign-up as the tutor sees it. */
export const bankVerificationScreen: UiLayer<typeof bankVerificationMachine, BankWorld> = {
  view: ({ actor }) => <AccountDetailsStep bank={actor} />,
  gestures: {
    'bank.change': ({ field: name, value }, ui) => typeInto(field(name), value, ui),
    'bank.blur': ({ field: name }, ui) => leave(field(name), ui),
    'bank.verify': (_, ui) => clickOn(queryButton(m.verify), ui),
    'bank.retry': (_, ui) => clickOn(queryButton(m.tryAgain), ui),
    'bank.continue': (_, ui) => clickOn(queryButton(m.verifyAadhaar), ui),
    'bank.back': (_, ui) => clickOn(queryButton(messages.tutorSignup.back), ui),
  },
  screens: {
    editing: ({ context }) => {
      const errors = bankVisibleErrors(context);
      for (const name of Object.keys(LABELS) as BankField[]) {
        expect(field(name)).toHaveValue(context[name]);
        if (errors[name]) expect(field(name)).toHaveAccessibleDescription(errors[name]);
        else expect(field(name)).not.toHaveAccessibleDescription();
      }
    },
    verifying: () => {
      expect(buttonNamed(m.verify)).toBeDisabled();
      expect(field('accountNumber')).toHaveAttribute('readonly');
    },
    verified: () => {
      expect(screen.getByText(m.verifiedTitle)).toBeInTheDocument();
      expect(buttonNamed(m.verifyAadhaar)).toBeEnabled();
      expect(field('accountNumber')).not.toBeInTheDocument();
    },
    failed: ({ context }) => {
      expect(screen.getByText(m.failedTitle)).toBeInTheDocument();
      expect(screen.getByText(context.error!)).toBeInTheDocument();
      expect(buttonNamed(m.tryAgain)).toBeEnabled();
    },
    // The sign-up takes over (the machine layer checks the result).
    done: null,
  },
};

export const bankVerificationPathModel: PathModel<typeof bankVerificationMachine, BankWorld> = {
  name: 'bankVerification',
  machine: bankVerificationMachine,
  world: bankWorld,
  provide: provideBank,
  events: bankVerificationEvents,
  ui: bankVerificationScreen,
  internal: {
    'xstate.done.actor.addAccount': doneFixture(
      'addAccount',
      // Verified and saved: the machine reads nothing of the answer.
      [undefined],
      (w: BankWorld) => w.addAccount,
    ),
    'xstate.error.actor.addAccount': errorFixture(
      'addAccount',
      [http(400, INVALID_ACCOUNT), http(401), http(403, FORBIDDEN), offline],
      (w: BankWorld) => w.addAccount,
    ),
  },
  states: {
    editing: ({ context }) => {
      assert.equal(context.error, null);
      assert.equal(context.result, null);
      assert.match(context.accountNumber, /^\d{0,18}$/);
      assert.match(context.ifsc, /^[A-Z0-9]{0,11}$/);
    },
    verifying: (snapshot, { world }) => {
      assert.ok(snapshot.hasTag('loading'));
      assert.deepEqual(world.addAccount.last().input, { account_number: ACCOUNT, ifsc: IFSC });
      // One click, one call (no double submit).
      assert.equal(snapshot.can({ type: 'bank.verify' }), false);
    },
    verified: ({ context }) => assert.equal(context.error, null),
    failed: (snapshot) => {
      assert.ok(snapshot.hasTag('error'));
      // Spec §8: the server's message except for 403; offline has its own text.
      assert.ok(
        (
          [INVALID_ACCOUNT, messages.generic.somethingWrong, messages.generic.network] as string[]
        ).includes(snapshot.context.error ?? ''),
      );
      assert.notEqual(snapshot.context.error, FORBIDDEN);
      // The numbers are kept for 'Try Again'.
      assert.equal(snapshot.context.accountNumber, ACCOUNT);
    },
    done: (snapshot, { world }) => {
      assert.equal(snapshot.status, 'done');
      const { result } = snapshot.output ?? {};
      if (result === 'back') return;
      assert.equal(world.addAccount.calls.length >= 1, true);
      assert.ok(result === 'verified' || result === 'unauthorized');
    },
  },
};
