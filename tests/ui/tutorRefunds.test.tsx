// The tutor dashboard's Refunds tab (D1): the requests on the tutor's payments, Approve and
// Decline behind a confirm dialog, a 409 shown with the server's words, the status filter.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RefundRow } from '../../src/api/actors/tutorMoney';
import { storage } from '../../src/browser/storage';
import { RefundsPanel } from '../../src/ui/routes/tutor/dashboard/refunds/RefundsPanel';
import { http } from './authFakes';
import { logInTutor } from './tutorFakes';
import { renderPanel } from './tutorMoneyKit';
import { PRIYA_REFUND, moneyServer, page, resetMoneyServer } from './tutorMoneyFakes';

vi.mock('../../src/api/actors/tutorMoney', () => import('./tutorMoneyFakes'));

const ALREADY = 'This refund request has already been approved.';

/** A server with one refund whose status the decisions change, as the real one does. */
function serverWith(refund: RefundRow) {
  let current = refund;
  moneyServer.refunds.mockImplementation(async () => page([current]));
  return (status: RefundRow['status']) => {
    current = { ...current, status };
  };
}

beforeEach(resetMoneyServer);

async function openRefunds() {
  logInTutor();
  const view = renderPanel(RefundsPanel);
  const table = await screen.findByRole('table', { name: 'Refund requests' });
  return { ...view, table };
}

const row = (table: HTMLElement) => within(table).getAllByRole('row')[1]!;

describe('Refunds tab', () => {
  it('shows each request with its status label, and Approve / Decline only while REQUESTED', async () => {
    moneyServer.refunds.mockResolvedValue(
      page([
        PRIYA_REFUND,
        { ...PRIYA_REFUND, id: 'rfd_2', studentName: 'Rohan', status: 'SUCCESS' },
      ]),
    );
    const { table } = await openRefunds();
    expect(moneyServer.refunds).toHaveBeenCalledWith({ page: 1, filter: 'all' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByText('Priya Sharma')).toBeInTheDocument();
    expect(within(first!).getByText('₹2,023.88')).toBeInTheDocument();
    expect(within(first!).getByText('The class was cancelled.')).toBeInTheDocument();
    expect(within(first!).getByText('15th January 2025, 6:02 pm')).toBeInTheDocument();
    expect(within(first!).getByText('Requested')).toBeInTheDocument();
    expect(
      within(first!).getByRole('button', { name: 'Approve the refund to Priya Sharma' }),
    ).toBeInTheDocument();
    expect(within(second!).getByText('Refunded')).toBeInTheDocument();
    expect(within(second!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('Approve asks first; confirming sends it and the row shows Processing', async () => {
    const setStatus = serverWith(PRIYA_REFUND);
    moneyServer.decide.mockImplementation(async (request) => {
      setStatus('PENDING');
      return { ...PRIYA_REFUND, id: request.id, status: 'PENDING' };
    });
    const { table } = await openRefunds();
    await userEvent.click(within(row(table)).getByRole('button', { name: /^Approve/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve refund' });
    expect(within(dialog).getByText('Refund ₹2,023.88 to Priya Sharma?')).toBeInTheDocument();
    expect(moneyServer.decide).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(moneyServer.decide).toHaveBeenCalledWith({ id: 'rfd_1', decision: 'approve' });
    expect(await within(table).findByText('Processing')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
  });

  it('Cancel sends nothing', async () => {
    const { table } = await openRefunds();
    await userEvent.click(within(row(table)).getByRole('button', { name: /^Decline/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline refund' });
    expect(
      within(dialog).getByText('Decline the refund of ₹2,023.88 to Priya Sharma?'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(moneyServer.decide).not.toHaveBeenCalled();
  });

  it('Decline, confirmed: the row shows Declined', async () => {
    const setStatus = serverWith(PRIYA_REFUND);
    moneyServer.decide.mockImplementation(async () => {
      setStatus('DECLINED');
      return { ...PRIYA_REFUND, status: 'DECLINED' };
    });
    const { table } = await openRefunds();
    await userEvent.click(within(row(table)).getByRole('button', { name: /^Decline/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, decline' }));
    expect(await within(table).findByText('Declined')).toBeInTheDocument();
    expect(moneyServer.decide).toHaveBeenCalledWith({ id: 'rfd_1', decision: 'decline' });
  });

  it("an approval already made elsewhere (409) shows the server's message and reloads the list", async () => {
    const setStatus = serverWith(PRIYA_REFUND);
    moneyServer.decide.mockImplementation(async () => {
      setStatus('SUCCESS');
      throw http(409, ALREADY);
    });
    const { table } = await openRefunds();
    await userEvent.click(within(row(table)).getByRole('button', { name: /^Approve/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve refund' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ALREADY);
    expect(within(dialog).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(await within(table).findByText('Refunded')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(moneyServer.decide).toHaveBeenCalledTimes(1);
  });

  it("'To decide' lists only the REQUESTED ones, from page 1", async () => {
    await openRefunds();
    await userEvent.click(screen.getByText('To decide'));
    await waitFor(() =>
      expect(moneyServer.refunds).toHaveBeenLastCalledWith({ page: 1, filter: 'REQUESTED' }),
    );
  });

  it('pages through the requests', async () => {
    moneyServer.refunds.mockImplementation(async ({ page: n }) =>
      page([{ ...PRIYA_REFUND, id: `rfd_${n}`, studentName: `Student ${n}` }], {
        page: n,
        count: 21,
      }),
    );
    await openRefunds();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Student 2')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });

  it('a 401 from a decision clears the session and goes to the tutor login', async () => {
    moneyServer.decide.mockRejectedValue(http(401));
    const { table, router } = await openRefunds();
    await userEvent.click(within(row(table)).getByRole('button', { name: /^Approve/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, refund' }));
    await waitFor(() => expect(router.location.pathname).toBe('/tutor/login'));
    expect(storage.get('access-token')).toBeNull();
  });
});
