// The personal-details form's user events as its paths send them: the path model and the
// Chromium walk of the tutor's step 1 (e2e/signup-paths.spec.ts) share them. Plain data: no
// views, so Playwright can load it.
import type { personalDetailsMachine } from '../../machines/personalDetails/personalDetails.machine';
import type { EventFixtures } from '../support/paths';

/** The valid PAN of the paths (the Chromium walk types a fresh one in its place). */
export const PAN = 'BXKPM4821Q';

export const personalDetailsEvents = {
  'details.change': [
    { type: 'details.change', field: 'firstName', value: 'Rohan' },
    { type: 'details.change', field: 'lastName', value: 'Mehta' },
    { type: 'details.change', field: 'pan', value: 'bxkpm4821q' },
    { type: 'details.change', field: 'pan', value: 'BXK' },
  ],
  'details.blur': [{ type: 'details.blur', field: 'pan' }],
  // D319: the privacy notice's box, ticked (and, on some paths, unticked again).
  'consent.toggle': [
    { type: 'consent.toggle', value: true },
    { type: 'consent.toggle', value: false },
  ],
  'details.submit': [{ type: 'details.submit' }],
} satisfies EventFixtures<typeof personalDetailsMachine>;
