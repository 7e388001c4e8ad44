// The analytics adapter (spec §1, D22): the four events only, never blocking or breaking a
// flow, never a PAN, phone or amount.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  analytics,
  defaultAdapter,
  safeProperties,
  trackAction,
} from '../../src/browser/analytics';
import { ANALYTICS_EVENTS, type AnalyticsEvent } from '../../src/domain/constants';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  analytics.setAdapter(null);
  vi.restoreAllMocks();
});

describe('analytics', () => {
  it('sends each of the four events, after the flow has moved on', async () => {
    const send = vi.fn();
    analytics.setAdapter({ send });
    for (const event of Object.values(ANALYTICS_EVENTS)) analytics.track(event);
    expect(send).not.toHaveBeenCalled(); // never on the flow's own time
    await tick();
    expect(send.mock.calls.map(([event]) => event)).toEqual([
      'Clicked to open onboarding',
      'Logged In',
      'Clicked Proceed',
      'Entered Amount To Pay',
    ]);
  });

  it('ignores any other event name', async () => {
    const send = vi.fn();
    analytics.setAdapter({ send });
    analytics.track('Card Number Typed' as AnalyticsEvent);
    await tick();
    expect(send).not.toHaveBeenCalled();
  });

  it('an adapter that throws or rejects breaks nothing', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    analytics.setAdapter({
      send: () => {
        throw new Error('blocked by an ad blocker');
      },
    });
    expect(() => analytics.track(ANALYTICS_EVENTS.clickedProceed)).not.toThrow();
    analytics.setAdapter({ send: () => Promise.reject(new Error('offline')) });
    expect(() => trackAction(null, { event: ANALYTICS_EVENTS.enteredAmount })).not.toThrow();
    await tick();
    await tick();
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });

  it('sends no PAN, phone or amount (D22)', async () => {
    const send = vi.fn();
    analytics.setAdapter({ send });
    analytics.track(ANALYTICS_EVENTS.clickedProceed, {
      method: 'upi',
      flow: 'StaticLinkFlow',
      phone: '9876543210',
      pan: 'ABCPV1234K',
      amount: '5000',
      note: 'ABCPV1234K',
      other: '9876543210',
      booked: true,
    });
    await tick();
    expect(send).toHaveBeenCalledWith(ANALYTICS_EVENTS.clickedProceed, {
      method: 'upi',
      flow: 'StaticLinkFlow',
      booked: true,
    });
    expect(safeProperties({ totalAmount: 'high', tutorName: 'Asha', price: 'x' })).toEqual({});
    expect(safeProperties(null)).toEqual({});
  });

  it('the default adapter logs only in development, not in tests or production', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    defaultAdapter.send(ANALYTICS_EVENTS.loggedIn, {});
    analytics.track(ANALYTICS_EVENTS.loggedIn);
    await tick();
    expect(info).not.toHaveBeenCalled();
  });
});
