// /pay/redirect, /pay/status, /payment-successful (spec §2, §4 "Order status"; D1, D7) and
// /payment-link/{id} (D19), with the real machines and fake services.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderView } from '../../machines/orderStatus/orderStatus.machine';
import type { LinkLoad } from '../../machines/payment/paymentLink.machine';
import { storage } from '../../src/browser/storage';
import { messages } from '../../src/domain/messages';
import { loads } from '../machines/paymentLink.model';
import { orders } from '../machines/orderStatus.model';
import { fakeServices, renderPay } from './payKit';

const s = messages.status;

afterEach(() => {
  vi.useRealTimers();
});

function keepPayment() {
  storage.set('orderId', 'ord_1');
  storage.set('activePaymentAmount', 500_000);
  storage.set('activePaymentTutorName', 'Asha Verma');
  storage.set('tutorPhone', '9123456780');
  storage.set('payeeUserId', '7');
}

describe('/pay/redirect', () => {
  it("counts 'Redirecting in 3 seconds...' down, then goes to /pay/status?order_id=…", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router } = renderPay(
      '/pay/redirect?order_id=ord_9',
      fakeServices({ fetchOrder: async () => orders.paid }),
    );
    expect(await screen.findByText(messages.redirect.countdown(3))).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByText(messages.redirect.countdown(2))).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await waitFor(() => expect(router.location.pathname).toBe('/pay/status'));
    expect(router.location.search).toBe('?order_id=ord_9');
    expect(router.navigationType).toBe('REPLACE');
  });

  it('without order_id it uses the stored order id', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storage.set('orderId', 'ord_stored');
    const { router } = renderPay('/pay/redirect', fakeServices());
    await screen.findByText(messages.redirect.countdown(3));
    await act(() => vi.advanceTimersByTimeAsync(3000));
    await waitFor(() => expect(router.location.search).toBe('?order_id=ord_stored'));
  });
});

describe('/pay/status', () => {
  it("PAID: 'Sent', with the details, and the payment keys are cleared (D1)", async () => {
    keepPayment();
    storage.set('activeFlow', 'StaticLinkFlow');
    const services = fakeServices({ fetchOrder: async () => orders.paid });
    renderPay('/pay/status?order_id=ord_1', services);
    expect(await screen.findByRole('heading', { level: 2, name: s.sent })).toBeInTheDocument();
    expect(screen.getByText(s.sentBody('₹5,059.71', 'Asha Verma'))).toBeInTheDocument();
    expect(screen.getByText(/ IST$/)).toBeInTheDocument(); // 'Paid on' says which clock
    expect(screen.getByRole('link', { name: s.viewReceipt })).toHaveAttribute(
      'href',
      `/student/receipts/${orders.paid.id}`,
    );
    expect(screen.getByRole('link', { name: s.toDashboard })).toHaveAttribute(
      'href',
      '/student/dashboard',
    );
    expect(services.fetchOrder).toHaveBeenCalledWith({ orderId: 'ord_1' }, expect.anything());
    await waitFor(() => expect(storage.get('orderId')).toBeNull());
    expect(storage.get('activePaymentAmount')).toBeNull();
    expect(storage.get('payeeUserId')).toBeNull();
    expect(storage.get('activeFlow')).toBe('StaticLinkFlow'); // not a payment key
  });

  it('a payment the platform refunded in full says so and why (D112)', async () => {
    keepPayment();
    const reason = messages.automaticRefund.link_already_paid;
    const services = fakeServices({
      fetchOrder: async () => ({ ...orders.paid, refundReason: reason }),
    });
    renderPay('/pay/status?order_id=ord_1', services);
    const notice = await screen.findByRole('status', { name: messages.automaticRefund.title });
    expect(notice).toHaveTextContent(reason);
  });

  it('a SUCCESS payment on an ACTIVE order is also Sent', async () => {
    renderPay(
      '/pay/status?order_id=ord_1',
      fakeServices({ fetchOrder: async () => orders.successPayment }),
    );
    expect(await screen.findByRole('heading', { level: 2, name: s.sent })).toBeInTheDocument();
  });

  it("a failed payment: 'Failed to pay' with a way back to try again; the keys stay", async () => {
    keepPayment();
    renderPay(
      '/pay/status?order_id=ord_1',
      fakeServices({ fetchOrder: async () => orders.failedPayment }),
    );
    expect(await screen.findByRole('heading', { level: 2, name: s.failed })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: s.tryAgain })).toHaveAttribute('href', '/pay/review');
    expect(storage.get('activePaymentAmount')).toBe(500_000);
  });

  it.each([
    [orders.failedPayment, s.failureReasons.declined],
    [{ ...orders.failedPayment, paymentStatus: 'USER_DROPPED' as const }, s.failureReasons.closed],
    [orders.expired, s.failureReasons.expired],
    [{ ...orders.expired, status: 'TERMINATED' as const }, s.failureReasons.closedByUs],
  ])('a failed payment says why (issue 13): %#', async (order, reason) => {
    renderPay('/pay/status?order_id=ord_1', fakeServices({ fetchOrder: async () => order }));
    await screen.findByRole('heading', { level: 2, name: s.failed });
    expect(screen.getByText(s.failedBody)).toBeInTheDocument();
    expect(screen.getByText(reason)).toBeInTheDocument();
  });

  it("after 'Sent', 'Pay again' opens the pay-by-phone form with the same tutor's phone", async () => {
    keepPayment();
    const { router } = renderPay(
      '/pay/status?order_id=ord_1',
      fakeServices({ fetchOrder: async () => orders.paid }),
    );
    await userEvent.click(await screen.findByRole('link', { name: s.payAgain }));
    await waitFor(() => expect(router.location.pathname).toBe('/pay/payment-details'));
    expect(
      await screen.findByRole('textbox', { name: messages.payeeLookup.phoneLabel }),
    ).toHaveValue(orders.paid.payeePhone);
  });

  it("pending: 'Processing', checked again by itself until it is Sent (D7)", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers: OrderView[] = [orders.pending, orders.pending, orders.paid];
    const services = fakeServices({ fetchOrder: async () => answers.shift() ?? orders.paid });
    renderPay('/pay/status?order_id=ord_1', services);
    expect(
      await screen.findByRole('heading', { level: 2, name: s.processing }),
    ).toBeInTheDocument();
    expect(screen.queryByText(s.failed)).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(await screen.findByRole('heading', { level: 2, name: s.sent })).toBeInTheDocument();
    expect(services.fetchOrder).toHaveBeenCalledTimes(3);
  });

  it("still pending after the bounded checks: 'Check again'", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const services = fakeServices({ fetchOrder: async () => orders.notAttempted });
    renderPay('/pay/status?order_id=ord_1', services);
    await screen.findByRole('heading', { level: 2, name: s.processing });
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    const again = await screen.findByRole('button', { name: s.checkAgain });
    expect(services.fetchOrder).toHaveBeenCalledTimes(10);
    expect(screen.getByText(s.stillProcessing)).toBeInTheDocument();
    services.fetchOrder.mockImplementation(async () => orders.paid);
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(again);
    expect(await screen.findByRole('heading', { level: 2, name: s.sent })).toBeInTheDocument();
  });

  it('/payment-successful is the same page, for the stored order', async () => {
    storage.set('orderId', 'ord_1');
    const services = fakeServices({ fetchOrder: async () => orders.paid });
    renderPay('/payment-successful', services);
    expect(await screen.findByRole('heading', { level: 1, name: s.title })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: s.sent })).toBeInTheDocument();
    expect(services.fetchOrder).toHaveBeenCalledWith({ orderId: 'ord_1' }, expect.anything());
  });

  it('no order id at all, or someone else’s order: /page-not-found', async () => {
    const first = renderPay('/pay/status', fakeServices());
    await waitFor(() => expect(first.router.location.pathname).toBe('/page-not-found'));
    first.unmount();
    const { router } = renderPay(
      '/pay/status?order_id=ord_x',
      fakeServices({
        fetchOrder: async () => {
          throw { kind: 'http', status: 404, message: 'Not found.' };
        },
      }),
    );
    await waitFor(() => expect(router.location.pathname).toBe('/page-not-found'));
  });
});

