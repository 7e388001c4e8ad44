// What the server tells the built app at run time (D120), so one build serves local runs (the
// sandbox server's origin), e2e and production (Cashfree's): meta tags the server writes into
// index.html. Absent (unit tests, a static host), the build-time defaults apply.

/** The content of `<meta name="tp-...">`, or undefined. */
export function runtimeValue(
  name: 'checkout-script' | 'checkout-mode' | 'onboarding-origin' | 'support-phones',
) {
  if (typeof document === 'undefined') return undefined;
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="tp-${name}"]`);
  return meta?.content || undefined;
}

/** D15: a gateway origin the browser may go to: HTTPS, or plain HTTP on this machine only. */
export function isGatewayProtocol(url: URL): boolean {
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/.test(url.hostname);
}

/** A support desk number and where tapping it goes (a call, or WhatsApp's chat). */
export interface SupportLine {
  label: string;
  number: string;
  href: string;
}

/** Issue 13: the support numbers the server is configured with (SUPPORT_PHONES); none if unset. */
export function supportLines(): SupportLine[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(runtimeValue('support-phones') ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((line: unknown) => {
    if (typeof line !== 'object' || line === null) return [];
    const { label, number } = line as Record<string, unknown>;
    if (typeof label !== 'string' || typeof number !== 'string') return [];
    const digits = number.replace(/\D/g, '');
    if (digits.length < 6) return [];
    // A number without its country code is an Indian one (toll-free 1800 numbers included).
    const international = number.trim().startsWith('+') ? digits : `91${digits}`;
    const href = /whatsapp/i.test(label)
      ? `https://wa.me/${international}`
      : `tel:+${international}`;
    return [{ label, number, href }];
  });
}
