// Path model of the bankVerification machine (tutor sign-up step 2), shared by its vitest suite
// and scripts/path-coverage.ts.
import assert from 'node:assert/strict';
import {
  bankVerificationMachine,
  type AddAccountInput,
} from '../../machines/bankVerification/bankVerification.machine';
import { messages } from '../../src/domain/messages';
import { apiMessages } from '../../src/domain/apiMessages';
import type { EventFixtures, PathModel } from '../support/paths';
import { doneFixture, errorFixture, fakeCall, http, offline, type FakeCall } from './loginFakes';

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

export const bankVerificationPathModel: PathModel<typeof bankVerificationMachine, BankWorld> = {
  name: 'bankVerification',
  machine: bankVerificationMachine,
  world: bankWorld,
  provide: provideBank,
  events: bankVerificationEvents,
  internal: {
    'xstate.done.actor.addAccount': doneFixture(
      'addAccount',
      // Verified and saved: the machine reads nothing of the answer.
      [undefined],
      (w: BankWorld) => w.addAccount,
    ),
    'xstate.error.actor.addAccount': errorFixture(
      'addAccount',
      [http(400, INVALID_ACCOUNT), http(401), http(403, messages.auth.forbidden), offline],
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
      assert.notEqual(snapshot.context.error, messages.auth.forbidden);
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
