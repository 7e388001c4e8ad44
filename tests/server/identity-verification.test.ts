// PANs checked by the gateway's verification API (the sandbox's test values, README.md):
// an invalid or deactivated PAN and a name that is not the PAN holder's are 400s, and a
// gateway that fails is a 502 that saves nothing, never an "invalid PAN".
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiMessages } from '../../src/domain/apiMessages';
import { users } from '../../src/server/db/schema';
import { testDatabases } from '../support/server';
import { usePaymentsServer } from './payments.support';

const ONBOARDING = '/api/v1/user/onboarding/';
const REGISTER = '/api/v1/user/register/';

describe.each(testDatabases())('PAN verification through the gateway on $name', (database) => {
  const t = usePaymentsServer(database);
  const { api, server } = t;

  const faults = (payload: object) =>
    t.inject({ method: 'POST', url: '/sandbox/cashfree/faults', payload });
  beforeEach(async () => {
    await t.inject({ method: 'DELETE', url: '/sandbox/cashfree/faults' });
  });

  const signUp = async (pan: string) => {
    const me = await t.user('7012345700', 'student', {
      firstName: null,
      lastName: null,
      pan: null,
    });
    const res = await api('POST', ONBOARDING, {
      token: me.token,
      body: { phone: me.phone, first_name: 'Rohan', last_name: 'Mehta', pan },
    });
    const [row] = await server.db.select().from(users).where(eq(users.id, me.id));
    return { res, saved: row ? server.pans.reveal(row) : null };
  };

  it('saves a PAN the gateway finds valid in the name given', async () => {
    const { res, saved } = await signUp('BXKPM4821Q');
    expect(res.statusCode).toBe(200);
    expect(saved).toBe('BXKPM4821Q');
  });

  it.each([
    ['an invalid PAN', 'BXKPM0000Q'],
    ['a deactivated PAN', 'BXKPM0002Q'],
  ])('refuses %s (400) and saves nothing', async (_what, pan) => {
    const { res, saved } = await signUp(pan);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: apiMessages.identity.panInvalid });
    expect(saved).toBeNull();
  });

  it('refuses a PAN registered to someone else (400, name mismatch)', async () => {
    const { res, saved } = await signUp('BXKPM0001Q');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: apiMessages.identity.panNameMismatch });
    expect(saved).toBeNull();
  });

  it('limits PAN checks per caller to 10 a day (each is a paid gateway call): then 429', async () => {
    const me = await t.user('7012345701', 'student', {
      firstName: null,
      lastName: null,
      pan: null,
    });
    const check = (pan: string) =>
      api('POST', ONBOARDING, {
        token: me.token,
        body: { phone: me.phone, first_name: 'Rohan', last_name: 'Mehta', pan },
      });
    for (let i = 0; i < 10; i += 1) expect((await check('BXKPM0000Q')).statusCode).toBe(400);
    const res = await check('BXKPM4821Q');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ message: apiMessages.identity.tooManyPanChecks });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    const [row] = await server.db.select().from(users).where(eq(users.id, me.id));
    expect(row?.panSealed).toBeNull();
  });

  it('answers 502 when the gateway fails, saves nothing, and works on a retry', async () => {
    await faults({ failNextWith5xx: 1 });
    const { res, saved } = await signUp('BXKPM4821Q');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ message: apiMessages.identity.panUnavailable });
    expect(saved).toBeNull();
    const logs = server.logs.lines.join('\n');
    expect(logs).toContain('refused after a gateway failure');
    expect(logs).not.toContain('BXKPM4821Q');

    const retry = await signUp('BXKPM4821Q');
    expect(retry.res.statusCode).toBe(200);
  });

  it('a student adding a tutor: the tutor’s name must match, and a failing gateway adds nobody', async () => {
    const { priya } = await t.demo();
    const mismatch = await api('POST', ONBOARDING, {
      token: priya.token,
      body: { phone: '9988776655', first_name: 'Vikram', last_name: 'Rao', pan: 'ABCPR0001K' },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ message: apiMessages.identity.tutorPanNameMismatch });

    await faults({ failNextWith5xx: 1 });
    const down = await api('POST', REGISTER, {
      token: priya.token,
      body: {
        phone: '9988776655',
        first_name: 'Vikram',
        last_name: 'Rao',
        pan: 'ABCPR1234K',
        amount: 500,
      },
    });
    expect(down.statusCode).toBe(502);
    expect(down.json()).toMatchObject({ message: apiMessages.identity.panUnavailable });
    expect(await server.db.select().from(users).where(eq(users.phone, '9988776655'))).toEqual([]);
    await t.jobs();
    expect(await server.texts('9988776655')).toEqual([]);
  });
});
