// The tutor dashboard's Payment links tab (issue 5, D2, D19): create a link and see its URL,
// the server's refusal (403 without approved KYC), the list with status badges and a filter,
// and Cancel behind a confirm, with the server's 409 message when the link moved on.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dashboardTexts } from '../../src/domain/dashboardTexts';
import { addIstDays, istDateKey } from '../../src/domain/time';
import { storage } from '../../src/browser/storage';
import { renderRoute } from '../support/renderRoute';
import { http } from './authFakes';
import { logInTutor, resetTutorServer } from './tutorFakes';
import { LINK, PAID_LINK, linksServer, pageOf, resetLinksServer } from './tutorLinksFakes';

vi.mock('../../src/api/actors/auth', () => import('./authFakes'));
vi.mock('../../src/api/actors/tutor', () => import('./tutorFakes'));
vi.mock('../../src/api/actors/tutorSession', () => import('./tutorFakes'));
vi.mock('../../src/api/actors/tutorLinks', () => import('./tutorLinksFakes'));

const t = dashboardTexts.tutor.links;

beforeEach(() => {
  resetTutorServer();
  resetLinksServer();
});

async function openLinks() {
  logInTutor();
  const view = renderRoute('/tutor/dashboard?tab=links');
  await screen.findByRole('heading', { level: 1, name: 'Hello, Asha Verma' });
  const form = await screen.findByRole('region', { name: t.createTitle });
  return { ...view, form };
}

describe('/tutor/dashboard Payment links tab', () => {
  it('creates a link and shows its URL to copy', async () => {
    const user = userEvent.setup();
    const { form } = await openLinks();
    await user.type(within(form).getByLabelText(t.amount), '3,000');
    await user.type(within(form).getByLabelText(t.purpose), 'January maths tuition');
    await user.type(within(form).getByLabelText(t.studentPhone), '98765 43210');
    // Default expiry: 30 days from today (D19).
    expect(within(form).getByLabelText(t.expiry)).toHaveValue(
      addIstDays(istDateKey(new Date()), 30),
    );
    await user.click(within(form).getByRole('button', { name: t.create }));

    expect(await within(form).findByText(t.created)).toBeInTheDocument();
    expect(within(form).getByText(LINK.url)).toBeInTheDocument();
    expect(within(form).getByText('₹3,000.00 · January maths tuition')).toBeInTheDocument();
    expect(linksServer.createLink).toHaveBeenCalledWith({
      amount: 300_000,
      purpose: 'January maths tuition',
      student_phone: '9876543210',
      expires_at: `${addIstDays(istDateKey(new Date()), 30)}T23:59:59+05:30`,
    });
    await user.click(within(form).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(LINK.url);
    // The list reloads with the new link.
    expect(linksServer.listLinks).toHaveBeenCalledTimes(2);

    await user.click(within(form).getByRole('button', { name: t.another }));
    expect(within(form).getByLabelText(t.amount)).toHaveValue('');
  });

  it('refuses an empty form with the fields’ messages, without calling the server', async () => {
    const { form } = await openLinks();
    await userEvent.click(within(form).getByRole('button', { name: t.create }));
    expect(within(form).getByText('Enter an amount')).toBeInTheDocument();
    expect(within(form).getByText(t.purposeRequired)).toBeInTheDocument();
    expect(linksServer.createLink).not.toHaveBeenCalled();
  });

  it("shows the server's 403 when KYC is not approved", async () => {
    const refusal = 'Complete your KYC before creating payment links.';
    linksServer.createLink.mockRejectedValue(http(403, refusal));
    const { form } = await openLinks();
    await userEvent.type(within(form).getByLabelText(t.amount), '500');
    await userEvent.type(within(form).getByLabelText(t.purpose), 'Trial class');
    await userEvent.click(within(form).getByRole('button', { name: t.create }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(refusal);
  });

  it('lists links with status badges, amount, paid time; the filter asks the server', async () => {
    linksServer.listLinks.mockResolvedValue(pageOf([LINK, PAID_LINK]));
    await openLinks();
    const list = screen.getByRole('region', { name: t.listTitle });
    expect(await within(list).findByText('January maths tuition')).toBeInTheDocument();
    const table = within(list).getByRole('table');
    expect(within(table).getByText('Active')).toBeInTheDocument();
    expect(within(table).getByText('Paid')).toBeInTheDocument();
    expect(within(list).getByText('₹2,000.00')).toBeInTheDocument();
    expect(within(list).getByText('18th December 2024, 7:05 pm')).toBeInTheDocument();
    // Cancel only on the active one.
    expect(within(list).getAllByRole('button', { name: /^Cancel the link/ })).toHaveLength(1);

    await userEvent.selectOptions(within(list).getByLabelText(t.filterLabel), 'PAID');
    await vi.waitFor(() => expect(linksServer.listLinks).toHaveBeenLastCalledWith(1, 'PAID'));
  });

  it('Cancel: confirm, the server is told, the list reloads', async () => {
    linksServer.listLinks.mockResolvedValue(pageOf([LINK]));
    await openLinks();
    const list = screen.getByRole('region', { name: t.listTitle });
    await userEvent.click(
      await within(list).findByRole('button', { name: t.cancelAria(LINK.purpose) }),
    );
    const dialog = await screen.findByRole('dialog', { name: t.cancelTitle });
    expect(
      within(dialog).getByText(t.cancelQuestion('₹3,000.00', LINK.purpose)),
    ).toBeInTheDocument();
    linksServer.listLinks.mockResolvedValue(pageOf([{ ...LINK, status: 'CANCELLED' }]));
    await userEvent.click(within(dialog).getByRole('button', { name: t.cancelConfirm }));
    expect(await within(list).findByText(t.cancelled)).toBeInTheDocument();
    expect(linksServer.cancelLink).toHaveBeenCalledWith(LINK.id);
    expect(await within(within(list).getByRole('table')).findByText('Cancelled')).toBeVisible();
    expect(within(list).queryByRole('button', { name: /^Cancel the link/ })).toBeNull();
  });

  it("Cancel on a link paid meanwhile shows the server's 409 message", async () => {
    const conflict = 'This link is already paid.';
    linksServer.listLinks.mockResolvedValue(pageOf([LINK]));
    linksServer.cancelLink.mockRejectedValue(http(409, conflict));
    await openLinks();
    const list = screen.getByRole('region', { name: t.listTitle });
    await userEvent.click(
      await within(list).findByRole('button', { name: t.cancelAria(LINK.purpose) }),
    );
    const dialog = await screen.findByRole('dialog', { name: t.cancelTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: t.cancelConfirm }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(conflict);
    await userEvent.click(within(dialog).getByRole('button', { name: t.close }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a 401 ends the session: storage cleared, /tutor/login', async () => {
    linksServer.listLinks.mockRejectedValue(http(401));
    logInTutor();
    const { router } = renderRoute('/tutor/dashboard?tab=links');
    await vi.waitFor(() => expect(router.location.pathname).toBe('/tutor/login'));
    expect(storage.get('access-token')).toBeNull();
  });
});
