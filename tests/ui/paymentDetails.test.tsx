// /pay/payment-details and /pay-tuition-fees (spec §2, §4 "Gateway onboarding status", §5)
// and /pay/tutor-details, with the real payeeLookup and tutorDetails machines and fake
// services.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PayeeSearch } from '../../machines/payeeLookup/payeeLookup.machine';
import { storage } from '../../src/browser/storage';
import { messages } from '../../src/domain/messages';
import { searches, tutorFacts } from '../machines/payeeLookup.model';
import { fakeServices, logIn, renderPay } from './payKit';

const m = messages.payeeLookup;

const amount = () => screen.getByLabelText(m.amountLabel);
const phone = () => screen.getByLabelText(m.phoneLabel);
const proceed = () => screen.getByRole('button', { name: m.proceed });

async function fill(user: ReturnType<typeof userEvent.setup>, a: string, p: string) {
  await user.type(amount(), a);
  await user.type(phone(), p);
}

function setup(answer: PayeeSearch | (() => Promise<PayeeSearch>)) {
  return fakeServices({
    searchPayee: typeof answer === 'function' ? answer : async () => answer,
  });
}

describe('payment details', () => {
  it('/pay-tuition-fees shows the form; Proceed needs an amount and a valid phone', async () => {
    const user = userEvent.setup();
    renderPay('/pay-tuition-fees', setup(searches.approved));
    expect(
      await screen.findByRole('heading', { level: 1, name: m.payTuitionFeesTitle }),
    ).toBeInTheDocument();
    expect(proceed()).toBeDisabled();
    await user.type(amount(), '1500');
    expect(proceed()).toBeDisabled();
    await user.type(phone(), '1234567890');
    expect(screen.getByText(messages.validation.phone)).toBeInTheDocument();
    expect(proceed()).toBeDisabled();
    await user.clear(phone());
    await user.click(phone());
    await user.paste('+91 91234 56780'); // D40: a pasted number keeps its 10 digits
    expect(phone()).toHaveValue('9123456780');
    expect(proceed()).toBeEnabled();
    await user.clear(amount());
    await user.type(amount(), '0');
    expect(proceed()).toBeDisabled();
  });

  it('a payable tutor: stores payee id and name, then /pay/review (Enter submits)', async () => {
    const user = userEvent.setup();
    logIn();
    const services = setup(searches.approved);
    const { router } = renderPay('/pay/payment-details', services);
    await screen.findByRole('heading', { name: m.title });
    await fill(user, '1500', '9123456780{Enter}');
    await waitFor(() => expect(router.location.pathname).toBe('/pay/review'));
    expect(services.searchPayee).toHaveBeenCalledWith({ phone: '9123456780' }, expect.anything());
    expect(storage.get('payeeUserId')).toBe('7');
    expect(storage.get('activePaymentTutorName')).toBe('Asha Verma');
    expect(storage.get('activePaymentAmount')).toBe(150_000);
  });

  it.each([
    ['MIN_KYC_PENDING', searches.kycPending, m.kycPendingTitle, m.kycLinkSent],
    ['NONE', { kind: 'found', payee: tutorFacts('NONE') }, m.kycPendingTitle, m.kycLinkSent],
    [
      'MIN_KYC_REJECTED',
      { kind: 'found', payee: tutorFacts('MIN_KYC_REJECTED') },
      m.kycPendingTitle,
      m.kycLinkSent,
    ],
    ['MIN_KYC_SUBMITTED', searches.kycSubmitted, m.kycDoneTitle, m.kycDone],
  ] as const)('%s shows its dialog; OK closes it', async (_, answer, title, text) => {
    const user = userEvent.setup();
    logIn();
    renderPay('/pay/payment-details', setup(answer as PayeeSearch));
    await screen.findByRole('heading', { name: m.title });
    await fill(user, '1500', '9123456780');
    await user.click(proceed());
    const dialog = await screen.findByRole('dialog', { name: title });
    expect(within(dialog).getByText(text)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: m.ok }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(proceed()).toBeEnabled();
  });

  it("a student's phone: 'This user is registered as a student.'", async () => {
    const user = userEvent.setup();
    logIn();
    renderPay('/pay/payment-details', setup(searches.student));
    await screen.findByRole('heading', { name: m.title });
    await fill(user, '1500', '9123456780');
    await user.click(proceed());
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.roles.payeeIsStudent);
  });

  it('not logged in: amount and phone are kept and the student logs in first', async () => {
    const user = userEvent.setup();
    const { router } = renderPay('/pay-tuition-fees', setup(searches.unauthorized));
    await screen.findByRole('heading', { name: m.payTuitionFeesTitle });
    await fill(user, '1500', '9123456780');
    await user.click(proceed());
    await waitFor(() => expect(router.location.pathname).toBe('/student/login'));
    expect(storage.get('activePaymentAmount')).toBe(150_000);
    expect(storage.get('tutorPhone')).toBe('9123456780');
  });

  it('back from login, the form is filled in again', async () => {
    logIn();
    storage.set('activePaymentAmount', 150_000);
    storage.set('tutorPhone', '9123456780');
    renderPay('/pay/payment-details', setup(searches.approved));
    await screen.findByRole('heading', { name: m.title });
    expect(amount()).toHaveValue('1500');
    expect(phone()).toHaveValue('9123456780');
    expect(proceed()).toBeEnabled();
  });

  it('disables Proceed while searching', async () => {
    const user = userEvent.setup();
    logIn();
    renderPay(
      '/pay/payment-details',
      setup(() => new Promise(() => {})),
    );
    await screen.findByRole('heading', { name: m.title });
    await fill(user, '1500', '9123456780');
    await user.click(proceed());
    await waitFor(() => expect(proceed()).toBeDisabled());
  });

  it('an unknown tutor goes to /pay/tutor-details, which registers them and shows the KYC-link dialog', async () => {
    const user = userEvent.setup();
    logIn();
    const services = fakeServices({
      searchPayee: async () => searches.none,
      readPending: async () => ({ amount: 150_000, tutorPhone: '9123456780' }),
      registerTutor: async () =>
        tutorFacts(null, { id: 8, first_name: 'Vikram', last_name: 'Rao' }),
    });
    const { router } = renderPay('/pay/payment-details', services);
    await screen.findByRole('heading', { name: m.title });
    await fill(user, '1500', '9123456780');
    await user.click(proceed());
    const t = messages.tutorDetails;
    expect(await screen.findByRole('heading', { level: 1, name: t.title })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/pay/tutor-details');
    const submit = await screen.findByRole('button', { name: t.submit });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText(t.firstName), 'Vikram');
    await user.type(screen.getByLabelText(t.lastName), 'Rao');
    await user.type(screen.getByLabelText(t.pan), 'abcde1234f');
    expect(screen.getByText(messages.validation.pan)).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.clear(screen.getByLabelText(t.pan));
    await user.type(screen.getByLabelText(t.pan), 'abcpv1234k');
    expect(screen.getByLabelText(t.pan)).toHaveValue('ABCPV1234K');
    await user.click(submit);
    const dialog = await screen.findByRole('dialog', { name: m.kycPendingTitle });
    expect(within(dialog).getByText(m.kycLinkSent)).toBeInTheDocument();
    expect(services.registerTutor).toHaveBeenCalledWith(
      {
        firstName: 'Vikram',
        lastName: 'Rao',
        pan: 'ABCPV1234K',
        phone: '9123456780',
        amount: 150_000,
      },
      expect.anything(),
    );
    await user.click(within(dialog).getByRole('button', { name: m.ok }));
    await waitFor(() => expect(router.location.pathname).toBe('/pay/payment-details'));
  });

  it('tutor details: a refusal shows the server message; nothing kept goes back to payment details', async () => {
    const user = userEvent.setup();
    logIn();
    const services = fakeServices({
      readPending: async () => ({ amount: 150_000, tutorPhone: '9123456780' }),
      registerTutor: async () => {
        throw { kind: 'http', status: 400, message: 'The name does not match the PAN.' };
      },
    });
    renderPay('/pay/tutor-details', services);
    const t = messages.tutorDetails;
    await user.type(await screen.findByLabelText(t.firstName), 'Vikram');
    await user.type(screen.getByLabelText(t.lastName), 'Rao');
    await user.type(screen.getByLabelText(t.pan), 'ABCPV1234K{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('The name does not match the PAN.');

    const empty = fakeServices({ readPending: async () => ({ amount: null, tutorPhone: null }) });
    const { router } = renderPay('/pay/tutor-details', empty);
    await waitFor(() => expect(router.location.pathname).toBe('/pay/payment-details'));
  });
});
