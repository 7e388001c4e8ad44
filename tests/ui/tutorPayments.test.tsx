// The tutor dashboard's Payments tab (D1): this month and the D10 limit, payments received in a
// range of IST days a page at a time, and 'Export CSV' of that range.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveBlob } from '../../src/browser/download';
import { storage } from '../../src/browser/storage';
import { thisIstMonth } from '../../src/domain/dateRange';
import { PaymentsPanel } from '../../src/ui/routes/tutor/dashboard/payments/PaymentsPanel';
import { renderPanel } from './tutorMoneyKit';
import { http } from './authFakes';
import { logInTutor } from './tutorFakes';
import { PRIYA_PAYMENT, moneyServer, paymentsPage, resetMoneyServer } from './tutorMoneyFakes';

vi.mock('../../src/api/actors/tutorMoney', () => import('./tutorMoneyFakes'));
vi.mock('../../src/browser/download', () => ({ saveBlob: vi.fn(), fileNameOf: () => null }));

beforeEach(() => {
  resetMoneyServer();
  vi.mocked(saveBlob).mockClear();
});

async function openPayments() {
  logInTutor();
  const view = renderPanel(PaymentsPanel);
  const table = await screen.findByRole('table', { name: 'Payments received' });
  return { ...view, table };
}

describe('Payments tab', () => {
  it("shows this month's total, the acceptance limit left and each payment, formatted", async () => {
    const { table } = await openPayments();
    expect(moneyServer.payments).toHaveBeenCalledWith({
      page: 1,
      filter: thisIstMonth(new Date()),
    });
    const month = screen.getByRole('region', { name: 'This month' });
    expect(within(month).getByText('₹1,05,000.50')).toBeInTheDocument();
    expect(within(month).getByText('3 payments received')).toBeInTheDocument();
    expect(within(month).getByText('₹38,000.00 left of ₹50,000.00')).toBeInTheDocument();
    expect(within(month).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '24');

    const row = within(table).getAllByRole('row')[1]!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      '15th January 2025, 11:16 am',
      'Priya Sharma',
      '₹2,000.00',
      '₹20.00',
      'Paid',
      '16th January 2025, 5:00 pm',
    ]);
  });

  it('an ACTIVE tutor (no limit) sees no limit; a refunded payment shows its refund, no settlement', async () => {
    moneyServer.payments.mockResolvedValue(
      paymentsPage([{ ...PRIYA_PAYMENT, settlesAt: null, refundStatus: 'SUCCESS' }], {
        summary: { month: '2025-01', count: 1, received: 200000, acceptanceLimit: null },
      }),
    );
    const { table } = await openPayments();
    expect(screen.queryByText('Acceptance limit')).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(table).getByText('Refund: Refunded')).toBeInTheDocument();
    expect(within(table).getByText('Not settled (refund)')).toBeInTheDocument();
  });

  it('pages through the payments', async () => {
    moneyServer.payments.mockImplementation(async ({ page }) =>
      paymentsPage([{ ...PRIYA_PAYMENT, orderId: `ord_${page}`, studentName: `Student ${page}` }], {
        page,
        count: 45,
      }),
    );
    await openPayments();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Student 2')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(moneyServer.payments).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 }));
  });

  it('a new range reloads page 1 of it; an end before the start is refused', async () => {
    await openPayments();
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    expect(from).toHaveAttribute('type', 'date');
    expect(from).toHaveAttribute('min', '1900-01-01');
    expect(to).toHaveAttribute('max', '2099-12-31');
    fireEvent.change(from, { target: { value: '2025-01-01' } });
    fireEvent.change(to, { target: { value: '2025-01-31' } });
    await waitFor(() =>
      expect(moneyServer.payments).toHaveBeenLastCalledWith({
        page: 1,
        filter: { from: '2025-01-01', to: '2025-01-31' },
      }),
    );
    const calls = moneyServer.payments.mock.calls.length;
    fireEvent.change(from, { target: { value: '2025-02-10' } });
    expect(screen.getByRole('alert')).toHaveTextContent("'To' cannot be before 'From'.");
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    expect(moneyServer.payments).toHaveBeenCalledTimes(calls);
  });

  it('Export CSV asks for the chosen range and saves the file under the name the server gave', async () => {
    moneyServer.exportCsv.mockResolvedValue({
      fileName: 'tuitionpay-payments-2025-01-01-to-2025-01-31.csv',
      blob: new Blob(['csv'], { type: 'text/csv' }),
    });
    await openPayments();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-01-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-01-31' } });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(
      await screen.findByText('Downloaded tuitionpay-payments-2025-01-01-to-2025-01-31.csv'),
    ).toBeInTheDocument();
    expect(moneyServer.exportCsv).toHaveBeenCalledWith({ from: '2025-01-01', to: '2025-01-31' });
    expect(saveBlob).toHaveBeenCalledWith(
      expect.any(Blob),
      'tuitionpay-payments-2025-01-01-to-2025-01-31.csv',
    );
  });

  it("Export CSV defaults to this month; a refusal shows the server's message", async () => {
    moneyServer.exportCsv.mockRejectedValue(http(400, 'The range can be at most 366 days.'));
    await openPayments();
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The range can be at most 366 days.',
    );
    expect(moneyServer.exportCsv).toHaveBeenCalledWith(thisIstMonth(new Date()));
    expect(saveBlob).not.toHaveBeenCalled();
  });

  it('a 401 clears the session and goes to the tutor login', async () => {
    moneyServer.payments.mockRejectedValue(http(401));
    logInTutor();
    const { router } = renderPanel(PaymentsPanel);
    await waitFor(() => expect(router.location.pathname).toBe('/tutor/login'));
    expect(storage.get('access-token')).toBeNull();
    expect(storage.get('tutorLogin')).toBeNull();
  });
});
