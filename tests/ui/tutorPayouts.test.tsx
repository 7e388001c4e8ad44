// Issue 50: the tutor dashboard's Payouts tab: what is still to be paid out and when, each
// payout as a card (status, UTR, figures), one opened with the payments it carried and back,
// and a payment's payout on the Payments tab.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PayoutSummary } from '../../machines/payoutDetail/payoutDetail.machine';
import { PaymentsPanel } from '../../src/ui/routes/tutor/dashboard/payments/PaymentsPanel';
import { PayoutsPanel } from '../../src/ui/routes/tutor/dashboard/payouts/PayoutsPanel';
import { PAYOUT_PAGE } from '../machines/payoutDetail.model';
import { renderPanel } from './tutorMoneyKit';
import { logInTutor } from './tutorFakes';
import { PRIYA_PAYMENT, moneyServer, paymentsPage, resetMoneyServer } from './tutorMoneyFakes';
import { taxServer } from './taxFakes';

vi.mock('../../src/api/actors/tutorPayouts', () => import('./taxFakes'));
vi.mock('../../src/api/actors/tutorMoney', () => import('./tutorMoneyFakes'));

const FAILED: PayoutSummary = {
  ...PAYOUT_PAGE.payout,
  id: 2,
  status: 'failed',
  utr: null,
  reason: 'ACCOUNT_CLOSED: the beneficiary bank account is closed',
  settledAt: null,
  initiatedAt: '2025-01-15T17:00:00+05:30',
};

beforeEach(() => {
  resetMoneyServer();
  taxServer.fetchPayouts.mockResolvedValue({
    items: [PAYOUT_PAGE.payout, FAILED],
    page: 1,
    page_size: 20,
    count: 2,
    upcoming: { count: 1, amount: 50000, expectedAt: '2025-01-17T17:00:00+05:30' },
  });
  taxServer.fetchPayout.mockResolvedValue(PAYOUT_PAGE);
});

describe('Payouts tab', () => {
  it('shows what is to come and each payout; opens one with its payments, and goes back', async () => {
    logInTutor();
    renderPanel(PayoutsPanel);
    expect(
      await screen.findByText(
        '1 payment (₹500.00) not paid out yet: the next payout is expected on 17th January 2025.',
      ),
    ).toBeInTheDocument();
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(2);
    const settled = cards[0]!;
    expect(within(settled).getByText('₹3,001.00')).toBeInTheDocument();
    expect(within(settled).getByText('In your bank')).toBeInTheDocument();
    expect(within(settled).getByText('UTR: CFSBN250116000001')).toBeInTheDocument();
    expect(within(settled).getByText('-₹20.24')).toBeInTheDocument();
    expect(within(settled).getByText('-₹3.64')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Failed')).toBeInTheDocument();
    expect(
      within(cards[1]!).getByText('Reason: ACCOUNT_CLOSED: the beneficiary bank account is closed'),
    ).toBeInTheDocument();
    expect(within(cards[1]!).getByText('UTR: Not yet')).toBeInTheDocument();

    await userEvent.click(within(settled).getByRole('button', { name: 'Open' }));
    const item = await screen.findByRole('listitem', { name: 'Payment: Priya Sharma' });
    expect(taxServer.fetchPayout).toHaveBeenCalledWith({ id: 3, page: 1 });
    expect(item).toHaveTextContent('₹2,000.00');
    expect(item).toHaveTextContent('Paid on: 15th January 2025, 10:00 am');
    await userEvent.click(screen.getByRole('button', { name: 'All payouts' }));
    expect(await screen.findAllByRole('article')).toHaveLength(2);
  });

  it('says so when nothing was paid out yet', async () => {
    logInTutor();
    taxServer.fetchPayouts.mockResolvedValue({
      items: [],
      page: 1,
      page_size: 20,
      count: 0,
      upcoming: { count: 0, amount: 0, expectedAt: null },
    });
    renderPanel(PayoutsPanel);
    expect(
      await screen.findByText('No payouts yet. Payments reach your bank on the next working day.'),
    ).toBeInTheDocument();
  });
});

describe('Payments tab, issue 50', () => {
  it('names the payout that carried a payment, else when it is expected', async () => {
    logInTutor();
    moneyServer.payments.mockResolvedValue(
      paymentsPage([
        {
          ...PRIYA_PAYMENT,
          payout: {
            id: 3,
            status: 'settled',
            utr: 'CFSBN250116000001',
            initiated_at: '2025-01-16T17:00:00+05:30',
            settled_at: '2025-01-16T17:05:00+05:30',
          },
        },
        { ...PRIYA_PAYMENT, orderId: 'ord_2' },
      ]),
    );
    renderPanel(PaymentsPanel);
    const table = await screen.findByRole('table', { name: 'Payments received' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(first).toHaveTextContent('Paid out on 16th January 2025 · CFSBN250116000001');
    expect(second).toHaveTextContent('16th January 2025, 5:00 pm');
  });
});
