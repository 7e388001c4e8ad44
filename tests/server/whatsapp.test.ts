// WhatsApp reminders (issue 14, D151): the Cloud API adapter against the sandbox's imitation
// (what the phone reads, each refusal, the bounded retries), Meta's signed webhook (the URL
// check, statuses, STOP), a text that WhatsApp cannot deliver going by SMS instead, and the
// tutor's settings: the channel, and the ladder turned off.
import { describe, expect, it } from 'vitest';
import { DEV_WHATSAPP_ACCESS_TOKEN, DEV_WHATSAPP_PHONE_NUMBER_ID } from '../../src/server/config';
import { SmsError } from '../../src/server/sms/sender';
import { createWhatsAppSender } from '../../src/server/whatsapp/cloudApi';
import { signWhatsAppWebhook } from '../../src/server/whatsapp/webhook';
import { WHATSAPP_TEMPLATES } from '../../src/server/whatsapp/templates';
import { sandboxFetch } from '../support/sandboxFetch';
import { testDatabases } from '../support/server';
import { moveClockTo } from './dashboards.support';
import { usePaymentsServer, type Actor } from './payments.support';

const MEERA = '9876500009';
const DIYA = '9876500002';
const VARS = {
  tutor: 'Asha Verma',
  student: 'Diya Patel',
  amount: 'Rs 2,000.00',
  purpose: 'Maths (Feb 2025)',
  url: 'https://x.in/p/1',
};

/** Waits (bounded) until `check` gives a value: the sandbox's statuses come a moment later. */
async function eventually<T>(check: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 50; i += 1) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('eventually: the value never came');
}

