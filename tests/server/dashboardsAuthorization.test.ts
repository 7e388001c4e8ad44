// Who may call the dashboards' endpoints (payments lists, CSV, receipts, refunds): no token is a
// 401; a student calling a tutor's endpoint or the reverse is a 403; another user's object is a
// 404 that changes nothing; lists hold only the caller's own data.
import { describe, expect, it } from 'vitest';
import { refunds } from '../../src/server/db/schema';
import { testDatabases } from '../support/server';
import {
  EXPORT_URL,
  MADE_URL,
  RECEIVED_URL,
  REFUNDS_URL,
  approveUrl,
  declineUrl,
  payOrder,
  receiptPdfUrl,
  receiptUrl,
  requestRefund,
} from './dashboards.support';
import { usePaymentsServer } from './payments.support';

type Method = 'GET' | 'POST';

describe.each(testDatabases())('dashboards authorization on $name', (database) => {
  const t = usePaymentsServer(database);
  const { api, server } = t;

  /** Asha paid by Priya with a requested refund; a second tutor and a second student. */
  const setup = async () => {
    const { asha, priya } = await t.demo();
    const orderId = await payOrder(t, priya, asha, 2000);
    const refundId = await requestRefund(t, priya, orderId);
    const otherTutor = await t.user('7000000001', 'teacher', {
      firstName: 'Meera',
      lastName: 'Iyer',
    });
    const otherStudent = await t.user('7000000002', 'student');
    const calls: [Method, string, unknown?][] = [
      ['GET', RECEIVED_URL],
      ['GET', `${EXPORT_URL}?from=2025-01-01&to=2025-01-31`],
      ['GET', MADE_URL],
      ['GET', receiptUrl(orderId)],
      ['GET', receiptPdfUrl(orderId)],
      ['GET', REFUNDS_URL],
      ['POST', REFUNDS_URL, { order_id: orderId, reason: 'Mine' }],
      ['POST', approveUrl(refundId)],
      ['POST', declineUrl(refundId)],
    ];
    return { asha, priya, orderId, refundId, otherTutor, otherStudent, calls };
  };

  const call = (method: Method, url: string, token?: string, body?: unknown) =>
    api(method, url, { ...(token ? { token } : {}), ...(body === undefined ? {} : { body }) });

  it('answers 401 to every endpoint without a token', async () => {
    const { calls } = await setup();
    for (const [method, url, body] of calls) {
      expect([method, url, (await call(method, url, undefined, body)).statusCode]).toEqual([
        method,
        url,
        401,
      ]);
    }
  });

  it('keeps tutors’ endpoints from students and students’ from tutors (403)', async () => {
    const { asha, priya, refundId, orderId } = await setup();
    const forTutors: [Method, string][] = [
      ['GET', RECEIVED_URL],
      ['GET', `${EXPORT_URL}?from=2025-01-01&to=2025-01-31`],
      ['POST', approveUrl(refundId)],
      ['POST', declineUrl(refundId)],
    ];
    for (const [method, url] of forTutors) {
      expect([url, (await call(method, url, priya.token)).statusCode]).toEqual([url, 403]);
    }
    expect((await call('GET', MADE_URL, asha.token)).statusCode).toBe(403);
    const ask = await call('POST', REFUNDS_URL, asha.token, { order_id: orderId, reason: 'x' });
    expect(ask.statusCode).toBe(403);
    expect(t.fake.calls.createRefund).toBe(0);
    expect((await server.db.select().from(refunds))[0]?.status).toBe('REQUESTED');
  });

  it('answers 404 for another user’s order or refund, and changes nothing', async () => {
    const { orderId, refundId, otherTutor, otherStudent } = await setup();
    for (const token of [otherTutor.token, otherStudent.token]) {
      for (const url of [receiptUrl(orderId), receiptPdfUrl(orderId)]) {
        expect([url, (await call('GET', url, token)).statusCode]).toEqual([url, 404]);
      }
    }
    const ask = await call('POST', REFUNDS_URL, otherStudent.token, {
      order_id: orderId,
      reason: 'Not mine',
    });
    expect(ask.statusCode).toBe(404);
    for (const url of [approveUrl(refundId), declineUrl(refundId)]) {
      expect([url, (await call('POST', url, otherTutor.token)).statusCode]).toEqual([url, 404]);
    }
    expect(t.fake.calls.createRefund).toBe(0);
    expect(await server.db.select().from(refunds)).toEqual([
      expect.objectContaining({
        id: refundId,
        status: 'REQUESTED',
        reason: 'The class was cancelled.',
      }),
    ]);
    // An unknown refund is the same 404.
    expect(
      (await call('POST', approveUrl('rfd_unknown0000000'), otherTutor.token)).statusCode,
    ).toBe(404);
  });

  it('lists only the caller’s own payments and refunds', async () => {
    const { asha, priya, orderId, refundId, otherTutor, otherStudent } = await setup();
    const ids = async (url: string, token: string) =>
      (await call('GET', url, token)).json<{ results: Record<string, string>[]; count: number }>();
    expect(await ids(RECEIVED_URL, otherTutor.token)).toMatchObject({ results: [], count: 0 });
    expect(await ids(MADE_URL, otherStudent.token)).toMatchObject({ results: [], count: 0 });
    expect(await ids(REFUNDS_URL, otherTutor.token)).toMatchObject({ results: [], count: 0 });
    expect(await ids(REFUNDS_URL, otherStudent.token)).toMatchObject({ results: [], count: 0 });
    const csv = await call('GET', `${EXPORT_URL}?from=2025-01-01&to=2025-01-31`, otherTutor.token);
    expect(csv.body).not.toContain(orderId);
    // The parties themselves see it.
    expect(await ids(RECEIVED_URL, asha.token)).toMatchObject({ results: [{ order_id: orderId }] });
    expect(await ids(MADE_URL, priya.token)).toMatchObject({ results: [{ order_id: orderId }] });
    expect(await ids(REFUNDS_URL, asha.token)).toMatchObject({ results: [{ id: refundId }] });
    expect(await ids(REFUNDS_URL, priya.token)).toMatchObject({ results: [{ id: refundId }] });
  });
});
