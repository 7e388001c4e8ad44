// /student/signup through the app's routes, with the real machine and storage and a fake
// server (authFakes): spec §2, §4 Student login 5-6, §5, §8; D2, D16.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../../src/browser/storage';
import { messages } from '../../src/domain/messages';
import { apiMessages } from '../../src/domain/apiMessages';
import { NOTICE_VERSION } from '../../src/domain/privacy';
import { privacyTexts } from '../../src/domain/privacyTexts';
import { renderRoute } from '../support/renderRoute';
import { http, NEW_STUDENT, RETURNING, resetServer, server } from './authFakes';

vi.mock('../../src/api/actors/auth', () => import('./authFakes'));

const m = messages.studentSignup;

beforeEach(() => {
  resetServer();
  server.getMe.mockResolvedValue(NEW_STUDENT);
});

function signIn() {
  storage.set('access-token', 'tok_test_1');
  storage.set('studentLogin', true);
}

async function openSignup() {
  signIn();
  const view = renderRoute('/student/signup');
  const firstName = await screen.findByRole('textbox', { name: new RegExp(`^${m.firstName}`) });
  return {
    ...view,
    firstName,
    lastName: screen.getByRole('textbox', { name: new RegExp(`^${m.lastName}`) }),
    submit: screen.getByRole('button', { name: m.submit }),
  };
}

const panField = () => screen.getByRole('textbox', { name: new RegExp(`^${m.pan}`) });
/** D319: the privacy notice's box. */
const agreeBox = () => screen.getByRole('checkbox', { name: privacyTexts.notice.agree });

describe('/student/signup', () => {
  it('without a token goes to /student/login', async () => {
    const { router } = renderRoute('/student/signup');
    await waitFor(() => expect(router.location.pathname).toBe('/student/login'));
    expect(server.getMe).not.toHaveBeenCalled();
  });

  it('asks for names as per PAN and the PAN; Submit waits for a valid form', async () => {
    const user = userEvent.setup();
    const { firstName, lastName, submit } = await openSignup();
    expect(screen.getByRole('heading', { level: 1, name: m.title })).toBeInTheDocument();
    expect(screen.getAllByText('As per PAN')).toHaveLength(2);
    expect(submit).toBeDisabled();

    await user.click(firstName);
    await user.click(lastName);
    await user.click(panField());
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();

    await user.type(firstName, 'Rohan');
    await user.type(lastName, 'Mehta');
    await user.type(panField(), 'abcde-1234f');
    expect(panField()).toHaveValue('ABCDE1234F');
    expect(screen.getByText('Enter valid PAN')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.clear(panField());
    await user.type(panField(), 'bxkpm4821q99');
    expect(panField()).toHaveValue('BXKPM4821Q');
    expect(screen.queryByText('Enter valid PAN')).not.toBeInTheDocument();
    // D319: the itemised notice, and nothing goes before its box is ticked.
    expect(screen.getByRole('heading', { name: privacyTexts.notice.title })).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.click(agreeBox());
    expect(submit).toBeEnabled();
  });

  it('prefills from the onboarding data in storage and from the server', async () => {
    storage.set('autoFillDetails', { firstName: 'Rohan', pan: 'BXKPM4821Q' });
    server.getMe.mockResolvedValue({ ...NEW_STUDENT, last_name: 'Mehta' });
    const { firstName, lastName } = await openSignup();
    expect(firstName).toHaveValue('Rohan');
    expect(lastName).toHaveValue('Mehta');
    expect(panField()).toHaveValue('BXKPM4821Q');
  });

  it('submits names and PAN for the own phone, forgets the draft and goes on into the flow', async () => {
    const user = userEvent.setup();
    const { firstName, lastName, submit, router } = await openSignup();
    await user.type(firstName, 'Rohan');
    await user.type(lastName, 'Mehta');
    await user.type(panField(), 'BXKPM4821Q');
    expect(storage.get('onboardingDetails')).toEqual({
      firstName: 'Rohan',
      lastName: 'Mehta',
      pan: 'BXKPM4821Q',
    });
    await user.click(agreeBox());
    await user.click(submit);
    await waitFor(() => expect(router.location.pathname).toBe('/student/dashboard'));
    expect(server.onboard).toHaveBeenCalledWith({
      phone: '9876543210',
      first_name: 'Rohan',
      last_name: 'Mehta',
      pan: 'BXKPM4821Q',
      notice_version: NOTICE_VERSION,
    });
    // D16: no PAN stays in the browser once the form is saved.
    expect(storage.get('onboardingDetails')).toBeNull();
    expect(storage.get('autoFillDetails')).toBeNull();
  });

  it("shows the server's message inline, or D2's 'Something went wrong. Please try again.'", async () => {
    server.onboard.mockRejectedValueOnce(http(400, apiMessages.identity.panNameMismatch));
    server.onboard.mockRejectedValueOnce(http(502));
    const user = userEvent.setup();
    const { firstName, lastName, submit } = await openSignup();
    await user.type(firstName, 'Rohan');
    await user.type(lastName, 'Mehta');
    await user.type(panField(), 'BXKPM4821Q');
    await user.click(agreeBox());
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      apiMessages.identity.panNameMismatch,
    );
    await user.click(submit);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Something went wrong. Please try again.',
      ),
    );
    expect(storage.get('onboardingDetails')).not.toBeNull();
  });

  it('with a PAN on file asks names only; the PAN field appears when the server has none', async () => {
    server.getMe.mockResolvedValue({ ...NEW_STUDENT, pan: 'BXKPM4821Q' });
    server.onboard.mockResolvedValueOnce({ pan: null });
    const user = userEvent.setup();
    const { firstName, lastName, submit } = await openSignup();
    expect(
      screen.queryByRole('textbox', { name: new RegExp(`^${m.pan}`) }),
    ).not.toBeInTheDocument();
    await user.type(firstName, 'Rohan');
    await user.type(lastName, 'Mehta');
    await user.click(agreeBox());
    await user.click(submit);
    expect(await screen.findByText(m.panNeeded)).toBeInTheDocument();
    expect(server.onboard).toHaveBeenCalledWith({
      phone: '9876543210',
      first_name: 'Rohan',
      last_name: 'Mehta',
      notice_version: NOTICE_VERSION,
    });
    expect(submit).toBeDisabled();
    await user.type(panField(), 'BXKPM4821Q');
    await user.click(submit);
    await waitFor(() => expect(server.onboard).toHaveBeenCalledTimes(2));
    expect(server.onboard).toHaveBeenLastCalledWith(expect.objectContaining({ pan: 'BXKPM4821Q' }));
  });

  it('a complete profile goes straight on into the flow', async () => {
    server.getMe.mockResolvedValue(RETURNING);
    storage.set('activeFlow', 'payTuitionFeesFlow');
    signIn();
    const { router } = renderRoute('/student/signup');
    await waitFor(() => expect(router.location.pathname).toBe('/pay/payment-details'));
  });

  it('offline while loading: a message and Try again', async () => {
    server.getMe.mockRejectedValueOnce({ kind: 'network' });
    signIn();
    renderRoute('/student/signup');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.generic.network);
    await userEvent.click(screen.getByRole('button', { name: m.tryAgain }));
    expect(
      await screen.findByRole('textbox', { name: new RegExp(`^${m.firstName}`) }),
    ).toBeInTheDocument();
  });
});
