// Issue 46: a NUL character (U+0000) cannot be kept in PostgreSQL's text; wherever one arrives
// the caller gets a clear 400, and a provider's webhook a 200 that ignores the bad field (a 5xx
// would have it retried), never a 500. One check at the validation layer (D211).
import { describe, expect, it } from 'vitest';
import { apiMessages } from '../../src/domain/apiMessages';
import { signWhatsAppWebhook } from '../../src/server/whatsapp/webhook';
import { testDatabases } from '../support/server';
import { usePaymentsServer } from './payments.support';

const NUL = '\u0000';

describe.each(testDatabases())('NUL characters on $name', (database) => {
  const t = usePaymentsServer(database);
  const { api, server } = t;

  async function aDue() {
    const { asha } = await t.demo();
    const student = await api('POST', '/api/v1/students/', {
      token: asha.token,
      body: { name: 'Aarav Sharma', phone: '9876500001', batch: 'Class 10' },
    });
    await api('POST', '/api/v1/fee-plans/', {
      token: asha.token,
      body: {
        name: 'Maths',
        kind: 'one_time',
        student_id: student.json().id,
        amount: 2000,
        due_date: '2025-01-20',
      },
    });
    const month = await api('GET', '/api/v1/dues/?month=2025-01', { token: asha.token });
    return { asha, due: month.json().results[0].id as number, planId: 1 };
  }

  const refusedAt = (res: { statusCode: number; json: () => unknown }, field: string) => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: apiMessages.api.nulCharacter(field) });
  };

  it("refuses them in a tutor's words with a clear 400 (batch, plan, notes, CSV)", async () => {
    const { asha, due } = await aDue();
    const post = (url: string, body: object) => api('POST', url, { token: asha.token, body: body });
    refusedAt(
      await post('/api/v1/students/', { name: 'Diya', phone: '9876500002', batch: `Class${NUL}9` }),
      'batch',
    );
    refusedAt(
      await post('/api/v1/fee-plans/', {
        name: `Ma${NUL}ths`,
        kind: 'one_time',
        batch: 'Class 10',
        amount: 100,
        due_date: '2025-02-01',
      }),
      'name',
    );
    const plans = (await api('GET', '/api/v1/fee-plans/', { token: asha.token })).json();
    refusedAt(
      await api('PATCH', `/api/v1/fee-plans/${plans.results[0].id}/`, {
        token: asha.token,
        body: { name: `Maths${NUL}` },
      }),
      'name',
    );
    refusedAt(
      await post(`/api/v1/dues/${due}/settle/`, { how: 'cash', note: `by${NUL}hand` }),
      'note',
    );
    refusedAt(await post(`/api/v1/dues/${due}/waive/`, { note: `sister${NUL}` }), 'note');
    refusedAt(
      await post('/api/v1/students/import/', {
        csv: `name,phone,batch\nDiya Patel,9876500002,Class${NUL}9\n`,
        accept: 'check',
      }),
      'csv',
    );
    // Nothing of it was kept; the due is still open.
    const month = (await api('GET', '/api/v1/dues/?month=2025-01', { token: asha.token })).json();
    expect(month.results[0]).toMatchObject({ status: 'open', note: null });
  });

  it('answers a provider 200 and ignores the field (MSG91, WhatsApp)', async () => {
    await t.demo();
    const token = encodeURIComponent(server.config.msg91.webhookToken);
    const report = (body: object) =>
      api('POST', `/api/v1/sms/delivery-reports/?token=${token}`, { body });
    const desc = await report({ requestId: 'req-1', status: '2', desc: `bad${NUL}` });
    expect(desc.statusCode).toBe(200);
    const id = await report({ requestId: `req${NUL}1`, status: '1' });
    expect(id.statusCode).toBe(200);
    expect(id.json()).toEqual({ result: 'ignored' });
    const reply = await api('POST', `/api/v1/sms/replies/?token=${token}`, {
      body: { mobile: '919876500003', message: `STOP${NUL}` },
    });
    expect(reply.statusCode).toBe(200);

    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          changes: [
            {
              field: 'messages',
              value: {
                statuses: [
                  {
                    id: `wamid.${NUL}`,
                    status: 'failed',
                    timestamp: String(Math.floor(server.clock.now().getTime() / 1000)),
                    errors: [{ code: 131026, title: `Undeliverable${NUL}` }],
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    const whatsapp = await t.inject({
      method: 'POST',
      url: '/api/v1/whatsapp/webhook/',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': signWhatsAppWebhook(server.config.whatsapp.appSecret, body),
      },
      payload: body,
    });
    expect(whatsapp.statusCode).toBe(200);
    expect(whatsapp.json()).toEqual({ result: 'ignored' });
  });

  it('refuses them in a query string too', async () => {
    const { asha } = await aDue();
    const res = await api('GET', '/api/v1/dues/export/?from=2025-01-01&to=2025-01-3%00', {
      token: asha.token,
    });
    refusedAt(res, 'to');
  });
});