describe.each(testDatabases())('WhatsApp reminders on $name', (database) => {
  const t = usePaymentsServer(database);
  const { api, server } = t;
  const sandbox = (url: string, payload: object) =>
    t.inject({ method: 'POST', url: `/sandbox/whatsapp${url}`, payload });
  const outbox = async (phone: string) =>
    (await t.inject({ method: 'GET', url: `/sandbox/outbox.json?phone=${phone}` })).json<
      { channel: string; body: string }[]
    >();

  const transport = () => sandboxFetch(server.sandbox.app);
  const sender = (fetchImpl: typeof fetch, overrides = {}) =>
    createWhatsAppSender(
      {
        baseUrl: `${server.sandbox.config.origin}/sandbox/whatsapp/v21.0`,
        phoneNumberId: DEV_WHATSAPP_PHONE_NUMBER_ID,
        accessToken: DEV_WHATSAPP_ACCESS_TOKEN,
        templates: { ...WHATSAPP_TEMPLATES },
        languages: { en: 'en', hi: 'hi' },
        timeoutMs: 200,
        ...overrides,
      },
      fetchImpl,
    );
  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SmsError);
    return error as SmsError;
  };

  it('sends an approved template; the phone reads it; refusals say whether to try again', async () => {
    await sandbox('/faults', { fail: null });
    const { calls, fetchImpl } = transport();
    const sent = await sender(fetchImpl).send({
      phone: DIYA,
      template: 'feeReminder',
      vars: VARS,
      language: 'en',
    });
    expect(sent.requestId).toMatch(/^wamid\./);
    expect(calls).toEqual([`/sandbox/whatsapp/v21.0/${DEV_WHATSAPP_PHONE_NUMBER_ID}/messages`]);
    expect((await outbox(DIYA))[0]).toMatchObject({
      channel: 'whatsapp',
      body: 'Fee reminder from Asha Verma for Diya Patel: Rs 2,000.00 for Maths (Feb 2025). Pay at https://x.in/p/1 Reply STOP to stop reminders.',
    });
    // A wrong token, a template not approved, a kind with no template: no use trying again.
    const token = await refusal(
      sender(fetchImpl, { accessToken: 'wrong' }).send({
        phone: DIYA,
        template: 'feeReminder',
        vars: VARS,
        language: 'en',
      }),
    );
    expect(token).toMatchObject({ transient: false, status: 401 });
    expect(token.message).toMatch(/code 190/);
    const template = await refusal(
      sender(fetchImpl, { templates: { feeReminder: 'unapproved' } }).send({
        phone: DIYA,
        template: 'feeReminder',
        vars: VARS,
        language: 'en',
      }),
    );
    expect(template.message).toMatch(/code 132001/);
    const otp = await refusal(
      sender(fetchImpl).send({
        phone: DIYA,
        template: 'otp',
        vars: { otp: '1234' },
        language: 'en',
      }),
    );
    expect(otp).toMatchObject({ transient: false, message: 'No WhatsApp template for otp' });
    // A server error is tried three times in all; a timeout once (it may have been taken).
    await sandbox('/faults', { fail: 'server' });
    const failing = transport();
    expect(
      await refusal(
        sender(failing.fetchImpl).send({
          phone: DIYA,
          template: 'feeReminder',
          vars: VARS,
          language: 'en',
        }),
      ),
    ).toMatchObject({ transient: true, status: 500 });
    expect(failing.calls).toHaveLength(3);
    await sandbox('/faults', { fail: 'timeout' });
    const slow = transport();
    expect(
      await refusal(
        sender(slow.fetchImpl).send({
          phone: DIYA,
          template: 'feeReminder',
          vars: VARS,
          language: 'en',
        }),
      ),
    ).toMatchObject({ transient: true });
    expect(slow.calls).toHaveLength(1);
    await sandbox('/faults', { fail: null });
  });

  it("answers Meta's URL check and takes only signed notifications", async () => {
    const check = (token: string) =>
      t.inject({
        method: 'GET',
        url: `/api/v1/whatsapp/webhook/?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`,
      });
    const ok = await check(server.config.whatsapp.verifyToken);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    expect((await check('someone-elses-token')).statusCode).toBe(403);
    const body = JSON.stringify({ object: 'whatsapp_business_account', entry: [] });
    const post = (signature: string) =>
      t.inject({
        method: 'POST',
        url: '/api/v1/whatsapp/webhook/',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
        payload: body,
      });
    expect((await post('sha256=00')).statusCode).toBe(401);
    expect((await post(signWhatsAppWebhook('another-apps-secret', body))).statusCode).toBe(401);
    const signed = await post(signWhatsAppWebhook(server.config.whatsapp.appSecret, body));
    expect(signed.json()).toEqual({ result: 'ignored' });
  });

  /** Asha's two students, Aarav (his mother Meera pays) and Diya, ₹2,000 due on the 5th. */
  async function twoStudents() {
    const { asha } = await t.demo();
    const ids: number[] = [];
    for (const body of [
      {
        name: 'Aarav Sharma',
        phone: '9876500001',
        parent_name: 'Meera Sharma',
        parent_phone: MEERA,
      },
      { name: 'Diya Patel', phone: DIYA },
    ]) {
      ids.push(
        (
          await api('POST', '/api/v1/students/', {
            token: asha.token,
            body: { ...body, batch: 'Class 10' },
          })
        ).json().id,
      );
    }
    await api('POST', '/api/v1/fee-plans/', {
      token: asha.token,
      body: {
        name: 'Maths',
        kind: 'monthly',
        batch: 'Class 10',
        amount: 2000,
        due_day: 5,
        start_month: '2025-02',
      },
    });
    return { asha, ids };
  }
  const at = async (tutor: Actor, iso: string) => {
    moveClockTo(t, iso);
    await server.app.services.dues.generate();
    return t.user(tutor.phone, 'teacher');
  };
  const logOf = async (tutor: Actor) =>
    (await api('GET', '/api/v1/reminders/', { token: tutor.token })).json().results as {
      payer_phone: string;
      channel: string;
      status: string;
      whatsapp_error: string | null;
    }[];

  it('reminds by WhatsApp, and by SMS when WhatsApp cannot deliver: one text each', async () => {
    await sandbox('/faults', { not_on_whatsapp: [DIYA] });
    const first = await twoStudents();
    const asha = await at(first.asha, '2025-02-02T10:00:00+05:30');
    expect(await server.app.services.reminders.run()).toEqual({ sent: 2, skipped: 0 });
    await t.jobs();
    // Meera reads it on WhatsApp; Diya's number has no WhatsApp: the SMS takes over.
    const settled = await eventually(async () => {
      await t.jobs();
      const log = await logOf(asha);
      return log.every((r) => r.status === 'delivered') ? log : undefined;
    });
    expect(settled.find((r) => r.payer_phone === MEERA)).toMatchObject({
      channel: 'whatsapp',
      whatsapp_error: null,
    });
    expect(settled.find((r) => r.payer_phone === DIYA)).toMatchObject({
      channel: 'sms',
      whatsapp_error: 'Message undeliverable (code 131026)',
    });
    expect((await outbox(MEERA)).map((m) => m.channel)).toEqual(['whatsapp']);
    expect((await outbox(DIYA)).map((m) => m.channel)).toEqual(['sms']);
    await sandbox('/faults', { not_on_whatsapp: [] });
  });

  it('stops when the payer writes STOP on WhatsApp', async () => {
    const first = await twoStudents();
    const asha = await at(first.asha, '2025-02-02T10:00:00+05:30');
    expect((await sandbox('/replies', { phone: MEERA, text: 'Stop' })).json()).toEqual({
      delivered: 200,
    });
    expect(await server.app.services.reminders.run()).toEqual({ sent: 1, skipped: 1 });
    const log = (await api('GET', '/api/v1/reminders/', { token: asha.token })).json();
    expect(log.stopped).toMatchObject([{ payer_phone: MEERA }]);
  });

  it("follows the tutor's settings: SMS only, or no ladder and only reminders sent now", async () => {
    const first = await twoStudents();
    let asha = await at(first.asha, '2025-02-02T10:00:00+05:30');
    const settings = (body?: object, token = asha.token) =>
      body
        ? api('PUT', '/api/v1/reminders/settings/', { token, body })
        : api('GET', '/api/v1/reminders/settings/', { token });
    expect((await settings()).json()).toEqual({ automatic: true, channel: 'whatsapp' });
    expect((await settings({ automatic: true, channel: 'sms' })).json()).toEqual({
      automatic: true,
      channel: 'sms',
    });
    expect(await server.app.services.reminders.run()).toEqual({ sent: 2, skipped: 0 });
    await t.jobs();
    expect((await outbox(MEERA)).map((m) => m.channel)).toEqual(['sms']);
    expect((await logOf(asha)).map((r) => r.channel)).toEqual(['sms', 'sms']);
    // The ladder off: the 5th passes with no reminder, but the tutor can still send one.
    await settings({ automatic: false, channel: 'whatsapp' });
    asha = await at(asha, '2025-02-05T10:00:00+05:30');
    expect(await server.app.services.reminders.run()).toEqual({ sent: 0, skipped: 0 });
    const now = await api('POST', '/api/v1/reminders/', {
      token: asha.token,
      body: { student_id: first.ids[1] },
    });
    expect(now.json()).toMatchObject({ kind: 'manual', channel: 'whatsapp' });
    // Bad settings are refused, and a student has none.
    expect((await settings({ automatic: 'yes', channel: 'sms' })).statusCode).toBe(400);
    expect((await settings({ automatic: true, channel: 'email' })).statusCode).toBe(400);
    const priya = await t.user('9876511111', 'student');
    expect((await settings(undefined, priya.token)).statusCode).toBe(403);
    expect((await settings()).json()).toEqual({ automatic: false, channel: 'whatsapp' });
  });
});
