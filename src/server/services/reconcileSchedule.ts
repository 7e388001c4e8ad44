// D111: when the reconcile job re-reads an open order. Most payments finish within minutes of
// the checkout opening, so the first look comes soon after and then less often, until the
// gateway order has expired and can no longer be paid.
export interface ReconcileTiming {
  /** The first re-read, this long after the order was created. */
  firstCheckMs: number;
  /** The gateway ends an unpaid checkout this long after creation (order_expiry_time). */
  orderExpiryMs: number;
}

export const DEFAULT_RECONCILE_TIMING: ReconcileTiming = {
  firstCheckMs: 2 * 60 * 1000,
  orderExpiryMs: 30 * 60 * 1000,
};

/** The next re-read of an order created at `createdAt`, looked at `now`. */
export function nextCheckAfter(timing: ReconcileTiming, createdAt: Date, now: Date): Date {
  const age = now.getTime() - createdAt.getTime();
  if (age < timing.firstCheckMs) return new Date(createdAt.getTime() + timing.firstCheckMs);
  // Then every first-check interval while young, every quarter of the validity afterwards.
  const step = age < timing.orderExpiryMs / 3 ? timing.firstCheckMs : timing.orderExpiryMs / 4;
  return new Date(now.getTime() + Math.max(1000, step));
}
