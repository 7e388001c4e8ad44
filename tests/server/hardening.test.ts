// Issue 46, the smaller holes: a signed WhatsApp STOP from long ago changes nothing (D213), a
// path or query integer is read only as canonical decimal digits, and a dues CSV cell a
// spreadsheet would run as a formula is defused in its full-width forms too (D214).
import { describe, expect, it } from 'vitest';
import { signWhatsAppWebhook } from '../../src/server/whatsapp/webhook';
import { testDatabases } from '../support/server';
import { usePaymentsServer, type Actor } from './payments.support';

const KABIR = '9876500003';
const DAY_S = 24 * 60 * 60;

describe.each(testDatabases())('smaller holes on $name', (database) => {
  const t = usePaymentsServer(database);
  const { api, server } = t;

  /** A signed WhatsApp message from `phone`, stamped `secondsAgo` before the server's now. */
  const whatsAppReply = (phone: string, text: string, secondsAgo: number) => {
    const at = Math.floor(server.clock.now().getTime() / 1000) - secondsAgo;
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          changes: [
            {
              field: 'messages',
              value: {
                messages: [
                  { from: `91${phone}`, timestamp: String(at), type: 'text', text: { body: text } },
                ],
              },
            },
          ],
        },
      ],
    });
    return t.inject({
      method: 'POST',
      url: '/api/v1/whatsapp/webhook/',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': signWhatsAppWebhook(server.config.whatsapp.appSecret, body),
      },
      payload: body,
    });
  };

  async function kabirOwes() {
    const { asha } = await t.demo();
    const kabir = await api('POST', '/api/v1/students/', {
      token: asha.token,
      body: { name: 'Kabir Rao', phone: KABIR },
    });
    const plan = await api('POST', '/api/v1/fee-plans/', {
      token: asha.token,
      body: {
        name: 'Maths',
        kind: 'one_time',
        student_id: kabir.json().id,
        amount: 2000,
        due_date: '2025-01-20',
      },
    });
    return { asha, studentId: kabir.json().id as number, planId: plan.json().id as number };
  }
  const stopped = async (tutor: Actor) =>
    (await api('GET', '/api/v1/reminders/', { token: tutor.token })).json().stopped;

  it('takes a STOP of today, and none signed a year ago (D213)', async () => {
    const { asha } = await kabirOwes();
    expect((await whatsAppReply(KABIR, 'STOP', 365 * DAY_S)).json()).toEqual({
      result: 'ignored',
    });
    expect((await whatsAppReply(KABIR, 'STOP', 8 * DAY_S)).json()).toEqual({ result: 'ignored' });
    expect(await stopped(asha)).toEqual([]);
    expect((await whatsAppReply(KABIR, 'STOP', 60)).json()).toEqual({ result: 'processed' });
    expect(await stopped(asha)).toMatchObject([{ payer_phone: KABIR }]);
    // A START sent since, and the old STOP replayed: still opted in.
    await whatsAppReply(KABIR, 'START', 30);
    await whatsAppReply(KABIR, 'STOP', 400 * DAY_S);
    expect(await stopped(asha)).toEqual([]);
  });

  it('reads a path or query integer only as decimal digits (D214)', async () => {
    const { asha, planId } = await kabirOwes();
    expect(planId).toBe(1);
    for (const loose of ['0x1', '1e0', '%201', '+1', '01', '1.0', '%2B1']) {
      const res = await api('POST', `/api/v1/fee-plans/${loose}/end/`, { token: asha.token });
      expect([400, 404], loose).toContain(res.statusCode);
    }
    const plans = (await api('GET', '/api/v1/fee-plans/', { token: asha.token })).json();
    expect(plans.results[0]).toMatchObject({ id: 1, ended_at: null });
    expect(
      (await api('GET', '/api/v1/fee-plans/?page=0x1', { token: asha.token })).statusCode,
    ).toBe(400);
    expect((await api('GET', '/api/v1/fee-plans/?page=1', { token: asha.token })).statusCode).toBe(
      200,
    );
    expect((await api('POST', `/api/v1/fee-plans/1/end/`, { token: asha.token })).statusCode).toBe(
      200,
    );
  });

  it('defuses formula cells in the dues CSV, full-width ones too (D214)', async () => {
    const { asha } = await kabirOwes();
    const month = (await api('GET', '/api/v1/dues/?month=2025-01', { token: asha.token })).json();
    const settled = await api('POST', `/api/v1/dues/${month.results[0].id}/settle/`, {
      token: asha.token,
      body: { how: 'other', note: '＝HYPERLINK("http://evil.example","pay")' },
    });
    expect(settled.statusCode).toBe(200);
    const csv = await api('GET', '/api/v1/dues/export/?from=2025-01-01&to=2025-01-31', {
      token: asha.token,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(`"'＝HYPERLINK(""http://evil.example"",""pay"")"`);
    expect(csv.body).not.toMatch(/,"＝/);
  });
});
