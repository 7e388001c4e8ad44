// Where the browser may go to verify Aadhaar (gateway-contract.md "Merchant onboarding", D15):
// the gateway's onboarding link is followed only when it is on the configured onboarding
// origin. Allowed are
// - this page's own origin under /sandbox/cashfree/ (the local gateway sandbox's KYC page), and
// - the origin in VITE_ONBOARDING_ORIGIN, HTTPS only (the real gateway's, set at build time).
// Anything else (another origin, plain http elsewhere, javascript:, data:...) is refused.

const SANDBOX_PATH = '/sandbox/cashfree/';

export const onboardingOrigin: string | undefined = import.meta.env.VITE_ONBOARDING_ORIGIN;

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
  pageHref: string = window.location.href,
  configured: string | undefined = onboardingOrigin,
): boolean {
  const page = parse(pageHref);
  // Absolute links only: the server sends the gateway's full URL.
  const url = parse(link);
  if (!page || !url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return false;
  if (url.origin === page.origin && url.pathname.startsWith(SANDBOX_PATH)) return true;
  const gateway = configured ? parse(configured) : null;
  return (
    gateway?.protocol === 'https:' && url.protocol === 'https:' && url.origin === gateway.origin
  );
}

/** Sends this tab to the gateway's onboarding page (checked with isAllowedOnboardingLink first). */
export function goToOnboarding(link: string): void {
  window.location.assign(link);
}
