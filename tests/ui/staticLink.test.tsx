// /static-link/{username} (spec §2, §4 "Amount screen Proceed"; D5, D11, D20, D30) through the
// app's routes, with the real amountEntry machine and fake services.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TutorLookup } from '../../machines/amountEntry/amountEntry.machine';
import { storage } from '../../src/browser/storage';
import { messages } from '../../src/domain/messages';
import { fakeServices, renderPay } from './payKit';

const m = messages.staticLink;

const tutor = (over: Partial<TutorLookup> = {}): TutorLookup => ({
  id: null,
  name: 'Asha Verma',
  username: 'asha-verma',
  phone: '9123456780',
  onboarding: [{ pg_name: 'cashfree', status: 'ACTIVE' }],
  ...over,
});

function setup(lookup: TutorLookup | null, extra: Parameters<typeof fakeServices>[0] = {}) {
  const services = fakeServices({
    lookupTutor: async () => lookup,
    loadFees: async () => ({ baseRate: 1, holidays: ['2025-01-27'] }),
    ...extra,
  });
  return services;
}

const amountField = () => screen.getByLabelText(m.amountLabel);
const proceed = () => screen.getByRole('button', { name: m.proceed });

describe('static link amount screen', () => {
  it('shows the spec texts and helper with the tutor name', async () => {
    const services = setup(tutor());
    renderPay('/static-link/Asha-Verma', services);
    expect(await screen.findByRole('heading', { level: 1, name: m.title })).toBeInTheDocument();
    expect(amountField()).toBeInTheDocument();
    expect(screen.getByText('₹')).toBeInTheDocument();
    expect(await screen.findByText(m.amountHelper('Asha Verma'))).toBeInTheDocument();
    expect(proceed()).toBeInTheDocument();
    // D30: the username of the URL is looked up lower-cased.
    expect(services.lookupTutor).toHaveBeenCalledWith(
      { username: 'asha-verma' },
      expect.anything(),
    );
  });

  it('keeps Proceed disabled while loading, for an empty or zero amount, and above ₹50,000', async () => {
    const user = userEvent.setup();
    renderPay('/static-link/asha-verma', setup(tutor()));
    await screen.findByRole('heading', { name: m.title });
    expect(proceed()).toBeDisabled(); // loading
    await screen.findByText(m.amountHelper('Asha Verma'));
    expect(proceed()).toBeDisabled(); // empty
    await user.type(amountField(), '0');
    expect(proceed()).toBeDisabled();
    await user.clear(amountField());
    await user.type(amountField(), '60000');
    expect(proceed()).toBeDisabled();
    expect(screen.getByText(messages.validation.amountMax)).toBeInTheDocument();
    await user.clear(amountField());
    await user.type(amountField(), '1,5a00');
    expect(amountField()).toHaveValue('1500'); // digits only
    expect(proceed()).toBeEnabled();
    expect(storage.get('activePaymentAmount')).toBe(150_000); // saved on each change
  });

  it('shows the computed settlement date and time and the card fee for the typed amount (D5)', async () => {
    const user = userEvent.setup();
    // Friday 24 January 2025, 10:00 IST; Monday 27th is a published holiday.
    renderPay('/static-link/asha-verma', setup(tutor()));
    const summary = await screen.findByRole('region', { name: m.feeSummaryTitle });
    expect(summary).toHaveTextContent('28th January');
    expect(summary).toHaveTextContent('5:00 pm');
    expect(summary).not.toHaveTextContent('9th October');
    await screen.findByText(m.amountHelper('Asha Verma'));
    await user.type(amountField(), '5000');
    expect(summary).toHaveTextContent('₹50.00');
    expect(summary).toHaveTextContent('₹9.71');
    expect(summary).toHaveTextContent('₹5,059.71');
  });

  it('says 9th October only when that is the next settlement', async () => {
    renderPay('/static-link/asha-verma', setup(tutor()), new Date('2025-10-08T12:00:00+05:30'));
    const summary = await screen.findByRole('region', { name: m.feeSummaryTitle });
    expect(summary).toHaveTextContent('9th October');
  });

  it('not logged in: Proceed (Enter) stores amount and tutor and goes to /student/login', async () => {
    const user = userEvent.setup();
    const { router } = renderPay('/static-link/asha-verma', setup(tutor({ id: null })));
    await screen.findByText(m.amountHelper('Asha Verma'));
    await user.type(amountField(), '2000{Enter}');
    await waitFor(() => expect(router.location.pathname).toBe('/student/login'));
    expect(storage.get('activePaymentAmount')).toBe(200_000);
    expect(storage.get('activePaymentTutorName')).toBe('Asha Verma');
    expect(storage.get('tutorPhone')).toBe('9123456780');
  });

  it.each([
    [
      'not logged in, KYC link sent',
      null,
      'MIN_KYC_PENDING',
      'kycPendingTitle' as const,
      'kycLinkSent' as const,
    ],
    ['logged in, KYC done', 7, 'MIN_KYC_SUBMITTED', 'kycDoneTitle' as const, 'kycDone' as const],
  ])(
    '%s: shows the pay-by-phone text and Proceed stays disabled (D65)',
    async (_, id, status, title, text) => {
      const user = userEvent.setup();
      const services = setup(tutor({ id, onboarding: [{ pg_name: 'cashfree', status }] }));
      const { router } = renderPay('/static-link/asha-verma', services);
      const notice = await screen.findByRole('status');
      expect(notice).toHaveTextContent(messages.payeeLookup[title]);
      expect(notice).toHaveTextContent(messages.payeeLookup[text]);
      expect(screen.getByText(m.amountHelper('Asha Verma'))).toBeInTheDocument();
      // Not yet payable: the payee card names the tutor but shows no verified mark.
      const payee = screen.getByRole('region', { name: messages.trust.payee });
      expect(within(payee).getByText('Asha Verma')).toBeInTheDocument();
      expect(within(payee).queryByText(messages.trust.verified)).not.toBeInTheDocument();
      await user.type(amountField(), '2000{Enter}');
      expect(amountField()).toHaveValue('2000');
      expect(proceed()).toBeDisabled();
      await user.click(proceed());
      expect(router.location.pathname).toBe('/static-link/asha-verma');
      expect(storage.get('activePaymentTutorName')).toBeNull();
    },
  );

  it('an onboarded tutor shows no KYC notice, a verified payee card and who processes the payment', async () => {
    const user = userEvent.setup();
    renderPay('/static-link/asha-verma', setup(tutor({ id: 7 })));
    await screen.findByText(m.amountHelper('Asha Verma'));
    // Issue 13: the product's mark, the payee with a verified mark, the processor.
    expect(screen.getByRole('link', { name: 'TuitionPay' })).toHaveAttribute('href', '/');
    const payee = screen.getByRole('region', { name: messages.trust.payee });
    expect(within(payee).getByText('Asha Verma')).toBeInTheDocument();
    expect(within(payee).getByText(messages.trust.verified)).toBeInTheDocument();
    expect(screen.getByText(messages.trust.processedBy)).toBeInTheDocument();
    await user.type(amountField(), '2000');
    expect(proceed()).toBeEnabled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByText(messages.payeeLookup.kycLinkSent)).not.toBeInTheDocument();
  });

  it('logged in, tutor with no gateway entry: no notice, Proceed → /page-not-found', async () => {
    const user = userEvent.setup();
    const services = setup(tutor({ id: 7, onboarding: [] }));
    const { router } = renderPay('/static-link/asha-verma', services);
    await screen.findByText(m.amountHelper('Asha Verma'));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await user.type(amountField(), '2000');
    await user.click(proceed());
    await waitFor(() => expect(router.location.pathname).toBe('/page-not-found'));
  });

  it('logged in, tutor onboarded: stores the payee and goes to /pay/review; ?book=1 books a session (D20)', async () => {
    const user = userEvent.setup();
    const services = setup(tutor({ id: 7 }));
    const { router } = renderPay('/static-link/asha-verma?book=1', services);
    await screen.findByText(m.amountHelper('Asha Verma'));
    await user.type(amountField(), '2000');
    await user.click(proceed());
    await waitFor(() => expect(router.location.pathname).toBe('/pay/review'));
    expect(storage.get('payeeUserId')).toBe('7');
    expect(storage.get('activePaymentAmount')).toBe(200_000);
    expect(storage.get('activePaymentTutorName')).toBe('Asha Verma');
    expect(storage.get('sessionDateTime')).not.toBeNull();
    // The review's payment actor starts after its first paint (D178).
    await waitFor(() => expect(services.readDraft).toHaveBeenCalled());
  });

  it('an unknown tutor goes to /page-not-found', async () => {
    const { router } = renderPay('/static-link/nobody', setup(null));
    await waitFor(() => expect(router.location.pathname).toBe('/page-not-found'));
    expect(router.navigationType).toBe('REPLACE');
  });

  it('a failed look-up offers a retry', async () => {
    const user = userEvent.setup();
    let calls = 0;
    const services = setup(null, {
      lookupTutor: async () => {
        calls += 1;
        if (calls === 1) throw { kind: 'network' };
        return tutor();
      },
    });
    renderPay('/static-link/asha-verma', services);
    expect(await screen.findByText(messages.generic.network)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: m.retry }));
    expect(await screen.findByText(m.amountHelper('Asha Verma'))).toBeInTheDocument();
  });

  it('comes back from login with the amount filled in', async () => {
    storage.set('activePaymentAmount', 250_000);
    renderPay('/static-link/asha-verma', setup(tutor()));
    await screen.findByText(m.amountHelper('Asha Verma'));
    expect(amountField()).toHaveValue('2500');
    expect(proceed()).toBeEnabled();
  });
});