describe('/payment-link/{id}', () => {
  const linkServices = (load: LinkLoad) => fakeServices({ loadLink: async () => load });

  it('a student who can pay: the link is stored and the review opens', async () => {
    const { router } = renderPay('/payment-link/lnk_1', linkServices(loads.complete));
    await waitFor(() => expect(router.location.pathname).toBe('/pay/review'));
    expect(storage.get('linkId')).toBe('lnk_1');
    expect(storage.get('activePaymentAmount')).toBe(300_000);
    expect(storage.get('payeeUserId')).toBe('7');
    expect(storage.get('activePaymentTutorName')).toBe('Asha Verma');
  });

  it('not logged in: /student/login, with the link kept for the side panel', async () => {
    const { router } = renderPay('/payment-link/lnk_1', linkServices(loads.anonymous));
    await waitFor(() => expect(router.location.pathname).toBe('/student/login'));
    expect(storage.get('tutorPhone')).toBe('9123456780');
  });

  it('a paid link cannot be paid', async () => {
    renderPay('/payment-link/lnk_1', linkServices(loads.paid));
    expect(await screen.findByText(messages.paymentLink.paid)).toBeInTheDocument();
    expect(screen.getByText(messages.paymentLink.askTutor)).toBeInTheDocument();
  });

  it('an unknown link: /page-not-found', async () => {
    const { router } = renderPay('/payment-link/lnk_nope', linkServices(loads.missing));
    await waitFor(() => expect(router.location.pathname).toBe('/page-not-found'));
  });

  it('no answer: a retry', async () => {
    const user = userEvent.setup();
    let calls = 0;
    const services = fakeServices({
      loadLink: async () => {
        calls += 1;
        if (calls === 1) throw { kind: 'network' };
        return loads.expired;
      },
    });
    renderPay('/payment-link/lnk_1', services);
    await user.click(await screen.findByRole('button', { name: messages.paymentLink.retry }));
    expect(await screen.findByText(messages.paymentLink.expired)).toBeInTheDocument();
  });
});
