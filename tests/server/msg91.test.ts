// The MSG91 adapter (D121) against the sandbox's imitation of MSG91's Flow API: what a phone
// receives, each error answer, a timeout and the bounded retries; and the SMS job that sends
// queued texts, retries a transient failure and reports a permanent one.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEV_MSG91_AUTH_KEY } from '../../src/server/config';
import { smsMessages } from '../../src/server/db/schema';
import { createMsg91Sender } from '../../src/server/sms/msg91';
import { SmsError } from '../../src/server/sms/sender';
import { DEV_SMS_TEMPLATE_IDS } from '../../src/server/sms/templates';
import { runJobs } from '../support/jobs';
import { sandboxFetch } from '../support/sandboxFetch';
import { testDatabases, useTestServer } from '../support/server';

describe.each(testDatabases())('MSG91 through the sandbox on $name', (database) => {
  const server = useTestServer(database);

  const transport = () => sandboxFetch(server.sandbox.app);
  const sender = (fetchImpl: typeof fetch, overrides = {}) =>
    createMsg91Sender(
      {
        baseUrl: `${server.sandbox.config.origin}/sandbox/msg91/api/v5`,
        authKey: DEV_MSG91_AUTH_KEY,
        templates: DEV_SMS_TEMPLATE_IDS,
        timeoutMs: 200,
        ...overrides,
      },
      fetchImpl,
    );
  const faults = (fail: 'server' | 'timeout' | null) =>
    server.sandbox.app.inject({
      method: 'POST',
      url: '/sandbox/msg91/faults',
      payload: { fail },
    });

  it('sends a DLT template with its variables; the phone reads the registered text', async () => {
    const { calls, fetchImpl } = transport();
    const sent = await sender(fetchImpl).send({
      phone: '9876543210',
      template: 'invitation',
      vars: { payer: 'Priya Sharma', url: 'https://tuitionpay.in/tutor/login' },
      language: 'en',
    });
    expect(sent.requestId).toMatch(/^[0-9a-f]{24}$/);
    expect(calls).toEqual(['/sandbox/msg91/api/v5/flow/']);
    expect(await server.texts('9876543210')).toMatchObject([
      {
        body: 'Priya Sharma wants to pay you on TuitionPay. Complete your KYC to receive payments: https://tuitionpay.in/tutor/login',
        code: null,
      },
    ]);
  });

  it('refuses a wrong auth key or an unknown template for good, without retrying', async () => {
    const { calls, fetchImpl } = transport();
    const wrongKey = await sender(fetchImpl, { authKey: 'nope' })
      .send({ phone: '9876543210', template: 'otp', vars: { otp: '1234' }, language: 'en' })
      .catch((e: unknown) => e);
    expect(wrongKey).toBeInstanceOf(SmsError);
    expect(wrongKey).toMatchObject({ transient: false, status: 401 });
    expect(String((wrongKey as Error).message)).not.toContain('nope');
    const unknown = await sender(fetchImpl, {
      templates: { ...DEV_SMS_TEMPLATE_IDS, otp: 'not_registered' },
    })
      .send({ phone: '9876543210', template: 'otp', vars: { otp: '1234' }, language: 'en' })
      .catch((e: unknown) => e);
    expect(unknown).toMatchObject({ transient: false, status: 400 });
    expect(calls).toHaveLength(2);
    expect(await server.texts('9876543210')).toEqual([]);
  });

  it('retries a 5xx a bounded number of times, and gives up on a provider that hangs', async () => {
    const { calls, fetchImpl } = transport();
    await faults('server');
    const down = await sender(fetchImpl, { retries: 2 })
      .send({ phone: '9876543210', template: 'otp', vars: { otp: '1234' }, language: 'en' })
      .catch((e: unknown) => e);
    expect(down).toMatchObject({ transient: true, status: 500 });
    expect(calls).toHaveLength(3);
    await faults('timeout');
    // Only our timeout gives this message: the sandbox's MSG91 holds its answer longer.
    const slow = await sender(fetchImpl, { retries: 2, timeoutMs: 100 })
      .send({ phone: '9876543210', template: 'otp', vars: { otp: '1234' }, language: 'en' })
      .catch((e: unknown) => e);
    expect(slow).toMatchObject({ transient: true, message: 'MSG91 did not answer in time' });
    // D142: not sent again (MSG91 may have taken it; the phone would get it twice).
    expect(calls).toHaveLength(4);
    await faults(null);
  });

  it('sends queued texts by job, retries while the provider is down, reports what failed', async () => {
    const texts = server.app.services.textMessages;
    const id = await texts.queue({
      phone: '9876543211',
      template: 'invitation',
      vars: { payer: 'A student', url: 'http://x/tutor/login' },
      language: 'en',
    });
    await faults('server');
    expect((await runJobs(server.app)).failed).toMatchObject([{ name: 'sms-send' }]);
    const [waiting] = await server.db.select().from(smsMessages).where(eq(smsMessages.id, id));
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    await faults(null);
    await texts.send(id); // the retry
    const [sent] = await server.db.select().from(smsMessages).where(eq(smsMessages.id, id));
    expect(sent).toMatchObject({ status: 'sent', providerRequestId: expect.any(String) });
    expect(await server.texts('9876543211')).toHaveLength(1);

    // A number the provider refuses is reported failed at once, and never retried.
    const bad = await texts.queue({
      phone: '1234567890',
      template: 'otp',
      vars: { otp: '1' },
      language: 'en',
    });
    expect(await texts.send(bad)).toBe('failed');
    const [failed] = await server.db.select().from(smsMessages).where(eq(smsMessages.id, bad));
    expect(failed).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/Invalid mobile/),
    });
  });

  it("takes MSG91's delivery report: delivered, only with the URL's token", async () => {
    const texts = server.app.services.textMessages;
    const id = await texts.queue({
      phone: '9876543212',
      template: 'invitation',
      vars: { payer: 'A student', url: 'http://x/tutor/login' },
      language: 'en',
    });
    await runJobs(server.app);
    const status = async () =>
      (await server.db.select().from(smsMessages).where(eq(smsMessages.id, id)))[0]?.status;
    const deadline = Date.now() + 5_000;
    while ((await status()) !== 'delivered' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await status()).toBe('delivered');
    const forged = await server.api(
      'POST',
      '/api/v1/sms/delivery-reports/?token=guess-guess-guess',
      {
        body: { requestId: 'x', status: '2' },
      },
    );
    expect(forged.statusCode).toBe(401);
  });
});
