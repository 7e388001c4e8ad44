// Logout (D13) as the dashboards use it: the old token gets 401 everywhere, for tutors and
// students alike, while the tutor's API keys (not sessions, D19) keep creating links.
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { DEMO_PAYMENT_LINK } from '../../src/server/demo';
import { testDatabases } from '../support/server';
import { ORDER_URL, orderBody, usePaymentsServer } from './payments.support';

const LOGOUT = '/api/v1/auth/logout/';
const CREATE_LINK = '/api/v1/payments/payment-link/create/';

describe.each(testDatabases())('logout on $name', (database) => {
  const t = usePaymentsServer(database);
  const { api } = t;

  it("ends the tutor's token on every dashboard call; API keys keep working", async () => {
    const { asha } = await t.demo();
    const issued = await api('POST', '/api/v1/auth/api-keys/', {
      token: asha.token,
      body: { name: 'Website' },
    });
    const { id: keyId, key } = issued.json<{ id: number; key: string }>();
    expect((await api('POST', LOGOUT, { token: asha.token })).statusCode).toBe(204);

    const calls = [
      ['GET', '/api/v1/user/me/'],
      ['GET', '/api/v1/payments/payment-link/'],
      ['POST', CREATE_LINK],
      ['POST', `/api/v1/payments/payment-link/${DEMO_PAYMENT_LINK.id}/cancel/`],
      ['GET', `/api/v1/payments/payment-link/${DEMO_PAYMENT_LINK.id}/`],
      ['GET', '/api/v1/auth/api-keys/'],
      ['POST', '/api/v1/auth/api-keys/'],
      ['POST', `/api/v1/auth/api-keys/${keyId}/revoke/`],
      ['GET', '/api/v1/schedules/'],
      ['GET', '/api/v1/user/accounts/'],
      ['POST', LOGOUT],
    ] as const;
    for (const [method, url] of calls) {
      const res = await api(method, url, { token: asha.token });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toMatchObject({ message: messages.auth.invalidToken });
    }

    const byKey = await api('POST', CREATE_LINK, {
      headers: { authorization: `Token ${key}` },
      body: { amount: 500, purpose: 'Trial class' },
    });
    expect(byKey.statusCode).toBe(201);
    const details = await api('GET', `/api/v1/payments/payment-link/${DEMO_PAYMENT_LINK.id}/`);
    expect(details.json()).toMatchObject({ status: 'ACTIVE' });
  });

  it("ends the student's token on every call of the student's dashboard and payments", async () => {
    const { asha, priya } = await t.demo();
    expect((await api('POST', LOGOUT, { token: priya.token })).statusCode).toBe(204);
    const calls = [
      ['GET', '/api/v1/user/me/'],
      ['GET', '/api/v1/schedules/'],
      ['POST', ORDER_URL],
      ['GET', `/api/v1/user/${asha.id}/`],
    ] as const;
    for (const [method, url] of calls) {
      const body = method === 'POST' ? orderBody(priya.id, asha.id, 500) : undefined;
      const res = await api(method, url, { token: priya.token, body });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await t.server.db.query.orders.findMany()).toEqual([]);
  });
});
