// Renders the app's own routes in a memory router, inside the app's providers. The returned
// `router` tells where the router is (as of the last commit) and can navigate it.
import { render } from '@testing-library/react';
import { useLayoutEffect, type ReactNode } from 'react';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  useNavigationType,
  type Location,
  type NavigateFunction,
  type NavigationType,
} from 'react-router-dom';
import { AppProviders } from '../../src/ui/app/AppProviders';
import { AppRoutes } from '../../src/ui/app/routes';

export interface TestRouter {
  location: Location;
  navigationType: NavigationType;
  navigate: NavigateFunction;
}

/** Copies the router's state into `router` on every commit. */
function RouterProbe({ router }: { router: Partial<TestRouter> }) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    Object.assign(router, { location, navigationType, navigate });
  });
  return null;
}

/** Renders `routes` (a <Routes> tree) at `url`. */
export function renderInRouter(url: string, routes: ReactNode) {
  const router: Partial<TestRouter> = {};
  const view = render(
    <AppProviders>
      <MemoryRouter initialEntries={[url]}>
        {routes}
        <RouterProbe router={router} />
      </MemoryRouter>
    </AppProviders>,
  );
  return { router: router as TestRouter, ...view };
}

export function renderRoute(url: string) {
  return renderInRouter(url, <AppRoutes />);
}
