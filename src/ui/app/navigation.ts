// Navigation for machines: `machine.provide({ actions: { navigate: useNavigateAction() } })`
// makes `{ type: 'navigate', params: { to } }` move the router.
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { NavigateParams } from '../../../machines/shared/navigation';
import { isSameOriginPath } from '../../domain/activeFlow';

export const NOT_FOUND_PATH = '/page-not-found';

export type NavigateAction = (args: unknown, params: NavigateParams) => void;

export function useNavigateAction(): NavigateAction {
  const navigate = useNavigate();
  return useCallback<NavigateAction>(
    (_, { to, replace, state }) => {
      // D15: only same-origin paths; anything else goes to the 404 page. Absolute paths only,
      // so a machine that keeps the navigate of its first render still lands right.
      if (!isSameOriginPath(to)) {
        void navigate(NOT_FOUND_PATH, { replace: true });
        return;
      }
      void navigate(to, { replace, state });
    },
    [navigate],
  );
}
