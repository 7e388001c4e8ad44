// The job queue (D108-D113): what the worker does with nobody looking. Jobs run by hand
// (tests/support/jobs.ts) through the worker's own handlers, except the last two tests, which
// start a real worker and let it poll.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { toIstIsoString } from '../../src/domain/time';
import { selectRows } from '../../src/server/db/client';
import { orders, paymentLinks, refunds } from '../../src/server/db/schema';
import { GatewayError } from '../../src/server/gateway/types';
import { startWorker } from '../../src/server/jobs/worker';
import { runJobs, sweepAndRunJobs } from '../support/jobs';
import { testDatabases } from '../support/server';
import { ORDER_URL, orderBody, payment, usePaymentsServer, webhookBody } from './payments.support';

const MINUTE = 60_000;
const CREATE_LINK = '/api/v1/payments/payment-link/create/';

describe.each(testDatabases())('background jobs on $name', (database) => {
  const t = usePaymentsServer(database);
  const { api, server } = t;

  const openOrder = async (rupees = 2000, extra = {}) => {
    const { asha, priya } = await t.demo();
    const res = await api('POST', ORDER_URL, {
      token: priya.token,
      body: orderBody(priya.id, asha.id, rupees, extra),
    });
    expect(res.statusCode).toBe(201);
    const { id, amount } = res.json<{ id: string; amount: number }>();
    return { asha, priya, id, total: Math.round(amount * 100) };
  };
  const statusOf = async (id: string) =>
    (await server.db.select().from(orders).where(eq(orders.id, id)))[0]?.status;

  it('makes a payment whose webhooks were all lost PAID, with nobody looking', async () => {
    const { id, total } = await openOrder();
    server.clock.advance(MINUTE);
    t.fake.pay(id, { ...payment(id, total, 'SUCCESS'), time: toIstIsoString(server.clock.now()) });
    // Not yet due: the first re-read comes 2 minutes after the order was made (D111).
    expect((await sweepAndRunJobs(t.app)).found.orders).toBe(0);
    expect(await statusOf(id)).toBe('ACTIVE');
    server.clock.advance(MINUTE);
    expect((await sweepAndRunJobs(t.app)).found.orders).toBe(1);
    expect(await statusOf(id)).toBe('PAID');
    // Final: never re-read again.
    server.clock.advance(60 * MINUTE);
    expect((await sweepAndRunJobs(t.app)).found.orders).toBe(0);
  });

  it('keeps re-reading an open checkout, less often, and ends it at the gateway once expired', async () => {
    const { id } = await openOrder();
    let reads = 0;
    for (let minute = 0; minute < 40; minute += 1) {
      server.clock.advance(MINUTE);
      reads += (await sweepAndRunJobs(t.app)).found.orders;
    }
    // Every 2 minutes for the first 10, then every 7.5 minutes; then ended at 30 minutes.
    expect(reads).toBeGreaterThanOrEqual(6);
    expect(reads).toBeLessThanOrEqual(10);
    expect(t.fake.calls.terminateOrder).toBe(1);
    expect(await statusOf(id)).toBe('TERMINATED');
  });

  it('retries a failed job with backoff, and a refund is sent once the gateway is back', async () => {
    const { id, total, priya, asha } = await openOrder();
    t.fake.pay(id, payment(id, total, 'SUCCESS'));
    await t.postWebhook(webhookBody(payment(id, total, 'SUCCESS')));
    const ask = await api('POST', '/api/v1/payments/refunds/', {
      token: priya.token,
      body: { order_id: id, reason: 'No class' },
    });
    const refundId = ask.json<{ id: string }>().id;
    // Approved while the gateway is down: PENDING, and the refund job fails and is retried.
    t.fake.failRefund = new GatewayError('down', null, 'network_error');
    t.fake.failReads = new GatewayError('down', null, 'network_error');
    const approved = await api('POST', `/api/v1/payments/refunds/${refundId}/approve/`, {
      token: asha.token,
    });
    expect(approved.json()).toMatchObject({ status: 'PENDING' });
    const first = await sweepAndRunJobs(t.app);
    expect(first.failed).toMatchObject([{ name: 'refund-sync' }]);
    const jobRows = await selectRows(
      server.db,
      sql`select state, start_after > now() as later from pgboss.job where name = 'refund-sync'`,
    );
    // pg-boss keeps the job for a retry that starts later (backoff).
    expect(jobRows).toMatchObject([{ state: 'retry', later: true }]);

    t.fake.failReads = null;
    t.fake.refundStatus = 'SUCCESS';
    await server.db.execute(
      sql`update pgboss.job set start_after = now() where name = 'refund-sync'`,
    );
    await runJobs(t.app);
    const [row] = await server.db.select().from(refunds).where(eq(refunds.id, refundId));
    expect(row).toMatchObject({ status: 'SUCCESS', nextCheckAt: null });
    expect([...t.fake.refunds.values()]).toMatchObject([{ refundId, amount: total }]);
  });

  it('never does one job twice, even with two workers at once', async () => {
    const { id, total } = await openOrder();
    t.fake.pay(id, payment(id, total, 'SUCCESS'));
    server.clock.advance(3 * MINUTE);
    // The sweep, sent twice (two workers), finds the order once; both workers run at once.
    await Promise.all([sweepAndRunJobs(t.app), sweepAndRunJobs(t.app)]);
    expect(t.fake.calls.fetchOrder).toBe(1);
    expect(await statusOf(id)).toBe('PAID');
  });

  it('expires a link past its expiry and ends its open checkouts', async () => {
    const { asha, priya } = await t.demo();
    const link = await api('POST', CREATE_LINK, {
      token: asha.token,
      body: {
        amount: 1500,
        purpose: 'March fees',
        expires_at: toIstIsoString(new Date(server.clock.now().getTime() + 24 * 60 * MINUTE)),
      },
    });
    expect(link.statusCode).toBe(201);
    const linkId = link.json<{ id: string }>().id;
    const opened = await api('POST', ORDER_URL, {
      token: priya.token,
      body: orderBody(priya.id, asha.id, 1500, { payment_link_id: linkId }),
    });
    const orderId = opened.json<{ id: string }>().id;
    server.clock.advance(25 * 60 * MINUTE);
    const swept = await sweepAndRunJobs(t.app);
    expect(swept.found).toMatchObject({ linksExpired: 1, linksToClose: 1 });
    const [row] = await server.db.select().from(paymentLinks).where(eq(paymentLinks.id, linkId));
    expect(row?.status).toBe('EXPIRED');
    expect(await statusOf(orderId)).toBe('TERMINATED');
  });

  it('runs in a worker that polls, and stops cleanly', async () => {
    const { id, total } = await openOrder();
    t.fake.pay(id, payment(id, total, 'SUCCESS'));
    const response = await t.postWebhook(
      webhookBody(payment(id, total, 'SUCCESS')),
      undefined,
      undefined,
      {
        apply: false,
      },
    );
    expect(response.json()).toEqual({ result: 'stored' });
    expect(await statusOf(id)).toBe('ACTIVE'); // answered before it was applied (D110)
    const worker = await startWorker({
      jobs: t.app.jobs,
      services: t.app.services,
      log: t.app.log,
      sweepIntervalSeconds: 60,
    });
    try {
      const deadline = Date.now() + 15_000;
      while ((await statusOf(id)) !== 'PAID' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await statusOf(id)).toBe('PAID');
    } finally {
      await worker.stop();
    }
  });

  it('stops only once a fetch that was in flight has run what it fetched (D185)', async () => {
    const { id, total } = await openOrder();
    t.fake.pay(id, payment(id, total, 'SUCCESS'));
    await t.postWebhook(webhookBody(payment(id, total, 'SUCCESS')), undefined, undefined, {
      apply: false,
    });
    // Every fetch takes its jobs, then returns them 300 ms after stop() has been called.
    const { boss } = t.app.jobs;
    const fetchJobs = boss.fetch.bind(boss);
    let stopCalled!: () => void;
    const afterStop = new Promise<void>((resolve) => (stopCalled = resolve));
    const fetched: { name: string; id: string }[] = [];
    const fetchSpy = vi.spyOn(boss, 'fetch').mockImplementation(async (...args) => {
      const jobs = await fetchJobs(...args);
      fetched.push(...jobs.map((job) => ({ name: args[0], id: job.id })));
      await afterStop;
      await new Promise((resolve) => setTimeout(resolve, 300));
      return jobs;
    });
    try {
      const worker = await startWorker({
        jobs: t.app.jobs,
        services: t.app.services,
        log: t.app.log,
        sweepIntervalSeconds: 60,
      });
      const stopped = worker.stop();
      stopCalled();
      await stopped;
      expect(await statusOf(id)).toBe('PAID');
      // Every job fetched was run and completed before stop() resolved. (A sweep that ran may
      // have queued the webhook's receipt again, as not yet applied: that job waits, 'created'.)
      expect(fetched.map((job) => job.name)).toContain('payment-webhook');
      const states = await Promise.all(
        fetched.map(async (job) => (await boss.getJobById(job.name, job.id))?.state),
      );
      expect(states).toEqual(fetched.map(() => 'completed'));
    } finally {
      fetchSpy.mockRestore();
    }
  });
});
