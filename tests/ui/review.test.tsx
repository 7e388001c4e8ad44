// /pay/review and /pay/payment-gateway-payment-flow (spec §2, §4 "Payment", §8; D2, D6, D9,
// D20, D22) with the real payment machine and fake services.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentDraft } from '../../machines/payment/payment.machine';
import { paymentServices } from '../../src/api/actors/payment';
import { analytics } from '../../src/browser/analytics';
import { storage } from '../../src/browser/storage';
import { ANALYTICS_EVENTS } from '../../src/domain/constants';
import { messages } from '../../src/domain/messages';
import { deferred, fakeServices, logIn, renderPay } from './payKit';
import { readyFacts } from '../machines/payment.facts';

const m = messages.review;

const DRAFT: PaymentDraft = {
  amount: 500_000,
  payeeId: 7,
  payeeName: 'Asha Verma',
  payeePhone: '9123456780',
  payerId: 42,
  linkId: null,
  book: false,
};

function setup(over: Parameters<typeof fakeServices>[0] = {}) {
  return fakeServices({
    readDraft: async () => readyFacts(DRAFT),
    loadFees: async () => ({ baseRate: 1, holidays: [] }),
    ...over,
  });
}

const breakup = () => screen.getByLabelText(m.breakupTitle);
const payButton = () => screen.getByRole('button', { name: m.proceedToPay });

afterEach(() => {
  analytics.setAdapter(null);
});

describe('review', () => {
  it('shows amount, payee, phone and the card breakup for ₹5,000', async () => {
    renderPay('/pay/review', setup());
    expect(await screen.findByRole('heading', { level: 1, name: m.title })).toBeInTheDocument();
    await screen.findByText('Asha Verma');
    expect(screen.getByText('9123456780')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: m.card('1') })).toBeChecked();
    const list = breakup();
    expect(within(list).getByText('₹50.00')).toBeInTheDocument();
    expect(within(list).getByText('₹9.71')).toBeInTheDocument();
    expect(within(list).getByText('₹5,059.71')).toBeInTheDocument();
    expect(within(list).getByText(m.platformFee)).toBeInTheDocument();
    expect(within(list).getByText(m.charges)).toBeInTheDocument();
    // Issue 13: whose page this is, and who processes the payment.
    expect(screen.getByRole('link', { name: 'TuitionPay' })).toHaveAttribute('href', '/');
    expect(screen.getByText(messages.trust.processedBy)).toBeInTheDocument();
  });

  it('UPI is free: the total is the amount (D6)', async () => {
    const user = userEvent.setup();
    renderPay('/pay/review', setup());
    await user.click(await screen.findByRole('radio', { name: m.upi }));
    const list = breakup();
    expect(within(list).getAllByText('₹5,000.00')).toHaveLength(2); // amount and total
    expect(within(list).getAllByText('₹0.00')).toHaveLength(2); // fee and charges
    expect(within(list).queryByText('₹5,059.71')).not.toBeInTheDocument();
  });

  // The fake clock says 10:00 IST when the review opens: the session is 12:00-13:00 IST.
  it('shows the booked session in IST (D20, D21)', async () => {
    renderPay(
      '/pay/review',
      setup({
        readDraft: async () => readyFacts({ ...DRAFT, book: true }),
      }),
    );
    expect(
      await screen.findByText(m.sessionAt('24th January', '12:00 pm', '1:00 pm')),
    ).toBeInTheDocument();
  });

  it('a double click creates one order; the button is disabled while creating', async () => {
    const user = userEvent.setup();
    const order = deferred<{ id: string; paymentSessionId: string }>();
    const track = vi.fn();
    analytics.setAdapter({ send: track });
    const services = setup({ createOrder: () => order.promise });
    renderPay('/pay/review', services);
    await screen.findByText('Asha Verma');
    await user.dblClick(payButton());
    expect(services.createOrder).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(payButton()).toBeDisabled());
    await user.click(payButton());
    expect(services.createOrder).toHaveBeenCalledTimes(1);
    const [input] = services.createOrder.mock.calls[0]!;
    expect(input.idempotencyKey).toBe('test-key-1');
    expect(input.order).toMatchObject({
      payerId: 42,
      payeeId: 7,
      method: 'cc',
      breakup: { amount: 500_000, fee: 5_000, charges: 971, total: 505_971 },
      bookSession: false,
    });
    await waitFor(() => expect(track).toHaveBeenCalledWith(ANALYTICS_EVENTS.clickedProceed, {}));
  });

  it('a 400 shows the text after the last ": "; a retry reuses the Idempotency-Key', async () => {
    const user = userEvent.setup();
    const services = setup({
      createOrder: async () => {
        throw {
          kind: 'http',
          status: 400,
          message: 'Order refused: limit: The amount is more than this tutor can accept right now.',
        };
      },
    });
    renderPay('/pay/review', services);
    await screen.findByText('Asha Verma');
    await user.click(payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^The amount is more than this tutor can accept right now\.$/,
    );
    await user.click(payButton());
    await waitFor(() => expect(services.createOrder).toHaveBeenCalledTimes(2));
    const keys = services.createOrder.mock.calls.map(([input]) => input.idempotencyKey);
    expect(keys[0]).toBe(keys[1]);
  });

  it('any other failure: the generic message (D2)', async () => {
    const user = userEvent.setup();
    const services = setup({
      createOrder: async () => {
        throw { kind: 'http', status: 502, message: 'Gateway: down' };
      },
    });
    renderPay('/pay/review', services);
    await screen.findByText('Asha Verma');
    await user.click(payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.generic.somethingWrong);
  });

  it('on success stores the order id and opens the checkout with the session id', async () => {
    const user = userEvent.setup();
    const checkout = deferred<void>();
    const services = setup({
      createOrder: async () => ({ id: 'ord_1', paymentSessionId: 'session_1' }),
      openCheckout: () => checkout.promise,
    });
    const { router } = renderPay('/pay/review', services);
    await screen.findByText('Asha Verma');
    await user.click(payButton());
    await waitFor(() => expect(router.location.pathname).toBe('/pay/payment-gateway-payment-flow'));
    expect(await screen.findByText(messages.checkout.opening)).toBeInTheDocument();
    expect(storage.get('orderId')).toBe('ord_1');
    expect(services.openCheckout).toHaveBeenCalledWith({ paymentSessionId: 'session_1' });
  });

  it('a checkout that does not load can be retried without a second order', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const services = setup({
      createOrder: async () => ({ id: 'ord_1', paymentSessionId: 'session_1' }),
      openCheckout: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('timeout');
        return new Promise<void>(() => {});
      },
    });
    const { router } = renderPay('/pay/review', services);
    await screen.findByText('Asha Verma');
    await user.click(payButton());
    // The gateway page replaces the review (which may show the failure first, then go away),
    // and says the checkout did not open; the student acts there.
    await waitFor(() => expect(router.location.pathname).toBe('/pay/payment-gateway-payment-flow'));
    await waitFor(() => expect(screen.getByText(messages.checkout.failed)).toBeInTheDocument());
    await user.click(await screen.findByRole('button', { name: messages.checkout.openAgain }));
    await waitFor(() => expect(services.openCheckout).toHaveBeenCalledTimes(2));
    expect(services.createOrder).toHaveBeenCalledTimes(1);
  });

  it('the gateway page with nothing in progress goes to the review', async () => {
    const { router } = renderPay('/pay/payment-gateway-payment-flow', setup());
    await screen.findByText('Asha Verma');
    expect(router.location.pathname).toBe('/pay/review');
  });

  it('fees that do not load: an error and a retry, no guessed breakup', async () => {
    const user = userEvent.setup();
    let calls = 0;
    const services = setup({
      loadFees: async () => {
        calls += 1;
        if (calls === 1) throw { kind: 'timeout' };
        return { baseRate: 1, holidays: [] };
      },
    });
    renderPay('/pay/review', services);
    expect(await screen.findByText(m.loadFailed)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: m.proceedToPay })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: m.retry }));
    expect(await screen.findByText('₹5,059.71')).toBeInTheDocument();
  });
});

