// The student dashboard's calls (issue 5): payments made, receipts (JSON and PDF), refund
// requests, sessions, logout. Amounts arrive in rupees and leave here in paise (D9). Each
// rejects with the client's ApiFailure (D37); the machines decide what a failure means.
import { fromPromise } from 'xstate';
import type { Page, PageRequest } from '../../../machines/pagedList/pagedList.machine';
import type {
  PaymentMade,
  Receipt,
  RefundSummary,
  SavedFile,
  Session,
} from '../../../machines/studentDashboard/studentPayments';
import { fileNameOf } from '../../browser/download';
import { apiMessages } from '../../domain/apiMessages';
import { rupeesToPaise } from '../../domain/money';
import type { TaxDocumentView, TaxPartyView } from '../../domain/taxDocumentSheet';
import { api } from '../appClient';
import type { Schemas } from '../client';
import { data, failureFromError, unwrap } from '../errors';

export const STUDENT_PAGE_SIZE = 10;

const refundOf = (refund: Schemas['RefundSummary'] | null): RefundSummary | null =>
  refund && {
    id: refund.id,
    status: refund.status,
    amount: rupeesToPaise(refund.amount),
    requestedAt: refund.requested_at,
    automaticReason: refund.automatic_reason,
  };

const breakupOf = (b: { base_amount: number; fee: number; charges: number; total: number }) => ({
  amount: rupeesToPaise(b.base_amount),
  fee: rupeesToPaise(b.fee),
  charges: rupeesToPaise(b.charges),
  total: rupeesToPaise(b.total),
});

export function toPaymentMade(p: Schemas['PaymentMade']): PaymentMade {
  return {
    ...breakupOf(p),
    orderId: p.order_id,
    createdAt: p.created_at,
    paidAt: p.paid_at,
    tutor: { ...p.tutor },
    method: p.payment_method,
    orderStatus: p.order_status,
    latestPaymentStatus: p.latest_payment_status,
    refund: refundOf(p.refund),
    refundableUntil: p.refundable_until,
  };
}

/** `GET payments/made/`: one page, newest first. */
export async function listPaymentsMade(
  page: number,
  signal?: AbortSignal,
): Promise<Page<PaymentMade>> {
  const body = await data(
    api.GET('/payments/made/', {
      params: { query: { page, page_size: STUDENT_PAGE_SIZE } },
      signal,
    }),
  );
  return {
    items: body.results.map(toPaymentMade),
    page: body.page,
    page_size: body.page_size,
    count: body.count,
  };
}

/** `GET schedules/`: with `upcoming`, only sessions not ended yet, soonest first. */
export async function listSessions(
  page: number,
  upcoming: boolean,
  signal?: AbortSignal,
): Promise<Page<Session>> {
  const body = await data(
    api.GET('/schedules/', {
      params: { query: { page, page_size: STUDENT_PAGE_SIZE, upcoming } },
      signal,
    }),
  );
  return {
    items: body.results.map((s) => ({
      id: s.id,
      title: s.title,
      tutorName: s.teacher_name,
      amount: rupeesToPaise(s.amount),
      start: s.starttime,
      end: s.endtime,
    })),
    page: body.page,
    page_size: body.page_size,
    count: body.count,
  };
}

/** `GET payments/pg/order/{orderId}/receipt/`. */
const partyOf = (p: Schemas['TaxParty']): TaxPartyView => ({
  name: p.name,
  gstin: p.gstin,
  address: p.address,
  stateCode: p.state_code,
  stateName: p.state_name,
  phone: p.phone ?? null,
});

/** Issue 50: a tax document in the app's units (paise). */
export const taxDocumentOf = (d: Schemas['TaxDocument']): TaxDocumentView => ({
  kind: d.kind,
  serial: d.serial,
  issuedAt: d.issued_at,
  supplier: partyOf(d.supplier),
  recipient: partyOf(d.recipient),
  placeOfSupply: d.place_of_supply,
  placeOfSupplyName: d.place_of_supply_name,
  supplyType: d.supply_type ?? null,
  sac: d.sac,
  rate: d.rate,
  lines: d.lines.map((line) => ({
    item: line.item,
    purpose: line.purpose,
    amount: rupeesToPaise(line.amount),
    taxable: rupeesToPaise(line.taxable),
  })),
  taxable: rupeesToPaise(d.taxable),
  cgst: rupeesToPaise(d.cgst),
  sgst: rupeesToPaise(d.sgst),
  igst: rupeesToPaise(d.igst),
  total: rupeesToPaise(d.total),
  original: d.original ? { serial: d.original.serial, issuedAt: d.original.issued_at } : null,
});

export async function getReceipt(orderId: string, signal?: AbortSignal): Promise<Receipt> {
  const r = await data(
    api.GET('/payments/pg/order/{orderId}/receipt/', { params: { path: { orderId } }, signal }),
  );
  return {
    ...breakupOf(r),
    orderId: r.order_id,
    receiptNumber: r.receipt_number,
    payee: { ...r.payee },
    payer: { ...r.payer },
    paidAt: r.paid_at,
    method: r.method,
    bankReference: r.bank_reference,
    refund: refundOf(r.refund),
    paidFor: r.paid_for.map((d) => ({
      plan: d.plan_name,
      period: d.period,
      student: d.student_name,
      amount: rupeesToPaise(d.amount),
    })),
    documents: r.documents.map(taxDocumentOf),
  };
}

/** `GET payments/pg/order/{orderId}/receipt.pdf` as a blob (the Bearer header is needed). */
export async function getReceiptPdf(orderId: string, signal?: AbortSignal): Promise<SavedFile> {
  let outcome;
  try {
    outcome = await api.GET('/payments/pg/order/{orderId}/receipt.pdf', {
      params: { path: { orderId } },
      parseAs: 'blob',
      signal,
    });
  } catch (error) {
    throw failureFromError(error);
  }
  const result = unwrap<Blob>(outcome as { data?: Blob; error?: unknown; response: Response });
  if (!result.ok) throw result.failure;
  const fileName =
    fileNameOf(outcome.response.headers.get('Content-Disposition')) ??
    apiMessages.receipts.fileName(orderId);
  return { blob: result.data, fileName };
}

/** `POST payments/refunds/`: asks the tutor to refund a paid order. */
export async function requestRefund(
  orderId: string,
  reason: string,
  signal?: AbortSignal,
): Promise<void> {
  await data(api.POST('/payments/refunds/', { body: { order_id: orderId, reason }, signal }));
}

/** `POST auth/logout/` (D13): revokes the token this call carries. */
export async function logout(signal?: AbortSignal): Promise<void> {
  await data(api.POST('/auth/logout/', { signal }));
}

// The actors the student machines are provided with.
export const paymentsMadeActor = fromPromise<Page<PaymentMade>, PageRequest<null>>(
  ({ input, signal }) => listPaymentsMade(input.page, signal),
);
export const sessionsActor = fromPromise<Page<Session>, PageRequest<boolean>>(({ input, signal }) =>
  listSessions(input.page, input.filter, signal),
);
export const receiptActor = fromPromise<Receipt, { orderId: string }>(({ input, signal }) =>
  getReceipt(input.orderId, signal),
);
export const receiptPdfActor = fromPromise<SavedFile, { orderId: string }>(({ input, signal }) =>
  getReceiptPdf(input.orderId, signal),
);
export const requestRefundActor = fromPromise<void, { orderId: string; reason: string }>(
  ({ input, signal }) => requestRefund(input.orderId, input.reason, signal),
);
export const logoutActor = fromPromise<void, void>(({ signal }) => logout(signal));
