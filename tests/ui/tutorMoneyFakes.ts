// A stand-in for src/api/actors/tutorMoney.ts in the money tabs' component tests (D1):
//   vi.mock('../../src/api/actors/tutorMoney', () => import('./tutorMoneyFakes'));
// Each call goes to `moneyServer`, whose handlers a test sets and whose vi.fn records what was
// asked. The figures are already paise, as the real actors give them (D9).
import { vi } from 'vitest';
import type { Page } from '../../machines/pagedList/pagedList.machine';
import type {
  DownloadedFile,
  PaymentReceivedRow,
  PaymentsReceivedPage,
  RefundFilter,
  RefundRow,
  SessionFilter,
  SessionRow,
} from '../../src/api/actors/tutorMoney';
import type { IstDateRange } from '../../src/domain/dateRange';

export const MONEY_PAGE_SIZE = 20;

export const PRIYA_PAYMENT: PaymentReceivedRow = {
  orderId: 'ord_1',
  paidAt: '2025-01-15T11:16:05+05:30',
  studentName: 'Priya Sharma',
  studentPhone: '9876543212',
  amount: 200000,
  fee: 2000,
  charges: 388,
  total: 202388,
  orderStatus: 'PAID',
  settlesAt: '2025-01-16T17:00:00+05:30',
  refundStatus: null,
  payout: null,
};

export function paymentsPage(
  items: PaymentReceivedRow[],
  extra: Partial<PaymentsReceivedPage> = {},
): PaymentsReceivedPage {
  return {
    items,
    page: 1,
    page_size: MONEY_PAGE_SIZE,
    count: items.length,
    summary: {
      month: '2025-01',
      count: 3,
      received: 10500050,
      acceptanceLimit: { limit: 5000000, used: 1200000, remaining: 3800000 },
    },
    ...extra,
  };
}

export const PRIYA_REFUND: RefundRow = {
  id: 'rfd_1',
  orderId: 'ord_1',
  studentName: 'Priya Sharma',
  amount: 202388,
  reason: 'The class was cancelled.',
  status: 'REQUESTED',
  requestedAt: '2025-01-15T18:02:11+05:30',
};

export const page = <T>(items: T[], extra: Partial<Page<T>> = {}): Page<T> => ({
  items,
  page: 1,
  page_size: MONEY_PAGE_SIZE,
  count: items.length,
  ...extra,
});

function handlers() {
  return {
    payments: vi.fn(
      async (_request: { page: number; filter: IstDateRange }): Promise<PaymentsReceivedPage> =>
        paymentsPage([PRIYA_PAYMENT]),
    ),
    exportCsv: vi.fn(async (range: IstDateRange): Promise<DownloadedFile> => ({
      fileName: `tuitionpay-payments-${range.from}-to-${range.to}.csv`,
      blob: new Blob(['"Order ID"\n'], { type: 'text/csv' }),
    })),
    refunds: vi.fn(
      async (_request: { page: number; filter: RefundFilter }): Promise<Page<RefundRow>> =>
        page([PRIYA_REFUND]),
    ),
    decide: vi.fn(
      async (request: { id: string; decision: 'approve' | 'decline' }): Promise<RefundRow> => ({
        ...PRIYA_REFUND,
        id: request.id,
        status: request.decision === 'approve' ? 'PENDING' : 'DECLINED',
      }),
    ),
    sessions: vi.fn(
      async (_request: { page: number; filter: SessionFilter }): Promise<Page<SessionRow>> =>
        page([]),
    ),
  };
}

export const moneyServer = handlers();

/** Back to the happy server (call in beforeEach). */
export function resetMoneyServer(): void {
  Object.assign(moneyServer, handlers());
}

// src/api/actors/tutorMoney.ts
export const fetchPaymentsReceived = (request: { page: number; filter: IstDateRange }) =>
  moneyServer.payments(request);
export const exportPaymentsReceived = (range: IstDateRange) => moneyServer.exportCsv(range);
export const fetchRefunds = (request: { page: number; filter: RefundFilter }) =>
  moneyServer.refunds(request);
export const decideRefund = (request: { id: string; decision: 'approve' | 'decline' }) =>
  moneyServer.decide(request);
export const fetchSessions = (request: { page: number; filter: SessionFilter }) =>
  moneyServer.sessions(request);
