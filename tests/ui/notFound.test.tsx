import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { renderRoute } from '../support/renderRoute';

describe('404 page', () => {
  it.each([
    '/page-not-found',
    '/no/such/page',
    '/static-link/asha/extra',
    '/pay/unknown',
    '/tutor/unknown',
    '/asha-verma/unknown-page',
  ])('%s shows the 404 texts', async (url) => {
    renderRoute(url);
    expect(
      await screen.findByRole('heading', { level: 1, name: messages.notFound.title }),
    ).toBeInTheDocument();
    expect(screen.getByText(messages.notFound.body)).toBeInTheDocument();
  });

  it('links home, which goes on to the pay-tuition-fees flow', async () => {
    const { router } = renderRoute('/no/such/page');
    await userEvent.click(await screen.findByRole('link', { name: messages.notFound.home }));
    expect(await screen.findByRole('heading', { name: 'Pay tuition fees' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/pay-tuition-fees');
  });
});
