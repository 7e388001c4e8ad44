// The tutor dashboard's API keys tab (issue 5, D2, D19): what a key is for, issuing one (shown
// once with Copy and a warning, then only its prefix), and Revoke behind a confirm.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dashboardTexts } from '../../src/domain/dashboardTexts';
import { renderRoute } from '../support/renderRoute';
import { http } from './authFakes';
import { logInTutor, resetTutorServer } from './tutorFakes';
import { ISSUED, KEY, linksServer, pageOf, resetLinksServer } from './tutorLinksFakes';

vi.mock('../../src/api/actors/auth', () => import('./authFakes'));
vi.mock('../../src/api/actors/tutor', () => import('./tutorFakes'));
vi.mock('../../src/api/actors/tutorSession', () => import('./tutorFakes'));
vi.mock('../../src/api/actors/tutorLinks', () => import('./tutorLinksFakes'));

const t = dashboardTexts.tutor.apiKeys;

beforeEach(() => {
  resetTutorServer();
  resetLinksServer();
});

async function openKeys() {
  logInTutor();
  renderRoute('/tutor/dashboard?tab=api-keys');
  await screen.findByRole('heading', { level: 1, name: 'Hello, Asha Verma' });
  return screen.findByRole('region', { name: t.title });
}

describe('/tutor/dashboard API keys tab', () => {
  it('says what a key is for', async () => {
    const section = await openKeys();
    expect(within(section).getByText(t.explain)).toBeInTheDocument();
    expect(t.explain).toContain('Authorization: Token <key>');
    expect(await screen.findByText(t.empty)).toBeInTheDocument();
  });

  it('a new key is shown once with Copy and the warning, then only its prefix', async () => {
    const user = userEvent.setup();
    const section = await openKeys();
    await user.type(within(section).getByLabelText(t.name), 'Mobile app');
    linksServer.listApiKeys.mockResolvedValue(pageOf([ISSUED, KEY]));
    await user.click(within(section).getByRole('button', { name: t.issue }));

    const dialog = await screen.findByRole('dialog', { name: t.shownTitle });
    expect(linksServer.issueApiKey).toHaveBeenCalledWith('Mobile app');
    expect(within(dialog).getByText(ISSUED.key)).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('it will not be shown again');
    await user.click(within(dialog).getByRole('button', { name: t.copy }));
    expect(await navigator.clipboard.readText()).toBe(ISSUED.key);
    await user.click(within(dialog).getByRole('button', { name: t.shownDone }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const table = await screen.findByRole('table');
    expect(within(table).getByText('tp_live_9XyZ…')).toBeInTheDocument();
    expect(within(table).getByText(t.never)).toBeInTheDocument();
    expect(screen.queryByText(ISSUED.key)).not.toBeInTheDocument();
    expect(within(section).getByLabelText(t.name)).toHaveValue('');
  });

  it('no name: the message, and no call', async () => {
    const section = await openKeys();
    await userEvent.click(within(section).getByRole('button', { name: t.issue }));
    expect(within(section).getByText(t.nameRequired)).toBeInTheDocument();
    expect(linksServer.issueApiKey).not.toHaveBeenCalled();
  });

  it("the server's refusal (5 active keys) shows", async () => {
    const refusal = 'You have 5 active keys: revoke one first.';
    linksServer.issueApiKey.mockRejectedValue(http(409, refusal));
    const section = await openKeys();
    await userEvent.type(within(section).getByLabelText(t.name), 'Sixth');
    await userEvent.click(within(section).getByRole('button', { name: t.issue }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(refusal);
  });

  it('Revoke: confirm, the server is told, the key shows as revoked', async () => {
    linksServer.listApiKeys.mockResolvedValue(pageOf([KEY]));
    await openKeys();
    const table = await screen.findByRole('table');
    expect(within(table).getByText('tp_live_7KqP…')).toBeInTheDocument();
    expect(within(table).getByText('20th January 2025, 6:42 pm')).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: t.revokeAria(KEY.name) }));
    const dialog = await screen.findByRole('dialog', { name: t.revokeTitle });
    expect(within(dialog).getByText(t.revokeQuestion(KEY.name))).toBeInTheDocument();
    linksServer.listApiKeys.mockResolvedValue(
      pageOf([{ ...KEY, revoked_at: '2025-02-01T09:00:00+05:30' }]),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: t.revokeConfirm }));
    expect(await screen.findByText(t.revoked)).toBeInTheDocument();
    expect(linksServer.revokeApiKey).toHaveBeenCalledWith(3);
    expect(await screen.findByText(t.revokedOn('1st February 2025, 9:00 am'))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.revokeAria(KEY.name) })).toBeNull();
  });
});
