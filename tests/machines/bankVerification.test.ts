// Journeys of the bankVerification machine whose end state matters (spec §4 "Bank account
// verification", §5, §8; D16).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  bankVisibleErrors,
  type BankField,
} from '../../machines/bankVerification/bankVerification.machine';
import { messages } from '../../src/domain/messages';
import { ACCOUNT, bankWorld, IFSC, INVALID_ACCOUNT, provideBank } from './bankVerification.model';
import { flush, http, offline, timedOut } from './loginFakes';

const FORBIDDEN = 'You are not allowed to do this.';

function start() {
  const world = bankWorld();
  const actor = createActor(provideBank(world)).start();
  const snap = () => actor.getSnapshot();
  const change = (field: BankField, value: string) =>
    actor.send({ type: 'bank.change', field, value });
  const fill = () => {
    change('accountNumber', ACCOUNT);
    change('confirmAccountNumber', ACCOUNT);
    change('ifsc', IFSC);
  };
  return { world, actor, snap, change, fill };
}

describe('bankVerification machine', () => {
  it('keeps digits only (at most 18) and an upper-cased IFSC of 11', () => {
    const t = start();
    t.change('accountNumber', '12ab34 56-78 9012 3456 7890');
    t.change('ifsc', 'hdfc-0001234xyz');
    expect(t.snap().context).toMatchObject({
      accountNumber: '123456789012345678',
      ifsc: 'HDFC0001234',
    });
  });

  it("shows spec §5's messages, and Verify waits for a valid form", () => {
    const t = start();
    expect(t.snap().can({ type: 'bank.verify' })).toBe(false);
    t.change('accountNumber', '12345678');
    t.actor.send({ type: 'bank.blur', field: 'accountNumber' });
    expect(bankVisibleErrors(t.snap().context).accountNumber).toBe(
      messages.validation.accountNumber,
    );
    t.change('accountNumber', ACCOUNT);
    t.change('confirmAccountNumber', '001234567891');
    expect(bankVisibleErrors(t.snap().context).confirmAccountNumber).toBe(
      'Account numbers do not match',
    );
    t.change('confirmAccountNumber', ACCOUNT);
    t.change('ifsc', 'HDFC1001234'); // 11 characters, 5th not a zero
    expect(bankVisibleErrors(t.snap().context).ifsc).toBe('Enter valid IFSC');
    expect(t.snap().can({ type: 'bank.verify' })).toBe(false);
    t.change('ifsc', IFSC);
    expect(bankVisibleErrors(t.snap().context)).toEqual({
      accountNumber: null,
      confirmAccountNumber: null,
      ifsc: null,
    });
    expect(t.snap().can({ type: 'bank.verify' })).toBe(true);
  });

  it('the re-entry is not judged while it is still shorter than the number', () => {
    const t = start();
    t.change('accountNumber', ACCOUNT);
    t.change('confirmAccountNumber', '0012');
    expect(bankVisibleErrors(t.snap().context).confirmAccountNumber).toBeNull();
  });

  it("verifies once, then 'Verify Aadhaar' ends the step as verified", async () => {
    const t = start();
    t.fill();
    t.actor.send({ type: 'bank.verify' });
    t.actor.send({ type: 'bank.verify' });
    expect(t.world.addAccount.calls).toHaveLength(1);
    expect(t.world.addAccount.last().input).toEqual({ account_number: ACCOUNT, ifsc: IFSC });
    t.world.addAccount.last().resolve();
    await flush();
    expect(t.snap().value).toBe('verified');
    t.actor.send({ type: 'bank.continue' });
    expect(t.snap().status).toBe('done');
    expect(t.snap().output).toEqual({ result: 'verified' });
  });

  it("a refusal shows the server's message; 'Try Again' keeps the numbers", async () => {
    const t = start();
    t.fill();
    t.actor.send({ type: 'bank.verify' });
    t.world.addAccount.last().reject(http(400, INVALID_ACCOUNT));
    await flush();
    expect(t.snap().value).toBe('failed');
    expect(t.snap().context.error).toBe(INVALID_ACCOUNT);
    t.actor.send({ type: 'bank.retry' });
    expect(t.snap().value).toBe('editing');
    expect(t.snap().context).toMatchObject({
      accountNumber: ACCOUNT,
      confirmAccountNumber: ACCOUNT,
      ifsc: IFSC,
      error: null,
    });
    expect(t.snap().can({ type: 'bank.verify' })).toBe(true);
  });

  it('a 403 shows the generic text, not the server message (spec §8)', async () => {
    const t = start();
    t.fill();
    t.actor.send({ type: 'bank.verify' });
    t.world.addAccount.last().reject(http(403, FORBIDDEN));
    await flush();
    expect(t.snap().context.error).toBe(messages.generic.somethingWrong);
  });

  it('offline and timeout show their own texts', async () => {
    const t = start();
    t.fill();
    t.actor.send({ type: 'bank.verify' });
    t.world.addAccount.last().reject(offline);
    await flush();
    expect(t.snap().context.error).toBe(messages.generic.network);
    t.actor.send({ type: 'bank.retry' });
    t.actor.send({ type: 'bank.verify' });
    t.world.addAccount.last().reject(timedOut);
    await flush();
    expect(t.snap().context.error).toBe(messages.generic.timeout);
  });

  it('a 401 ends the step as unauthorized (the wizard shows Session Expired)', async () => {
    const t = start();
    t.fill();
    t.actor.send({ type: 'bank.verify' });
    t.world.addAccount.last().reject(http(401, messages.auth.invalidToken));
    await flush();
    expect(t.snap().output).toEqual({ result: 'unauthorized' });
  });

  it('Back ends the step as back, from the form or the failed panel, never while verifying', async () => {
    const t = start();
    t.fill();
    t.actor.send({ type: 'bank.verify' });
    expect(t.snap().can({ type: 'bank.back' })).toBe(false);
    t.world.addAccount.last().reject(http(502));
    await flush();
    expect(t.snap().context.error).toBe(messages.generic.somethingWrong);
    t.actor.send({ type: 'bank.back' });
    expect(t.snap().output).toEqual({ result: 'back' });
    const fresh = start();
    fresh.actor.send({ type: 'bank.back' });
    expect(fresh.snap().output).toEqual({ result: 'back' });
  });
});
