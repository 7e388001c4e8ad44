// The analytics adapter (spec §1, D22): the four named events go through here, and nothing
// else does.
//
// - It never blocks or breaks a flow: `track` returns at once; the adapter runs on a later
//   task, and whatever it throws or rejects with is swallowed.
// - It sends no PAN, phone or amount: only the event name and a few labels pass, and a label
//   whose name or value looks like a PAN, a phone number, an amount or any other number is
//   dropped.
// - The default adapter only logs, and only in development; production sends nothing until a
//   real adapter is installed with `analytics.setAdapter(...)`.
import { ANALYTICS_EVENTS, type AnalyticsEvent } from '../domain/constants';

/** Labels that may go with an event: short words, e.g. { flow: 'StaticLinkFlow', method: 'upi' }. */
export type AnalyticsProperties = Readonly<Record<string, string | boolean>>;

export interface AnalyticsAdapter {
  send(event: AnalyticsEvent, properties: AnalyticsProperties): void | Promise<void>;
}

const EVENT_NAMES: ReadonlySet<string> = new Set(Object.values(ANALYTICS_EVENTS));

/** Label names that could carry personal or money data. */
const SENSITIVE_NAME =
  /pan|phone|mobile|amount|total|fee|charge|price|rupee|paise|account|ifsc|aadhaar|otp|token|name|email/i;
/** Values that look like a PAN, a phone or an amount: any digit, or a PAN-shaped word. */
const SENSITIVE_VALUE = /\d|[A-Z]{5}[0-9]{4}[A-Z]|₹/i;
const MAX_VALUE_LENGTH = 40;

/** Keeps only labels that cannot carry a PAN, phone or amount (D22). */
export function safeProperties(properties: unknown): AnalyticsProperties {
  if (typeof properties !== 'object' || properties === null) return {};
  const out: Record<string, string | boolean> = {};
  for (const [key, value] of Object.entries(properties)) {
    if (SENSITIVE_NAME.test(key)) continue;
    if (typeof value === 'boolean') out[key] = value;
    else if (
      typeof value === 'string' &&
      value.length <= MAX_VALUE_LENGTH &&
      !SENSITIVE_VALUE.test(value)
    ) {
      out[key] = value;
    }
  }
  return out;
}

/** Development: a console line; production: nothing. */
export const defaultAdapter: AnalyticsAdapter = {
  send(event, properties) {
    if (import.meta.env.DEV && import.meta.env.MODE !== 'test') {
      console.info('[analytics]', event, properties);
    }
  },
};

let adapter: AnalyticsAdapter = defaultAdapter;

export const analytics = {
  /** Fire and forget: returns at once, never throws. Unknown event names are ignored. */
  track(event: AnalyticsEvent, properties?: AnalyticsProperties): void {
    try {
      if (!EVENT_NAMES.has(event)) return;
      const safe = safeProperties(properties);
      const current = adapter;
      setTimeout(() => {
        try {
          const sent = current.send(event, safe);
          if (sent && typeof sent.then === 'function') sent.then(undefined, () => {});
        } catch {
          // D22: analytics never breaks a flow.
        }
      }, 0);
    } catch {
      // e.g. no timers: still nothing to break.
    }
  },
  /** Installs the real adapter (or a test's); `null` restores the default. */
  setAdapter(next: AnalyticsAdapter | null): void {
    adapter = next ?? defaultAdapter;
  },
};

/** The machines' `track` action: `track: trackAction`. */
export function trackAction(_: unknown, params: { event: AnalyticsEvent }): void {
  analytics.track(params.event);
}
