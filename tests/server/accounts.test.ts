// Tutors' bank accounts (D16, D31): user/accounts/add/ verifies by the sandbox's penny drop
// (its test values, README.md) and keeps only valid accounts in the tutor's name; user/accounts/
// lists them masked, newest first. Every response is checked against the contract.
import { describe, expect, it } from 'vitest';
import { apiMessages } from '../../src/domain/apiMessages';
import { bankAccounts } from '../../src/server/db/schema';
import { testDatabases } from '../support/server';
import { usePaymentsServer, type Actor } from './payments.support';

const LIST = '/api/v1/user/accounts/';
const ADD = '/api/v1/user/accounts/add/';
const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(testDatabases())('bank accounts on $name', (database) => {
  const t = usePaymentsServer(database);
  const { api, server } = t;

  const tutor = (phone = '7012345800') =>
    t.user(phone, 'teacher', {
      firstName: 'Meera',
      lastName: 'Iyer',
      pan: `ABCPI${phone.slice(-4)}K`,
    });
  const add = (who: Actor, account_number: string, ifsc = 'HDFC0001234') =>
    api('POST', ADD, { token: who.token, body: { account_number, ifsc } });

  it('verifies and keeps an account in the tutor’s name, masked (201)', async () => {
    const me = await tutor();
    const res = await add(me, '001234567890');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      masked_account_number: 'XXXXXXXX7890',
      ifsc: 'HDFC0001234',
      bank_name: 'HDFC Bank',
      name_at_bank: 'MEERA IYER',
      verified: true,
      created_at: server.clock.now().toISOString(),
    });
    // D16: the full number is nowhere: not in the row, not in the logs.
    const rows = await server.db.select().from(bankAccounts);
    expect(JSON.stringify(rows)).not.toContain('001234567890');
    expect(server.logs.lines.join('\n')).not.toContain('001234567890');
  });

  it('lists the caller’s accounts masked, newest first; none for a student', async () => {
    const me = await tutor();
    expect((await add(me, '123456789')).statusCode).toBe(201);
    server.clock.advance(60_000);
    expect((await add(me, '987654321098765432', 'SBIN0005678')).statusCode).toBe(201);
    const other = await tutor('7012345801');
    expect((await add(other, '555566667777')).statusCode).toBe(201);

    const list = await api('GET', LIST, { token: me.token });
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json()
        .map((a: { masked_account_number: string; bank_name: string }) => [
          a.masked_account_number,
          a.bank_name,
        ]),
    ).toEqual([
      ['XXXXXXXXXXXXXX5432', 'State Bank of India'],
      ['XXXXX6789', 'HDFC Bank'],
    ]);
    const student = await t.user('7012345802', 'student');
    expect((await api('GET', LIST, { token: student.token })).json()).toEqual([]);
    expect((await api('GET', LIST)).statusCode).toBe(401);
  });

  it.each([
    ['an invalid account', '001234560000', 'HDFC0001234', apiMessages.accounts.invalidAccount],
    ['a blocked account', '001234560001', 'HDFC0001234', apiMessages.accounts.blocked],
    ['an NRE account', '001234560002', 'HDFC0001234', apiMessages.accounts.nre],
    ['an invalid IFSC', '001234567890', 'HDFC0000000', apiMessages.accounts.invalidIfsc],
    ['another person’s account', '001234560003', 'HDFC0001234', apiMessages.accounts.nameMismatch],
    ['a poor name match', '001234560004', 'HDFC0001234', apiMessages.accounts.nameMismatch],
  ])(
    'refuses %s (400) with its message and keeps nothing',
    async (_what, number, ifsc, message) => {
      const me = await tutor();
      const res = await add(me, number, ifsc);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message });
      expect((await api('GET', LIST, { token: me.token })).json()).toEqual([]);
    },
  );

  it('lets only tutors with a verified PAN add accounts (403)', async () => {
    const student = await t.user('7012345803', 'student');
    const byStudent = await add(student, '001234567890');
    expect(byStudent.statusCode).toBe(403);
    expect(byStudent.json()).toMatchObject({ message: apiMessages.accounts.onlyTutors });

    const noPan = await t.user('7012345804', 'teacher', { firstName: 'Meera', lastName: 'Iyer' });
    const refused = await add(noPan, '001234567890');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: apiMessages.accounts.panRequired });
  });

  it('refuses the same account twice (409), even through another branch of its bank', async () => {
    const me = await tutor();
    expect((await add(me, '001234567890', 'HDFC0001234')).statusCode).toBe(201);
    for (const ifsc of ['HDFC0001234', 'HDFC0009999']) {
      const again = await add(me, '001234567890', ifsc);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ message: apiMessages.accounts.duplicate });
    }
    // The same digits at another bank are another account.
    expect((await add(me, '001234567890', 'ICIC0001234')).statusCode).toBe(201);
    // Another tutor's copy of an account is judged by its own penny drop.
    expect((await add(await tutor('7012345805'), '001234567890')).statusCode).toBe(201);
  });

  it('allows 10 penny drops per tutor per day, then 429 with Retry-After', async () => {
    const me = await tutor();
    for (let i = 0; i < 10; i += 1) {
      expect((await add(me, `00123456${i}0000`)).statusCode).toBe(400);
    }
    const limited = await add(me, '001234567890');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ message: apiMessages.accounts.tooManyAttempts });
    expect(Number(limited.headers['retry-after'])).toBe(DAY_MS / 1000);
    // Another tutor has their own allowance; the first gets theirs back a day later.
    expect((await add(await tutor('7012345806'), '001234567890')).statusCode).toBe(201);
    server.clock.advance(DAY_MS);
    const nextDay = await tutor(); // sessions last 12 hours (D13): log in again
    expect((await add(nextDay, '001234567890')).statusCode).toBe(201);
  });

  it('answers 502 when the gateway fails, keeps nothing, and works on a retry', async () => {
    const me = await tutor();
    await t.inject({
      method: 'POST',
      url: '/sandbox/cashfree/faults',
      payload: { failNextWith5xx: 1 },
    });
    const down = await add(me, '001234567890');
    expect(down.statusCode).toBe(502);
    expect(down.json()).toMatchObject({ message: apiMessages.accounts.unavailable });
    expect((await api('GET', LIST, { token: me.token })).json()).toEqual([]);
    expect((await add(me, '001234567890')).statusCode).toBe(201);
  });
});
