// The review's guards (spec §2, D11, D125), from what readDraft found.
import { describe, expect, it } from 'vitest';
import { draftVerdict, type DraftFacts } from '../../machines/payment/draft';

const facts: DraftFacts = {
  session: true,
  amount: 500_000,
  payeePhone: '9123456780',
  payeeName: 'Asha Verma',
  paidOrderId: null,
  payerId: 42,
  payee: { id: 7, onboarding: null },
  linkId: 'lnk_1',
  book: true,
};
const approved = [{ pg_name: 'cashfree', status: 'MIN_KYC_APPROVED' }];

describe('draftVerdict', () => {
  it('reviews a whole draft, with the link and the booking', () => {
    expect(draftVerdict(facts)).toEqual({
      kind: 'ready',
      draft: {
        amount: 500_000,
        payeeId: 7,
        payeeName: 'Asha Verma',
        payeePhone: '9123456780',
        payerId: 42,
        linkId: 'lnk_1',
        book: true,
      },
    });
  });

  it('no session: login, before anything else', () => {
    expect(draftVerdict({ ...facts, session: false, amount: null })).toEqual({ kind: 'login' });
  });

  it.each([
    ['no amount', { amount: null }],
    ['an amount over ₹50,000 (D11)', { amount: 6_000_000 }],
    ['a zero amount', { amount: 0 }],
    ['no tutor phone', { payeePhone: null }],
    ['no tutor name', { payeeName: '' }],
  ])('%s: back to the details', (_, over) => {
    expect(draftVerdict({ ...facts, ...over })).toEqual({ kind: 'details' });
  });

  it('nothing to review after this tab paid: the dashboard (D125)', () => {
    expect(draftVerdict({ ...facts, amount: null, paidOrderId: 'ord_1' })).toEqual({
      kind: 'paid',
    });
  });

  it('a payer the server no longer knows: login', () => {
    expect(draftVerdict({ ...facts, payerId: null })).toEqual({ kind: 'login' });
  });

  it('a tutor found by phone is paid only once KYC is approved', () => {
    const found = (status: string) => ({ id: 7, onboarding: [{ pg_name: 'cashfree', status }] });
    expect(draftVerdict({ ...facts, payee: { id: 7, onboarding: approved } }).kind).toBe('ready');
    expect(draftVerdict({ ...facts, payee: found('ACTIVE') }).kind).toBe('ready');
    expect(draftVerdict({ ...facts, payee: found('MIN_KYC_PENDING') })).toEqual({
      kind: 'details',
    });
    expect(draftVerdict({ ...facts, payee: { id: 7, onboarding: [] } })).toEqual({
      kind: 'details',
    });
    expect(draftVerdict({ ...facts, payee: null })).toEqual({ kind: 'details' });
  });
});
