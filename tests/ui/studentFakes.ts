// A stand-in for src/api/actors/student.ts in the student dashboard's component tests:
//   vi.mock('../../src/api/actors/student', () => import('./studentFakes'));
// The machines are the real ones; each call goes to `studentServer`, whose handlers a test sets
// (by default two payments, one session, a receipt) and whose vi.fn records what was asked.
import { vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { Page, PageRequest } from '../../machines/pagedList/pagedList.machine';
import type {
  PaymentMade,
  Receipt,
  SavedFile,
  Session,
} from '../../machines/studentDashboard/studentPayments';
import { storage } from '../../src/browser/storage';

export const CARD_PAYMENT: PaymentMade = {
  orderId: 'ord_card',
  createdAt: '2025-01-15T11:14:02+05:30',
  paidAt: '2025-01-15T11:16:05+05:30',
  tutor: { id: 7, name: 'Asha Verma', username: 'asha-verma', phone: '9123456780' },
  amount: 200000,
  fee: 2000,
  charges: 388,
  total: 202388,
  method: 'cc',
  orderStatus: 'PAID',
  latestPaymentStatus: 'SUCCESS',
  refund: null,
  refundableUntil: '2025-01-16T11:16:05+05:30',
};

export const UPI_FAILED: PaymentMade = {
  orderId: 'ord_upi',
  createdAt: '2025-01-14T09:00:00+05:30',
  paidAt: null,
  tutor: { id: 8, name: 'Ravi Kumar', username: 'ravi-kumar', phone: '9123456781' },
  amount: 150000,
  fee: 0,
  charges: 0,
  total: 150000,
  method: 'upi',
  orderStatus: 'EXPIRED',
  latestPaymentStatus: 'FAILED',
  refund: null,
  refundableUntil: null,
};

export const RECEIPT: Receipt = {
  receiptNumber: 'ord_card',
  orderId: 'ord_card',
  payee: { name: 'Asha Verma', username: 'asha-verma' },
  payer: { name: 'Priya Sharma', phone: '9876543212' },
  paidAt: '2025-01-15T11:16:05+05:30',
  method: 'card',
  bankReference: '1234567890',
  amount: 200000,
  fee: 2000,
  charges: 388,
  total: 202388,
  refund: null,
  paidFor: [],
  documents: [],
};

export const SESSION: Session = {
  id: 11,
  title: 'Maths session',
  tutorName: 'Asha Verma',
  amount: 200000,
  start: '2025-01-15T13:00:00+05:30',
  end: '2025-01-15T14:00:00+05:30',
};

const page = <T>(items: T[]): Page<T> => ({ items, page: 1, page_size: 10, count: items.length });

function handlers() {
  return {
    listPayments: vi.fn(async (_page: number): Promise<Page<PaymentMade>> =>
      page([CARD_PAYMENT, UPI_FAILED]),
    ),
    listSessions: vi.fn(async (_page: number, _upcoming: boolean): Promise<Page<Session>> =>
      page([SESSION]),
    ),
    getReceipt: vi.fn(async (_orderId: string): Promise<Receipt> => RECEIPT),
    getReceiptPdf: vi.fn(async (orderId: string): Promise<SavedFile> => ({
      blob: new Blob(['%PDF-1.4'], { type: 'application/pdf' }),
      fileName: `receipt-${orderId}.pdf`,
    })),
    requestRefund: vi.fn(async (_orderId: string, _reason: string): Promise<void> => {}),
    logout: vi.fn(async (): Promise<void> => {}),
  };
}

export const studentServer = handlers();

/** Back to the happy server (call in beforeEach). */
export function resetStudentServer(): void {
  Object.assign(studentServer, handlers());
}

/** A logged-in student (spec §3: token, user id, phone and the student-login flag). */
export function logInStudent(): void {
  storage.set('access-token', 'tok_student');
  storage.set('userId', '42');
  storage.set('phoneNumber', '9876543212');
  storage.set('studentLogin', true);
}

export const paymentsMadeActor = fromPromise<Page<PaymentMade>, PageRequest<null>>(({ input }) =>
  studentServer.listPayments(input.page),
);
export const sessionsActor = fromPromise<Page<Session>, PageRequest<boolean>>(({ input }) =>
  studentServer.listSessions(input.page, input.filter),
);
export const receiptActor = fromPromise<Receipt, { orderId: string }>(({ input }) =>
  studentServer.getReceipt(input.orderId),
);
export const receiptPdfActor = fromPromise<SavedFile, { orderId: string }>(({ input }) =>
  studentServer.getReceiptPdf(input.orderId),
);
export const requestRefundActor = fromPromise<void, { orderId: string; reason: string }>(
  ({ input }) => studentServer.requestRefund(input.orderId, input.reason),
);
export const logoutActor = fromPromise<void, void>(() => studentServer.logout());
