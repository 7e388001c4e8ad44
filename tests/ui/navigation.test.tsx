// useNavigateAction: how machines navigate ({ type: 'navigate', params: { to } }).
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useActorRef } from '@xstate/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import type { NavigateParams } from '../../machines/shared/navigation';
import { useNavigateAction } from '../../src/ui/app/navigation';
import { renderInRouter } from '../support/renderRoute';

const goMachine = setup({
  types: { events: {} as { type: 'go'; to: string } },
  actions: { navigate: (_: unknown, _params: NavigateParams) => {} },
}).createMachine({
  on: { go: { actions: { type: 'navigate', params: ({ event }) => ({ to: event.to }) } } },
});

function Start() {
  const navigate = useNavigateAction();
  const actor = useActorRef(goMachine.provide({ actions: { navigate } }));
  return (
    <>
      <button onClick={() => actor.send({ type: 'go', to: '/next?x=1' })}>inside</button>
      <button onClick={() => actor.send({ type: 'go', to: '//evil.com' })}>outside</button>
    </>
  );
}

function renderStart() {
  const { router } = renderInRouter(
    '/',
    <Routes>
      <Route path="/" element={<Start />} />
      <Route path="/next" element={<h1>Next</h1>} />
      <Route path="/page-not-found" element={<h1>404</h1>} />
    </Routes>,
  );
  return router;
}

describe('useNavigateAction', () => {
  it('navigates where the machine says', async () => {
    const router = renderStart();
    await userEvent.click(screen.getByRole('button', { name: 'inside' }));
    expect(await screen.findByRole('heading', { name: 'Next' })).toBeInTheDocument();
    expect(router.location.search).toBe('?x=1');
  });

  it('sends a foreign target to the 404 page (D15)', async () => {
    const router = renderStart();
    await userEvent.click(screen.getByRole('button', { name: 'outside' }));
    expect(await screen.findByRole('heading', { name: '404' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/page-not-found');
  });
});
