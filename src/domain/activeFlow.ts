// The active flow rule of spec §4 and the redirect-target rule of D15.

export const ACTIVE_FLOWS = [
  'payTuitionFeesFlow',
  'DynamicLinkFlow',
  'StaticLinkFlow',
  'defaultFlow',
] as const;
export type ActiveFlow = (typeof ACTIVE_FLOWS)[number];

/** Spec §4: the flow follows from the path; anything unrecognised is the default flow. */
export function flowFromPath(pathname: string): ActiveFlow {
  if (pathname.includes('pay-tuition-fees')) return 'payTuitionFeesFlow';
  if (pathname.includes('payment-link')) return 'DynamicLinkFlow';
  if (pathname.includes('static-link')) return 'StaticLinkFlow';
  return 'defaultFlow';
}

/**
 * D15: a stored flow URL is followed only when it is a same-origin path: it starts with one
 * '/', not '//' or '/\' (which browsers treat as another host), and has no scheme or control
 * characters.
 */
export function isSameOriginPath(target: string): boolean {
  if (!target.startsWith('/')) return false;
  if (target.startsWith('//') || target.startsWith('/\\')) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(target)) return false;
  return !target.includes('\\');
}
