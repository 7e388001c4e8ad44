// What the server tells the built app at run time (D120), so one build serves local runs (the
// sandbox server's origin), e2e and production (Cashfree's): meta tags the server writes into
// index.html. Absent (unit tests, a static host), the build-time defaults apply.

/** The content of `<meta name="tp-...">`, or undefined. */
export function runtimeValue(name: 'checkout-script' | 'checkout-mode' | 'onboarding-origin') {
  if (typeof document === 'undefined') return undefined;
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="tp-${name}"]`);
  return meta?.content || undefined;
}

/** D15: a gateway origin the browser may go to: HTTPS, or plain HTTP on this machine only. */
export function isGatewayProtocol(url: URL): boolean {
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/.test(url.hostname);
}
