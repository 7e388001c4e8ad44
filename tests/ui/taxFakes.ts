// The Payouts and GST calls (src/api/actors/tutorPayouts.ts) as fakes the UI tests drive: a
// payer with no address on record, a tutor with no payouts, unless a test says otherwise.
import { vi } from 'vitest';
import type { TaxProfileDraft } from '../../machines/taxProfile/taxProfile.machine';
import type * as Live from '../../src/api/actors/tutorPayouts';

export const NO_PROFILE: TaxProfileDraft = {
  registered: false,
  gstin: '',
  legalName: '',
  address: '',
  stateCode: '',
  feeIncludesGst: true,
};

export const taxServer = {
  fetchTaxProfile: vi.fn(async (): Promise<TaxProfileDraft> => NO_PROFILE),
  saveTaxProfile: vi.fn(async (draft: TaxProfileDraft): Promise<TaxProfileDraft> => draft),
  fetchPayouts: vi.fn<typeof Live.fetchPayouts>(async () => ({
    items: [],
    page: 1,
    page_size: 20,
    count: 0,
    upcoming: { count: 0, amount: 0, expectedAt: null },
  })),
  fetchPayout: vi.fn<typeof Live.fetchPayout>(),
  exportPayouts: vi.fn<typeof Live.exportPayouts>(),
  exportYearFile: vi.fn<typeof Live.exportYearFile>(),
};

export const fetchTaxProfile: typeof Live.fetchTaxProfile = () => taxServer.fetchTaxProfile();
export const saveTaxProfile: typeof Live.saveTaxProfile = (draft) =>
  taxServer.saveTaxProfile(draft);
export const fetchPayouts: typeof Live.fetchPayouts = (request) => taxServer.fetchPayouts(request);
export const fetchPayout: typeof Live.fetchPayout = (request) => taxServer.fetchPayout(request);
export const exportPayouts: typeof Live.exportPayouts = (range) => taxServer.exportPayouts(range);
export const exportYearFile: typeof Live.exportYearFile = (request) =>
  taxServer.exportYearFile(request);