describe('review guards (spec §2), with the real draft reader', () => {
  const real = () => setup({ readDraft: paymentServices.readDraft });

  it('no token: /student/login', async () => {
    storage.set('activePaymentAmount', 500_000);
    storage.set('tutorPhone', '9123456780');
    storage.set('activePaymentTutorName', 'Asha Verma');
    const { router } = renderPay('/pay/review', real());
    await waitFor(() => expect(router.location.pathname).toBe('/student/login'));
  });

  it.each(['activePaymentAmount', 'tutorPhone', 'activePaymentTutorName'] as const)(
    'missing %s: /pay/payment-details',
    async (missing) => {
      logIn();
      storage.set('activePaymentAmount', 500_000);
      storage.set('tutorPhone', '9123456780');
      storage.set('activePaymentTutorName', 'Asha Verma');
      storage.set('payeeUserId', '7');
      storage.remove(missing);
      const { router } = renderPay('/pay/review', real());
      await waitFor(() => expect(router.location.pathname).toBe('/pay/payment-details'));
    },
  );

  it('everything kept: the review shows it', async () => {
    logIn();
    storage.set('activePaymentAmount', 500_000);
    storage.set('tutorPhone', '9123456780');
    storage.set('activePaymentTutorName', 'Asha Verma');
    storage.set('payeeUserId', '7');
    const services = real();
    const { router } = renderPay('/pay/review', services);
    expect(await screen.findByText('Asha Verma')).toBeInTheDocument();
    expect(router.location.pathname).toBe('/pay/review');
    await act(async () => {});
  });
});
