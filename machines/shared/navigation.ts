// Navigation is an action with params that the UI provides (ARCHITECTURE.md):
//   actions: [{ type: 'navigate', params: { to: '/pay/review' } }]
// src/ui/app/navigation.ts turns it into a router navigation.

export interface NavigateParams {
  /** A same-origin path (D15); anything else lands on the 404 page. */
  to: string;
  /** Replace the current history entry instead of pushing one. */
  replace?: boolean;
  /** Router state handed to the next screen (e.g. the previous URL). */
  state?: unknown;
}
