// The money tabs' actors (src/api/actors/tutorMoney.ts) over a fake fetch: what they ask the
// API, rupees turned into paise (D9), the CSV's file name from Content-Disposition; and
// src/browser/download.ts, which saves it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  decideRefund,
  exportPaymentsReceived,
  fetchPaymentsReceived,
  fetchRefunds,
  fetchSessions,
} from '../../src/api/actors/tutorMoney';
import { fileNameOf, saveBlob } from '../../src/browser/download';
import { storage } from '../../src/browser/storage';

const requests: Request[] = [];
let answer: () => Response;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

beforeEach(() => {
  requests.length = 0;
  storage.set('access-token', 'tok_tutor');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      requests.push(request);
      return answer();
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  storage.clearAll();
});

const url = () => new URL(requests.at(-1)!.url);

describe('tutorMoney actors', () => {
  it('payments received: the range and page asked for, amounts in paise, the summary', async () => {
    answer = () =>
      json({
        results: [
          {
            order_id: 'ord_1',
            created_at: '2025-01-15T11:14:02+05:30',
            paid_at: '2025-01-15T11:16:05+05:30',
            student: { id: 42, name: 'Priya Sharma', phone: '9876543212' },
            base_amount: 2000,
            fee: 20,
            charges: 3.88,
            total: 2023.88,
            payment_method: 'cc',
            payment_group: 'credit_card',
            order_status: 'PAID',
            settles_at: '2025-01-16T17:00:00+05:30',
            refund: null,
          },
        ],
        count: 1,
        page: 2,
        page_size: 20,
        summary: {
          this_month: { month: '2025-01', count: 1, received: 105000.5 },
          acceptance_limit: { limit: 50000, used: 2000, remaining: 48000 },
        },
      });
    const page = await fetchPaymentsReceived({
      page: 2,
      filter: { from: '2025-01-01', to: '' },
    });
    expect(url().pathname).toBe('/api/v1/payments/received/');
    expect(Object.fromEntries(url().searchParams)).toEqual({
      page: '2',
      page_size: '20',
      from: '2025-01-01',
    });
    expect(requests.at(-1)!.headers.get('Authorization')).toBe('Bearer tok_tutor');
    expect(page.items[0]).toMatchObject({ amount: 200000, fee: 2000, charges: 388, total: 202388 });
    expect(page.summary).toEqual({
      month: '2025-01',
      count: 1,
      received: 10500050,
      acceptanceLimit: { limit: 5000000, used: 200000, remaining: 4800000 },
    });
  });

  it('export: the CSV as a blob with the Bearer header, named as the server names it', async () => {
    answer = () =>
      new Response('"Order ID"\n', {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition':
            'attachment; filename="tuitionpay-payments-2025-01-01-to-2025-01-31.csv"',
        },
      });
    const file = await exportPaymentsReceived({ from: '2025-01-01', to: '2025-01-31' });
    expect(url().pathname).toBe('/api/v1/payments/received/export/');
    expect(Object.fromEntries(url().searchParams)).toEqual({
      from: '2025-01-01',
      to: '2025-01-31',
    });
    expect(requests.at(-1)!.headers.get('Authorization')).toBe('Bearer tok_tutor');
    expect(file.fileName).toBe('tuitionpay-payments-2025-01-01-to-2025-01-31.csv');
    expect(await file.blob.text()).toBe('"Order ID"\n');
  });

  it("a refusal rejects with the client's failure (the server's message)", async () => {
    answer = () => json({ message: 'The range can be at most 366 days.' }, 400);
    await expect(
      exportPaymentsReceived({ from: '2024-01-01', to: '2025-12-31' }),
    ).rejects.toMatchObject({
      kind: 'http',
      status: 400,
      message: 'The range can be at most 366 days.',
    });
  });

  it('refunds: the status filter; approve and decline post to their endpoints', async () => {
    const refund = {
      id: 'rfd_1',
      order_id: 'ord_1',
      amount: 2023.88,
      reason: 'The class was cancelled.',
      status: 'REQUESTED',
      requested_at: '2025-01-15T18:02:11+05:30',
      decided_at: null,
      refunded_at: null,
      paid_at: '2025-01-15T11:16:05+05:30',
      student: { id: 42, name: 'Priya Sharma', phone: '9876543212' },
      tutor: { id: 7, name: 'Asha Verma', username: 'asha-verma' },
    };
    answer = () => json({ results: [refund], count: 1, page: 1, page_size: 20 });
    const page = await fetchRefunds({ page: 1, filter: 'REQUESTED' });
    expect(url().searchParams.get('status')).toBe('REQUESTED');
    expect(page.items[0]).toMatchObject({
      id: 'rfd_1',
      amount: 202388,
      studentName: 'Priya Sharma',
    });
    await fetchRefunds({ page: 1, filter: 'all' });
    expect(url().searchParams.has('status')).toBe(false);

    answer = () => json({ ...refund, status: 'PENDING' });
    await expect(decideRefund({ id: 'rfd_1', decision: 'approve' })).resolves.toMatchObject({
      status: 'PENDING',
    });
    expect(requests.at(-1)!.method).toBe('POST');
    expect(url().pathname).toBe('/api/v1/payments/refunds/rfd_1/approve/');
    answer = () => json({ ...refund, status: 'DECLINED' });
    await decideRefund({ id: 'rfd_1', decision: 'decline' });
    expect(url().pathname).toBe('/api/v1/payments/refunds/rfd_1/decline/');
  });

  it('sessions: upcoming=true only when asked', async () => {
    answer = () => json({ results: [], count: 0, page: 1, page_size: 20 });
    await fetchSessions({ page: 1, filter: { upcoming: true } });
    expect(url().searchParams.get('upcoming')).toBe('true');
    await fetchSessions({ page: 1, filter: { upcoming: false } });
    expect(url().searchParams.has('upcoming')).toBe(false);
  });
});

describe('download', () => {
  it('reads the file name of Content-Disposition (quoted, bare, or UTF-8 encoded)', () => {
    expect(fileNameOf('attachment; filename="a b.csv"')).toBe('a b.csv');
    expect(fileNameOf('attachment; filename=receipt-ord_1.pdf')).toBe('receipt-ord_1.pdf');
    expect(fileNameOf("attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf")).toBe('résumé.pdf');
    expect(fileNameOf('attachment')).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });

  it('saves a blob through a temporary <a download> and frees the object URL', async () => {
    const createObjectURL = vi.fn(() => 'blob:fake');
    const revokeObjectURL = vi.fn();
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    saveBlob(new Blob(['x']), 'payments.csv');
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe('payments.csv');
    expect(clicked[0]!.getAttribute('href')).toBe('blob:fake');
    expect(document.querySelector('a[download]')).toBeNull();
    await vi.waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:fake'));
    click.mockRestore();
    Object.assign(URL, original);
  });
});
