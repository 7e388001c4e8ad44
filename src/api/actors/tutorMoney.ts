// The tutor dashboard's money tabs (issue 5, D1): payments received with this month's summary
// and the D10 limit, their CSV export, refund requests with approve and decline, and sessions.
// Amounts arrive as rupees and leave here as integer paise (D9); times stay ISO strings, shown
// in IST by the views (D21). Each call rejects with the client's ApiFailure (D37).
import type { Page } from '../../../machines/pagedList/pagedList.machine';
import { fileNameOf } from '../../browser/download';
import type { IstDateRange } from '../../domain/dateRange';
import { rupeesToPaise, type Paise } from '../../domain/money';
import { api } from '../appClient';
import type { Schemas } from '../client';
import { data, type FetchOutcome } from '../errors';

/** The page size of every money list. */
export const MONEY_PAGE_SIZE = 20;

export type RefundStatus = Schemas['RefundStatus'];

export interface PaymentReceivedRow {
  orderId: string;
  paidAt: string;
  studentName: string;
  studentPhone: string | null;
  amount: Paise;
  fee: Paise;
  charges: Paise;
  total: Paise;
  orderStatus: Schemas['OrderStatus'];
  /** D5; null once a refund is PENDING or SUCCESS. */
  settlesAt: string | null;
  refundStatus: RefundStatus | null;
  /** Issue 50: the payout that carried it, once the gateway has reported one. */
  payout: Schemas['PaymentPayout'] | null;
}

export interface AcceptanceLimitFigures {
  limit: Paise;
  used: Paise;
  remaining: Paise;
}

export interface PaymentsSummary {
  /** 'YYYY-MM' (IST). */
  month: string;
  count: number;
  received: Paise;
  /** D10, for a tutor at MIN_KYC_APPROVED only. */
  acceptanceLimit: AcceptanceLimitFigures | null;
}

export interface PaymentsReceivedPage extends Page<PaymentReceivedRow> {
  summary: PaymentsSummary;
}

export interface RefundRow {
  id: string;
  orderId: string;
  studentName: string;
  amount: Paise;
  reason: string;
  status: RefundStatus;
  requestedAt: string;
}

/** The refunds filter: every request, or only those the tutor still has to decide. */
export type RefundFilter = 'all' | 'REQUESTED';

export interface SessionRow {
  id: number;
  studentName: string;
  subject: string;
  startsAt: string;
  endsAt: string;
  amount: Paise;
}

export interface SessionFilter {
  upcoming: boolean;
}

export interface DownloadedFile {
  fileName: string;
  blob: Blob;
}

function pageOf<TIn, TOut>(
  page: { results: TIn[]; page: number; page_size: number; count: number },
  map: (item: TIn) => TOut,
): Page<TOut> {
  return {
    items: page.results.map(map),
    page: page.page,
    page_size: page.page_size,
    count: page.count,
  };
}

const paymentRow = (item: Schemas['PaymentReceived']): PaymentReceivedRow => ({
  orderId: item.order_id,
  paidAt: item.paid_at,
  studentName: item.student.name,
  studentPhone: item.student.phone,
  amount: rupeesToPaise(item.base_amount),
  fee: rupeesToPaise(item.fee),
  charges: rupeesToPaise(item.charges),
  total: rupeesToPaise(item.total),
  orderStatus: item.order_status,
  settlesAt: item.settles_at,
  refundStatus: item.refund?.status ?? null,
  payout: item.payout,
});

/** `GET payments/received/`: one page in the range (an empty side is no bound). */
export async function fetchPaymentsReceived(
  request: { page: number; filter: IstDateRange },
  signal?: AbortSignal,
): Promise<PaymentsReceivedPage> {
  const { from, to } = request.filter;
  const answer = await data(
    api.GET('/payments/received/', {
      params: {
        query: {
          page: request.page,
          page_size: MONEY_PAGE_SIZE,
          ...(from ? { from } : {}),
          ...(to ? { to } : {}),
        },
      },
      signal,
    }),
  );
  const { this_month: month, acceptance_limit: limit } = answer.summary;
  return {
    ...pageOf(answer, paymentRow),
    summary: {
      month: month.month,
      count: month.count,
      received: rupeesToPaise(month.received),
      acceptanceLimit: limit
        ? {
            limit: rupeesToPaise(limit.limit),
            used: rupeesToPaise(limit.used),
            remaining: rupeesToPaise(limit.remaining),
          }
        : null,
    },
  };
}

/** `GET payments/received/export/`: the CSV as a blob, named as the server names it. */
export function exportPaymentsReceived(
  range: IstDateRange,
  signal?: AbortSignal,
): Promise<DownloadedFile> {
  return downloaded(
    api.GET('/payments/received/export/', {
      params: { query: { from: range.from, to: range.to } },
      parseAs: 'blob',
      signal,
    }),
    `tuitionpay-payments-${range.from}-to-${range.to}.csv`,
  );
}

/** A file the API sent, named as its Content-Disposition says (else `fallback`). */
export async function downloaded(
  request: Promise<FetchOutcome<Blob>>,
  fallback: string,
): Promise<DownloadedFile> {
  let disposition: string | null = null;
  const blob = await data(
    request.then((outcome) => {
      disposition = outcome.response.headers.get('Content-Disposition');
      return outcome;
    }),
  );
  return { blob, fileName: fileNameOf(disposition) ?? fallback };
}

const refundRow = (item: Schemas['Refund']): RefundRow => ({
  id: item.id,
  orderId: item.order_id,
  studentName: item.student.name,
  amount: rupeesToPaise(item.amount),
  reason: item.reason,
  status: item.status,
  requestedAt: item.requested_at,
});

/** `GET payments/refunds/`: the requests on the tutor's payments. */
export async function fetchRefunds(
  request: { page: number; filter: RefundFilter },
  signal?: AbortSignal,
): Promise<Page<RefundRow>> {
  const answer = await data(
    api.GET('/payments/refunds/', {
      params: {
        query: {
          page: request.page,
          page_size: MONEY_PAGE_SIZE,
          ...(request.filter === 'all' ? {} : { status: request.filter }),
        },
      },
      signal,
    }),
  );
  return pageOf(answer, refundRow);
}

/** `POST payments/refunds/{id}/approve/` or `…/decline/`: the refund as decided. */
export async function decideRefund(
  request: { id: string; decision: 'approve' | 'decline' },
  signal?: AbortSignal,
): Promise<RefundRow> {
  const options = { params: { path: { id: request.id } }, signal };
  const answer = await data(
    request.decision === 'approve'
      ? api.POST('/payments/refunds/{id}/approve/', options)
      : api.POST('/payments/refunds/{id}/decline/', options),
  );
  return refundRow(answer);
}

const sessionRow = (item: Schemas['Schedule']): SessionRow => ({
  id: item.id,
  studentName: item.student_name,
  subject: item.subject,
  startsAt: item.starttime,
  endsAt: item.endtime,
  amount: rupeesToPaise(item.amount),
});

/** `GET schedules/`: upcoming ones soonest first, or every one latest first. */
export async function fetchSessions(
  request: { page: number; filter: SessionFilter },
  signal?: AbortSignal,
): Promise<Page<SessionRow>> {
  const answer = await data(
    api.GET('/schedules/', {
      params: {
        query: {
          page: request.page,
          page_size: MONEY_PAGE_SIZE,
          ...(request.filter.upcoming ? { upcoming: true } : {}),
        },
      },
      signal,
    }),
  );
  return pageOf(answer, sessionRow);
}
