// Where the browser may go to verify Aadhaar (gateway-contract.md "Merchant onboarding", D15):
// the gateway's onboarding link is followed only when it is on the configured onboarding
// origin: the server's (D120: a meta tag of index.html: the sandbox server's origin locally,
// Cashfree's in production), else VITE_ONBOARDING_ORIGIN; HTTPS, or plain HTTP on this machine
// only. Anything else (another origin, plain http elsewhere, javascript:, data:...) is refused.
import { isGatewayProtocol, runtimeValue } from './runtimeConfig';

export const onboardingOrigin: string | undefined =
  runtimeValue('onboarding-origin') ?? import.meta.env.VITE_ONBOARDING_ORIGIN;

function parse(href: string, base?: string): URL | null {
  try {
    return new URL(href, base);
  } catch {
    return null;
  }
}

/** D15: may the browser be sent to `link`? */
export function isAllowedOnboardingLink(
  link: string,
  configured: string | undefined = onboardingOrigin,
): boolean {
  // Absolute links only: the server sends the gateway's full URL.
  const url = parse(link);
  const gateway = configured ? parse(configured) : null;
  if (!url || !gateway || !isGatewayProtocol(url) || !isGatewayProtocol(gateway)) return false;
  return url.origin === gateway.origin;
}

/** Sends this tab to the gateway's onboarding page (checked with isAllowedOnboardingLink first). */
export function goToOnboarding(link: string): void {
  window.location.assign(link);
}
