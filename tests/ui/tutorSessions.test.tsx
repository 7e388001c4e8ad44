// The tutor dashboard's Sessions tab (D1): upcoming sessions first, every one on a toggle.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionRow } from '../../src/api/actors/tutorMoney';
import { SessionsPanel } from '../../src/ui/routes/tutor/dashboard/sessions/SessionsPanel';
import { logInTutor } from './tutorFakes';
import { renderPanel } from './tutorMoneyKit';
import { moneyServer, page, resetMoneyServer } from './tutorMoneyFakes';

vi.mock('../../src/api/actors/tutorMoney', () => import('./tutorMoneyFakes'));

const MATHS: SessionRow = {
  id: 11,
  studentName: 'Rohan Mehta',
  subject: 'Maths session',
  startsAt: '2025-01-15T13:00:00+05:30',
  endsAt: '2025-01-15T14:00:00+05:30',
  amount: 200000,
};

beforeEach(resetMoneyServer);

describe('Sessions tab', () => {
  it('shows the upcoming sessions: when (IST), student, subject, amount', async () => {
    moneyServer.sessions.mockResolvedValue(page([MATHS]));
    logInTutor();
    renderPanel(SessionsPanel);
    const table = await screen.findByRole('table', { name: 'Sessions' });
    expect(moneyServer.sessions).toHaveBeenCalledWith({ page: 1, filter: { upcoming: true } });
    const cells = within(within(table).getAllByRole('row')[1]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      '15th January 2025, 1:00 pm',
      'Rohan Mehta',
      'Maths session',
      '₹2,000.00',
    ]);
  });

  it('none upcoming says so; the toggle lists every session', async () => {
    moneyServer.sessions.mockImplementation(async ({ filter }) =>
      page(filter.upcoming ? [] : [MATHS]),
    );
    logInTutor();
    renderPanel(SessionsPanel);
    expect(await screen.findByText('No upcoming sessions.')).toBeInTheDocument();
    await userEvent.click(screen.getByText('All, latest first'));
    expect(await screen.findByText('Rohan Mehta')).toBeInTheDocument();
    expect(moneyServer.sessions).toHaveBeenLastCalledWith({ page: 1, filter: { upcoming: false } });
  });

  it('pages through the sessions', async () => {
    moneyServer.sessions.mockImplementation(async ({ page: n }) =>
      page([{ ...MATHS, id: n, studentName: `Student ${n}` }], { page: n, count: 41 }),
    );
    logInTutor();
    renderPanel(SessionsPanel);
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Student 2')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Page 2 of 3')).toBeInTheDocument());
  });

  it('a failed load says so and Try again reloads', async () => {
    moneyServer.sessions.mockRejectedValueOnce({ kind: 'network' });
    logInTutor();
    renderPanel(SessionsPanel);
    expect(await screen.findByText('Sessions could not be loaded.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No upcoming sessions.')).toBeInTheDocument();
  });
});
