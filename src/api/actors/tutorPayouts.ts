// Issue 50: the tutor's payouts (the list, one payout's items), their CSV files and the year's
// statement and GST register, and the GST profile (a tutor's, or a payer's address). Amounts
// arrive as rupees and leave here as integer paise (D9). Each call rejects with the client's
// ApiFailure (D37).
import type { Page, PageRequest } from '../../../machines/pagedList/pagedList.machine';
import type {
  PayoutItem,
  PayoutPage,
  PayoutSummary,
} from '../../../machines/payoutDetail/payoutDetail.machine';
import type { TaxProfileDraft } from '../../../machines/taxProfile/taxProfile.machine';
import type {
  SavedYearFile,
  YearFileRequest,
} from '../../../machines/yearExport/yearExport.machine';
import type { IstDateRange } from '../../domain/dateRange';
import { rupeesToPaise, type Paise } from '../../domain/money';
import { api } from '../appClient';
import type { Schemas } from '../client';
import { data } from '../errors';
import { downloaded, MONEY_PAGE_SIZE, type DownloadedFile } from './tutorMoney';

/** Paid but in no payout yet, and when the next payout is expected. */
export interface UpcomingPayout {
  count: number;
  amount: Paise;
  expectedAt: string | null;
}

export type PayoutsPage = Page<PayoutSummary> & { upcoming: UpcomingPayout };

// Adjustments and nets may be negative: rupees to paise through the same exact conversion.
const paise = (rupees: number) => rupeesToPaise(rupees);

const payoutOf = (p: Schemas['Payout']): PayoutSummary => ({
  id: p.id,
  settlementId: p.settlement_id,
  status: p.status,
  utr: p.utr,
  reason: p.reason,
  initiatedAt: p.initiated_at,
  settledAt: p.settled_at,
  gross: paise(p.gross),
  refunds: paise(p.refunds),
  fees: paise(p.fees),
  feesGst: paise(p.fees_gst),
  adjustment: paise(p.adjustment),
  net: paise(p.net),
  items: p.items,
});

const itemOf = (i: Schemas['PayoutItem']): PayoutItem => ({
  kind: i.kind,
  orderId: i.order_id,
  studentName: i.student_name,
  paidAt: i.paid_at,
  amount: paise(i.amount),
  fees: paise(i.fees),
  feesGst: paise(i.fees_gst),
  net: paise(i.net),
});

/** `GET payouts/`: one page, latest first, and what is still to be paid out. */
export async function fetchPayouts(
  request: PageRequest<null>,
  signal?: AbortSignal,
): Promise<PayoutsPage> {
  const answer = await data(
    api.GET('/payouts/', {
      params: { query: { page: request.page, page_size: MONEY_PAGE_SIZE } },
      signal,
    }),
  );
  return {
    items: answer.results.map(payoutOf),
    page: answer.page,
    page_size: answer.page_size,
    count: answer.count,
    upcoming: {
      count: answer.upcoming.count,
      amount: paise(answer.upcoming.amount),
      expectedAt: answer.upcoming.expected_at,
    },
  };
}

/** `GET payouts/{id}/`: the payout and one page of its items. */
export async function fetchPayout(
  request: { id: number; page: number },
  signal?: AbortSignal,
): Promise<PayoutPage> {
  const answer = await data(
    api.GET('/payouts/{id}/', {
      params: {
        path: { id: request.id },
        query: { page: request.page, page_size: MONEY_PAGE_SIZE },
      },
      signal,
    }),
  );
  return {
    payout: payoutOf(answer.payout),
    items: answer.results.map(itemOf),
    page: answer.page,
    page_size: answer.page_size,
    count: answer.count,
  };
}

/** `GET payouts/export/`: every item of the payouts of a range, as the server names the file. */
export function exportPayouts(range: IstDateRange, signal?: AbortSignal): Promise<DownloadedFile> {
  return downloaded(
    api.GET('/payouts/export/', {
      params: { query: { from: range.from, to: range.to } },
      parseAs: 'blob',
      signal,
    }),
    `tuitionpay-payouts-${range.from}-to-${range.to}.csv`,
  );
}

/** The year's statement of payouts, its GST register, or the register's B2CS summary. */
export function exportYearFile(
  request: YearFileRequest,
  signal?: AbortSignal,
): Promise<SavedYearFile> {
  if (request.kind === 'statement') {
    return downloaded(
      api.GET('/payouts/statement/', {
        params: { query: { fy: request.fy } },
        parseAs: 'blob',
        signal,
      }),
      `tuitionpay-payouts-${request.fy}.csv`,
    );
  }
  return downloaded(
    api.GET('/tax-documents/register/', {
      params: { query: { fy: request.fy, view: request.kind === 'b2cs' ? 'b2cs' : 'documents' } },
      parseAs: 'blob',
      signal,
    }),
    `tuitionpay-gst-${request.kind}-${request.fy}.csv`,
  );
}

const draftOf = (p: Schemas['TaxProfile']): TaxProfileDraft => ({
  registered: p.registered,
  gstin: p.gstin ?? '',
  legalName: p.legal_name ?? '',
  address: p.address ?? '',
  stateCode: p.state_code ?? '',
  feeIncludesGst: p.fee_includes_gst,
});

const orNull = (text: string) => (text.trim() === '' ? null : text);

/** `GET tax-profile/`. */
export async function fetchTaxProfile(signal?: AbortSignal): Promise<TaxProfileDraft> {
  return draftOf(await data(api.GET('/tax-profile/', { signal })));
}

/** `PUT tax-profile/`: the profile as saved. */
export async function saveTaxProfile(
  draft: TaxProfileDraft,
  signal?: AbortSignal,
): Promise<TaxProfileDraft> {
  const answer = await data(
    api.PUT('/tax-profile/', {
      body: {
        registered: draft.registered,
        gstin: draft.registered ? orNull(draft.gstin) : null,
        legal_name: orNull(draft.legalName),
        address: orNull(draft.address),
        // A registered tutor's state is their GSTIN's (the server takes it from there).
        state_code: draft.registered ? null : orNull(draft.stateCode),
        fee_includes_gst: draft.feeIncludesGst,
      },
      signal,
    }),
  );
  return draftOf(answer);
}
