// Issue 15: the switch at the top of every screen turns its words Hindi and back, marks the
// page's language and remembers the choice in the browser.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { readIn } from '../../src/domain/locale';
import { setActiveLocale } from '../../src/domain/texts';
import { messages } from '../../src/domain/messages';
import { renderRoute } from '../support/renderRoute';

afterEach(async () => {
  await setActiveLocale('en');
  localStorage.clear();
  document.documentElement.lang = 'en-IN';
});

describe('the language switch', () => {
  it('turns the screen Hindi and back, and remembers the choice', async () => {
    renderRoute('/page-not-found');
    const switcher = await screen.findByRole('navigation', { name: 'Language / भाषा' });
    const english = within(switcher).getByRole('button', { name: 'English' });
    const hindiButton = within(switcher).getByRole('button', { name: 'हिन्दी' });
    expect(english).toHaveAttribute('aria-pressed', 'true');
    expect(hindiButton).toHaveAttribute('lang', 'hi-IN');
    // The switch is up at once; the screen under it once its chunk is in.
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Page Not Found');

    await userEvent.click(hindiButton);
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: readIn('hi', () => messages.notFound.title),
      }),
    ).toBeInTheDocument();
    expect(screen.getByText(readIn('hi', () => messages.notFound.body))).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('hi-IN');
    expect(localStorage.getItem('language')).toBe('hi');
    expect(hindiButton).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(english);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page Not Found' }),
    ).toBeInTheDocument();
    expect(messages.notFound.title).toBe('Page Not Found');
    expect(document.documentElement.lang).toBe('en-IN');
    expect(localStorage.getItem('language')).toBe('en');
  });
});
