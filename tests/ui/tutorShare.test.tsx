// The tutor dashboard's Share tab (issue 5, D2): the static link and the profile link with Copy
// and Share (only where the browser has a share sheet), and the static link's QR code to
// download as a PNG or print.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Download from '../../src/browser/download';
import { dashboardTexts } from '../../src/domain/dashboardTexts';
import { SUBMITTED_TUTOR } from '../machines/tutorProfiles';
import { renderRoute } from '../support/renderRoute';
import { asProfile, logInTutor, resetTutorServer, tutorServer } from './tutorFakes';
import { resetLinksServer } from './tutorLinksFakes';

vi.mock('../../src/api/actors/auth', () => import('./authFakes'));
vi.mock('../../src/api/actors/tutor', () => import('./tutorFakes'));
vi.mock('../../src/api/actors/tutorSession', () => import('./tutorFakes'));
vi.mock('../../src/api/actors/tutorLinks', () => import('./tutorLinksFakes'));
const saved = vi.hoisted(() => [] as { blob: Blob; fileName: string }[]);
vi.mock('../../src/browser/download', async (importOriginal) => ({
  ...(await importOriginal<typeof Download>()),
  saveBlob: (blob: Blob, fileName: string) => void saved.push({ blob, fileName }),
}));

const t = dashboardTexts.tutor.share;
const origin = window.location.origin;

beforeEach(() => {
  resetTutorServer();
  resetLinksServer();
  saved.length = 0;
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'share');
  vi.restoreAllMocks();
});

async function openShare() {
  logInTutor();
  const view = renderRoute('/tutor/dashboard?tab=share');
  await screen.findByRole('heading', { level: 1, name: 'Hello, Asha Verma' });
  return view;
}

describe('/tutor/dashboard Share tab', () => {
  it('is the first tab, open by default', async () => {
    logInTutor();
    renderRoute('/tutor/dashboard');
    const tabs = await screen.findAllByRole('tab');
    expect(tabs[0]).toHaveTextContent(t.tab);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
  });

  it('shows both links with Copy; no Share without a share sheet', async () => {
    await openShare();
    const panel = await screen.findByRole('tabpanel');
    expect(await within(panel).findByText(`${origin}/static-link/asha-verma`)).toBeInTheDocument();
    expect(within(panel).getByText(`${origin}/asha-verma`)).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: t.copyAria(t.staticLink) })).toBeVisible();
    expect(within(panel).getByRole('button', { name: t.copyAria(t.profileLink) })).toBeVisible();
    expect(within(panel).queryByRole('button', { name: /^Share/ })).not.toBeInTheDocument();
  });

  it('Copy puts the static link on the clipboard', async () => {
    const user = userEvent.setup();
    await openShare();
    await user.click(await screen.findByRole('button', { name: t.copyAria(t.staticLink) }));
    expect(await navigator.clipboard.readText()).toBe(`${origin}/static-link/asha-verma`);
  });

  it('Share opens the share sheet with the link, where the browser has one', async () => {
    const shareSpy = vi.fn(async () => {});
    Object.defineProperty(navigator, 'share', { value: shareSpy, configurable: true });
    await openShare();
    await userEvent.click(await screen.findByRole('button', { name: t.shareAria(t.staticLink) }));
    expect(shareSpy).toHaveBeenCalledWith({
      title: t.shareTitle('Asha Verma'),
      url: `${origin}/static-link/asha-verma`,
    });
  });

  it('draws the QR code of the static link, downloads it as <username>-qr.png, prints', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    await openShare();
    const qr = await screen.findByRole('img', { name: t.qrAlt });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    const card = screen.getByRole('region', { name: t.qrTitle });
    expect(within(card).getByText('Asha Verma')).toBeInTheDocument();
    expect(within(card).getByText(`${origin}/static-link/asha-verma`)).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: t.downloadQr }));
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.fileName).toBe('asha-verma-qr.png');
    expect(saved[0]?.blob.type).toBe('image/png');

    await userEvent.click(within(card).getByRole('button', { name: t.print }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('before KYC approval: a line pointing to the KYC card, no links, no QR', async () => {
    tutorServer.getProfile.mockResolvedValue(asProfile(SUBMITTED_TUTOR));
    await openShare();
    const panel = await screen.findByRole('tabpanel');
    expect(await within(panel).findByText(t.notYet)).toBeInTheDocument();
    expect(within(panel).queryByRole('img')).not.toBeInTheDocument();
  });
});
