// D179: /pay/payment-details paints its form before its machine is fetched. What the student
// types meanwhile must reach the machine as it starts: kept in the fields, validated, saved and
// submitted, with Proceed waiting until then.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { storage } from '../../src/browser/storage';
import { messages } from '../../src/domain/messages';
import { fakeServices, logIn, renderPay } from './payKit';

// The machine's chunk arrives only when the test lets it. (This file imports nothing that
// loads it: the path model's fixtures do, so the payee is written out here.)
const chunk = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { arrive: () => arrive(), arrived };
});
vi.mock('../../src/ui/routes/pay/PayeeLookupActor', async (importOriginal) => {
  await chunk.arrived;
  return importOriginal();
});

const approved = {
  kind: 'found',
  payee: {
    id: 7,
    first_name: 'Asha',
    last_name: 'Verma',
    has_pan: true,
    role: 'teacher',
    phone: '9123456780',
    pg_onboarding_status: [{ pg_name: 'cashfree', status: 'MIN_KYC_APPROVED' }],
  },
} as const;

const m = messages.payeeLookup;

it('what is typed before the machine runs is kept, saved and submitted', async () => {
  const user = userEvent.setup();
  logIn();
  const services = fakeServices({ searchPayee: async () => approved });
  const { router } = renderPay('/pay/payment-details', services);
  const amount = await screen.findByLabelText(m.amountLabel);
  const phone = screen.getByLabelText(m.phoneLabel);
  const proceed = screen.getByRole('button', { name: m.proceed });

  await user.type(amount, '1500');
  await user.type(phone, '9123456780');
  expect(amount).toHaveValue('1500');
  expect(phone).toHaveValue('9123456780');
  expect(proceed).toBeDisabled();
  expect(storage.get('activePaymentAmount')).toBeNull();

  chunk.arrive();
  await waitFor(() => expect(proceed).toBeEnabled());
  expect(amount).toHaveValue('1500');
  expect(phone).toHaveValue('9123456780');
  expect(storage.get('activePaymentAmount')).toBe(150_000);

  await user.click(proceed);
  await waitFor(() => expect(router.location.pathname).toBe('/pay/review'));
  expect(services.searchPayee).toHaveBeenCalledWith({ phone: '9123456780' }, expect.anything());
});
