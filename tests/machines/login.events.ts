// The login machine's user events as its paths send them: the path model and the Chromium walk
// (e2e/login-paths.spec.ts) share them. Plain data: no views, so Playwright can load it.
import type { loginMachine } from '../../machines/login/login.machine';
import type { EventFixtures } from '../support/paths';

/** The valid phone of the paths (the Chromium walk types a fresh one in its place). */
export const VALID = '9876543210';

export const loginEvents = {
  'phone.change': [
    { type: 'phone.change', value: '98765' },
    { type: 'phone.change', value: VALID },
    { type: 'phone.change', value: '1234567890' }, // 10 digits, not a mobile number
  ],
  'terms.change': [
    { type: 'terms.change', agreed: true },
    { type: 'terms.change', agreed: false },
  ],
  'phone.submit': [{ type: 'phone.submit' }],
  'phone.edit': [{ type: 'phone.edit' }],
  'login.continue': [{ type: 'login.continue' }],
} satisfies EventFixtures<typeof loginMachine>;
