// Who may call the dashboards' endpoints (payment links, API keys, sessions, logout): another
// tutor's object is a 404 that changes nothing, a student gets 403 on tutor endpoints and a
// tutor on student endpoints, nobody gets anything without a token (401), and lists hold only
// the caller's own rows.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiKeys, paymentLinks } from '../../src/server/db/schema';
import { testDatabases } from '../support/server';
import { ORDER_URL, orderBody, usePaymentsServer, type Actor } from './payments.support';

const LINKS = '/api/v1/payments/payment-link/';
const CREATE_LINK = '/api/v1/payments/payment-link/create/';
const KEYS = '/api/v1/auth/api-keys/';
const SCHEDULES = '/api/v1/schedules/';

type Method = 'GET' | 'POST';
interface Call {
  method: Method;
  url: string;
  body?: unknown;
}

describe.each(testDatabases())('authorization of the dashboards on $name', (database) => {
  const t = usePaymentsServer(database);
  const { api, server } = t;

  /** Asha (tutor) with a link, a key and a session booked with Priya; a second tutor. */
  const world = async () => {
    const { asha, priya } = await t.demo();
    const other = await t.user('7012345680', 'teacher', {
      firstName: 'Meera',
      lastName: 'Iyer',
      pan: 'DEFPI3456G',
      username: 'meera-iyer',
    });
    await t.setKyc(other.id, 'ACTIVE');
    const link = await api('POST', CREATE_LINK, {
      token: asha.token,
      body: { amount: 3000, purpose: 'January maths tuition' },
    });
    const key = await api('POST', KEYS, { token: asha.token, body: { name: 'Website' } });
    await api('POST', '/api/v1/schedules/create/', {
      token: priya.token,
      body: {
        subject: 'Maths session',
        title: 'Maths session',
        teacher_id: asha.id,
        student_id: priya.id,
        amount: 2000,
        starttime: '2025-01-16T13:00:00+05:30',
        endtime: '2025-01-16T14:00:00+05:30',
      },
    });
    return {
      asha,
      priya,
      other,
      linkId: link.json<{ id: string }>().id,
      keyId: key.json<{ id: number }>().id,
    };
  };

  const tutorCalls = (linkId: string, keyId: number): Call[] => [
    { method: 'GET', url: LINKS },
    { method: 'POST', url: CREATE_LINK, body: { amount: 500, purpose: 'Trial class' } },
    { method: 'POST', url: `${LINKS}${linkId}/cancel/` },
    { method: 'GET', url: KEYS },
    { method: 'POST', url: KEYS, body: { name: 'Mine' } },
    { method: 'POST', url: `${KEYS}${keyId}/revoke/` },
  ];

  /** What a refused call must not have changed: Asha's link, her one key, the row counts. */
  const expectUnchanged = async (linkId: string, keyId: number) => {
    const [link] = await server.db.select().from(paymentLinks).where(eq(paymentLinks.id, linkId));
    expect(link?.status).toBe('ACTIVE');
    const [key] = await server.db.select().from(apiKeys).where(eq(apiKeys.id, keyId));
    expect(key?.revokedAt).toBeNull();
    // The demo link and Asha's link; Asha's one key.
    expect(await server.db.select().from(paymentLinks)).toHaveLength(2);
    expect(await server.db.select().from(apiKeys)).toHaveLength(1);
  };

  const call = (c: Call, actor?: Actor) =>
    api(c.method, c.url, { ...(actor ? { token: actor.token } : {}), body: c.body });

  it('refuses students on every tutor endpoint (403) and changes nothing', async () => {
    const { priya, linkId, keyId } = await world();
    for (const c of tutorCalls(linkId, keyId)) {
      expect((await call(c, priya)).statusCode, `${c.method} ${c.url}`).toBe(403);
    }
    await expectUnchanged(linkId, keyId);
  });

  it('refuses tutors on the student endpoints (403)', async () => {
    const { asha, other } = await world();
    const order = await api('POST', ORDER_URL, {
      token: asha.token,
      body: orderBody(asha.id, other.id, 500),
    });
    expect(order.statusCode).toBe(403);
    const register = await api('POST', '/api/v1/user/register/', {
      token: asha.token,
      body: {
        phone: '7012345681',
        first_name: 'Vikram',
        last_name: 'Rao',
        pan: 'EFGPR4567H',
        amount: 500,
      },
    });
    expect(register.statusCode).toBe(403);
    expect(await server.db.query.orders.findMany()).toEqual([]);
  });

  it("answers 404 for another tutor's link or key and changes nothing", async () => {
    const { other, linkId, keyId } = await world();
    const cancel = await api('POST', `${LINKS}${linkId}/cancel/`, { token: other.token });
    expect(cancel.statusCode).toBe(404);
    const revoke = await api('POST', `${KEYS}${keyId}/revoke/`, { token: other.token });
    expect(revoke.statusCode).toBe(404);
    await expectUnchanged(linkId, keyId);
  });

  it("lists only the caller's own links, keys and sessions", async () => {
    const { asha, priya, other } = await world();
    const count = async (url: string, actor: Actor) =>
      (await api('GET', url, { token: actor.token })).json<{ count: number }>().count;
    expect(await count(LINKS, asha)).toBe(2);
    expect(await count(LINKS, other)).toBe(0);
    expect(await count(KEYS, asha)).toBe(1);
    expect(await count(KEYS, other)).toBe(0);
    expect(await count(SCHEDULES, asha)).toBe(1);
    expect(await count(SCHEDULES, priya)).toBe(1);
    expect(await count(SCHEDULES, other)).toBe(0);
  });

  it('answers 401 to every one of them without a token, and changes nothing', async () => {
    const { linkId, keyId } = await world();
    const calls: Call[] = [
      ...tutorCalls(linkId, keyId),
      { method: 'GET', url: SCHEDULES },
      { method: 'POST', url: '/api/v1/auth/logout/' },
    ];
    for (const c of calls) {
      expect((await call(c)).statusCode, `${c.method} ${c.url}`).toBe(401);
    }
    await expectUnchanged(linkId, keyId);
  });
});
