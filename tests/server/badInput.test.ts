// Issue 9, points 6 and 7: the inputs that once gave 500s or were silently coerced are 400s
// with a clear message, as the contract states (ids are 32-bit, text refuses control
// characters, dates stay within 1900-2099, pages have a ceiling, bodies are taken as sent).
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../support/server';
import { ORDER_URL, orderBody, usePaymentsServer } from './payments.support';

const TOO_BIG_ID = 2_147_483_648;

describe.each(testDatabases())('bad input on $name', (database) => {
  const t = usePaymentsServer(database);
  const { api } = t;

  const expect400 = async (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    token: string,
    body?: unknown,
  ) => {
    const res = await api(method, url, { token, ...(body === undefined ? {} : { body }) });
    expect([res.statusCode, url]).toEqual([400, url]);
    expect(res.json<{ message: string }>().message).toEqual(expect.any(String));
    return res.json<{ message: string }>().message;
  };

  it('refuses ids beyond 32 bits in paths and bodies', async () => {
    const { asha, priya } = await t.demo();
    await expect400('GET', `/api/v1/user/${TOO_BIG_ID}/`, priya.token);
    await expect400('GET', `/api/v1/payments/pg/onboarding/${TOO_BIG_ID}/`, asha.token);
    await expect400('POST', `/api/v1/auth/api-keys/${TOO_BIG_ID}/revoke/`, asha.token);
    await expect400('POST', '/api/v1/payments/pg/onboarding/', asha.token, {
      user_id: TOO_BIG_ID,
    });
    await expect400('POST', ORDER_URL, priya.token, orderBody(priya.id, TOO_BIG_ID, 500));
    await expect400('POST', ORDER_URL, priya.token, orderBody(TOO_BIG_ID, asha.id, 500));
    const session = {
      subject: 'Maths',
      title: 'Algebra',
      teacher_id: asha.id,
      student_id: TOO_BIG_ID,
      amount: 500,
      starttime: '2025-01-20T10:00:00Z',
      endtime: '2025-01-20T11:00:00Z',
    };
    await expect400('POST', '/api/v1/schedules/create/', asha.token, session);
  });

  it('refuses a NUL or another control character in any text', async () => {
    const { asha, priya } = await t.demo();
    const nul = 'Maths\u0000';
    const message = await expect400('POST', '/api/v1/auth/api-keys/', asha.token, { name: nul });
    expect(message).toMatch(/^name: /);
    await expect400('POST', '/api/v1/payments/payment-link/create/', asha.token, {
      amount: 500,
      purpose: 'Fees\u001b[31m',
    });
    await expect400('PATCH', '/api/v1/user/profile/', asha.token, { subjects: [nul] });
    await expect400('PATCH', '/api/v1/user/profile/', asha.token, { first_name: nul });
    await expect400('POST', '/api/v1/payments/refunds/', priya.token, {
      order_id: 'ord_1234567890',
      reason: nul,
    });
    await expect400('GET', `/api/v1/user/search/?username=${encodeURIComponent(nul)}`, priya.token);
    const session = {
      subject: nul,
      title: nul,
      teacher_id: asha.id,
      student_id: priya.id,
      amount: 500,
      starttime: '2025-01-20T10:00:00Z',
      endtime: '2025-01-20T11:00:00Z',
    };
    await expect400('POST', '/api/v1/schedules/create/', asha.token, session);
  });

  it('refuses years outside 1900-2099 and absurd page numbers', async () => {
    const { asha, priya } = await t.demo();
    await expect400('GET', '/api/v1/payments/received/?from=0099-01-01', asha.token);
    await expect400('GET', '/api/v1/payments/received/export/?to=2100-01-01', asha.token);
    await expect400('POST', '/api/v1/payments/payment-link/create/', asha.token, {
      amount: 500,
      purpose: 'Fees',
      expires_at: '9999-12-31T23:59:59Z',
    });
    await expect400('POST', '/api/v1/schedules/create/', asha.token, {
      subject: 'Maths',
      title: 'Algebra',
      teacher_id: asha.id,
      student_id: priya.id,
      amount: 500,
      starttime: '1800-01-20T10:00:00Z',
      endtime: '1800-01-20T11:00:00Z',
    });
    await expect400('GET', `/api/v1/payments/made/?page=${2 ** 40}`, priya.token);
    await expect400('GET', '/api/v1/payments/made/?page=1e309', priya.token);
  });

  it('takes request bodies as sent: no string, array or boolean becomes a number (D54)', async () => {
    const { asha, priya } = await t.demo();
    const good = orderBody(priya.id, asha.id, 2345);
    for (const spoiled of [
      { base_amount: '2345' },
      { base_amount: [2345] },
      { base_amount: true },
      { payer_id: String(priya.id) },
      { book_session: 'true' },
      { payment_method: ['upi'] },
    ]) {
      await expect400('POST', ORDER_URL, priya.token, { ...good, ...spoiled });
    }
    expect(t.fake.calls.createOrder).toBe(0);
    // Query strings are still read as numbers.
    const page = await api('GET', '/api/v1/payments/made/?page=2', { token: priya.token });
    expect(page.json()).toMatchObject({ page: 2 });
  });
});
