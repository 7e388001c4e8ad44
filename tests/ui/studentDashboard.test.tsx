// /student/dashboard and /student/receipts/:orderId (issue 5) through the app's routes, with
// the student API faked (studentFakes.ts) and the real machines.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Download from '../../src/browser/download';
import { storage } from '../../src/browser/storage';
import { renderRoute } from '../support/renderRoute';
import { http } from './authFakes';
import { logInStudent, resetStudentServer, studentServer } from './studentFakes';

vi.mock('../../src/api/actors/student', () => import('./studentFakes'));
vi.mock('../../src/api/actors/auth', () => import('./authFakes'));
vi.mock('../../src/api/actors/tutorPayouts', () => import('./taxFakes'));
vi.mock('../../src/browser/print', () => ({ printPage: vi.fn() }));
vi.mock('../../src/browser/download', async (importOriginal) => ({
  ...(await importOriginal<typeof Download>()),
  saveBlob: vi.fn(),
}));

const { saveBlob } = await import('../../src/browser/download');
const { printPage } = await import('../../src/browser/print');

beforeEach(() => {
  resetStudentServer();
  vi.mocked(saveBlob).mockClear();
  vi.mocked(printPage).mockClear();
});

async function openDashboard() {
  logInStudent();
  const view = renderRoute('/student/dashboard');
  await screen.findByRole('heading', { level: 1, name: 'Welcome back' });
  await screen.findByRole('article', { name: 'Asha Verma' });
  return view;
}

const card = (name: string) => screen.getByRole('article', { name });

describe('/student/dashboard', () => {
  it('without a session (or with a tutor flag): the student login', async () => {
    const { router } = renderRoute('/student/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Student login' });
    expect(router.location.pathname).toBe('/student/login');
    logInStudent();
    storage.set('tutorLogin', true);
    const second = renderRoute('/student/receipts/ord_card');
    await waitFor(() => expect(second.router.location.pathname).toBe('/student/login'));
  });

  it('lists the payments with the exact figures, IST times and statuses', async () => {
    await openDashboard();
    const paid = card('Asha Verma');
    expect(within(paid).getByText('15th January 2025, 11:16 am IST')).toBeInTheDocument();
    expect(within(paid).getByText('Sent')).toBeInTheDocument();
    expect(within(paid).getByText('Card')).toBeInTheDocument();
    expect(within(paid).getByText('₹2,000.00')).toBeInTheDocument();
    expect(within(paid).getByText('₹20.00')).toBeInTheDocument();
    expect(within(paid).getByText('₹3.88')).toBeInTheDocument();
    expect(within(paid).getByText('₹2,023.88')).toBeInTheDocument();
    expect(within(paid).getByRole('link', { name: 'Receipt' })).toHaveAttribute(
      'href',
      '/student/receipts/ord_card',
    );
    expect(within(paid).getByRole('button', { name: 'Request refund' })).toBeInTheDocument();

    const failed = card('Ravi Kumar');
    expect(within(failed).getByText('Failed to pay')).toBeInTheDocument();
    expect(within(failed).getByText('UPI')).toBeInTheDocument();
    // UPI has no fee or charges; a failed payment has no receipt or refund.
    expect(within(failed).queryByText('Platform fee')).not.toBeInTheDocument();
    expect(within(failed).getAllByText('₹1,500.00')).toHaveLength(2);
    expect(within(failed).queryByRole('link', { name: 'Receipt' })).not.toBeInTheDocument();
    expect(
      within(failed).queryByRole('button', { name: 'Request refund' }),
    ).not.toBeInTheDocument();

    const sessions = screen.getByRole('region', { name: 'Sessions booked' });
    expect(within(sessions).getByText('Maths session with Asha Verma')).toBeInTheDocument();
    expect(
      within(sessions).getByText('15th January 2025, 1:00 pm – 2:00 pm IST'),
    ).toBeInTheDocument();
    expect(studentServer.listSessions).toHaveBeenCalledWith(1, true);
  });

  it("shows a payment's refund status", async () => {
    studentServer.listPayments.mockResolvedValue({
      items: [
        {
          ...(await import('./studentFakes')).CARD_PAYMENT,
          refund: {
            id: 'rfd_1',
            status: 'PENDING',
            amount: 202388,
            requestedAt: '2025-01-15T18:00:00+05:30',
            automaticReason: null,
          },
          refundableUntil: null,
        },
      ],
      page: 1,
      page_size: 10,
      count: 1,
    });
    await openDashboard();
    expect(within(card('Asha Verma')).getByText('Refund: Processing')).toBeInTheDocument();
  });

  it('Download PDF fetches the receipt PDF and saves it under its name', async () => {
    await openDashboard();
    await userEvent.click(within(card('Asha Verma')).getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
    expect(studentServer.getReceiptPdf).toHaveBeenCalledWith('ord_card');
    expect(vi.mocked(saveBlob).mock.calls[0]?.[1]).toBe('receipt-ord_card.pdf');
  });

  it('Request refund: the deadline in IST, the reason sent, then the list reloads', async () => {
    await openDashboard();
    await userEvent.click(
      within(card('Asha Verma')).getByRole('button', { name: 'Request refund' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Request a refund' });
    // The form's code arrives with the dialog.
    expect(
      await within(dialog).findByText(
        'You can ask for a refund until 16th January 2025, 11:16 am IST',
      ),
    ).toBeInTheDocument();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Why do you want a refund/ }),
      'The class was cancelled.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(
      await within(dialog).findByText('Refund requested. Your tutor will approve or decline it.'),
    ).toBeInTheDocument();
    expect(studentServer.requestRefund).toHaveBeenCalledWith(
      'ord_card',
      'The class was cancelled.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(studentServer.listPayments).toHaveBeenCalledTimes(2));
  });

  it("Request refund refused: the server's message", async () => {
    studentServer.requestRefund.mockRejectedValue(
      http(400, 'Refunds can be requested only within 24 hours of payment.'),
    );
    await openDashboard();
    await userEvent.click(
      within(card('Asha Verma')).getByRole('button', { name: 'Request refund' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Request a refund' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Why/ }), 'Cancelled');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Refunds can be requested only within 24 hours of payment.',
    );
  });

  it('Pay again and the recent tutors go to the tutor’s static link in one tap', async () => {
    const { router } = await openDashboard();
    const recent = screen.getByRole('region', { name: 'Recent tutors' });
    expect(within(recent).getAllByRole('link')).toHaveLength(2);
    await userEvent.click(
      within(card('Ravi Kumar')).getByRole('link', { name: 'Pay Ravi Kumar again' }),
    );
    await waitFor(() => expect(router.location.pathname).toBe('/static-link/ravi-kumar'));
  });

  it('Logout: the server is told, every stored key goes, then /student/login', async () => {
    const { router } = await openDashboard();
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.location.pathname).toBe('/student/login'));
    expect(studentServer.logout).toHaveBeenCalledTimes(1);
    expect(storage.get('access-token')).toBeNull();
    expect(storage.get('studentLogin')).toBeNull();
  });

  it('a 401 from a list clears storage and goes to the student login', async () => {
    studentServer.listPayments.mockRejectedValue(http(401));
    logInStudent();
    const { router } = renderRoute('/student/dashboard');
    await waitFor(() => expect(router.location.pathname).toBe('/student/login'));
    expect(storage.get('access-token')).toBeNull();
    expect(studentServer.logout).not.toHaveBeenCalled();
  });
});

describe('/student/receipts/:orderId', () => {
  it('the receipt has the same figures, the payee, payer, time, method and bank reference', async () => {
    logInStudent();
    renderRoute('/student/receipts/ord_card');
    const sheet = await screen.findByRole('region', { name: 'Payment receipt' });
    expect(studentServer.getReceipt).toHaveBeenCalledWith('ord_card');
    for (const text of [
      'ord_card',
      'Asha Verma (@asha-verma)',
      'Priya Sharma (9876543212)',
      '15th January 2025, 11:16 am IST',
      'Card',
      '1234567890',
      '₹2,000.00',
      '₹20.00',
      '₹3.88',
      '₹2,023.88',
    ]) {
      expect(within(sheet).getByText(text)).toBeInTheDocument();
    }
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(printPage).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
    expect(vi.mocked(saveBlob).mock.calls[0]?.[1]).toBe('receipt-ord_card.pdf');
  });

  it('a receipt that is not there says so, with the way back', async () => {
    studentServer.getReceipt.mockRejectedValue(http(404, 'Order not found.'));
    logInStudent();
    const { router } = renderRoute('/student/receipts/ord_nope');
    expect(await screen.findByRole('alert')).toHaveTextContent('This receipt was not found.');
    await userEvent.click(screen.getByRole('link', { name: 'Back to dashboard' }));
    await waitFor(() => expect(router.location.pathname).toBe('/student/dashboard'));
  });
});
