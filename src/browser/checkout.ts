// The gateway's checkout SDK loader (gateway-contract.md "Browser checkout", spec §4
// "Payment", D15).
//
// - The script comes from one configured URL only: the server's (D120: a meta tag of
//   index.html: the sandbox server's stand-in locally, https://sdk.cashfree.com/js/v3/cashfree.js
//   in production), else VITE_CASHFREE_SDK_URL, else DEFAULT_SDK_URL. D15: it must be this
//   page's origin, HTTPS, or plain HTTP on this machine (the local sandbox); anything else is
//   refused without a request.
// - It is loaded once per page (a second call shares the first load) and resolves to
//   `window.Cashfree({mode})`. A failed or timed-out load is forgotten, so a retry loads again.
// - On a slow network the load gives up after a timeout with a clear CheckoutError instead of
//   leaving the student on a spinner.
// - `openCheckout(paymentSessionId)` opens the hosted checkout in this tab (redirectTarget
//   '_self'); the SDK answers {redirect: true} as the tab leaves, or {error}.

import { isGatewayProtocol, runtimeValue } from './runtimeConfig';

export type CheckoutMode = 'sandbox' | 'production';

export interface CheckoutResult {
  error?: { message?: string } | null;
  redirect?: boolean;
}

export interface CashfreeCheckout {
  checkout(options: {
    paymentSessionId: string;
    redirectTarget?: '_self' | '_blank' | '_top';
  }): Promise<CheckoutResult>;
  /** Issue 49: the hosted mandate page of a subscription session (UPI Autopay). */
  subscriptionsCheckout?(options: {
    subsSessionId: string;
    redirectTarget?: '_self' | '_blank' | '_top';
  }): Promise<CheckoutResult>;
}

export type CashfreeFactory = (options: { mode: CheckoutMode }) => CashfreeCheckout;

declare global {
  interface Window {
    Cashfree?: CashfreeFactory;
  }
}

export interface CheckoutConfig {
  sdkUrl: string;
  mode: CheckoutMode;
  /** How long the script may take to load before we give up. */
  timeoutMs: number;
}

export const DEFAULT_SDK_URL = '/sandbox/cashfree/js/v3/cashfree.js';
export const DEFAULT_LOAD_TIMEOUT_MS = 20_000;

const configuredMode = runtimeValue('checkout-mode') ?? import.meta.env.VITE_CASHFREE_MODE;

export const checkoutConfig: CheckoutConfig = {
  sdkUrl:
    runtimeValue('checkout-script') || import.meta.env.VITE_CASHFREE_SDK_URL || DEFAULT_SDK_URL,
  mode: configuredMode === 'production' ? 'production' : 'sandbox',
  timeoutMs: DEFAULT_LOAD_TIMEOUT_MS,
};

export type CheckoutFailure = 'refused-url' | 'load' | 'timeout' | 'invalid' | 'checkout';

export class CheckoutError extends Error {
  constructor(
    readonly reason: CheckoutFailure,
    message: string,
  ) {
    super(message);
    this.name = 'CheckoutError';
  }
}

/**
 * D15: the configured URL resolved against the page, when it may be loaded: this page's
 * origin, or any HTTPS origin that was configured. Null otherwise (http elsewhere, data:,
 * javascript:...).
 */
export function resolveSdkUrl(configured: string, pageHref: string): URL | null {
  let url: URL;
  let page: URL;
  try {
    page = new URL(pageHref);
    url = new URL(configured, page);
  } catch {
    return null;
  }
  if (url.origin === page.origin && (url.protocol === 'http:' || url.protocol === 'https:')) {
    return url;
  }
  return isGatewayProtocol(url) ? url : null;
}

const SCRIPT_MARK = 'data-checkout-sdk';

let loading: Promise<CashfreeCheckout> | null = null;

/** Forgets the loaded SDK (tests; a new configuration). */
export function resetCheckoutLoader(): void {
  loading = null;
}

function instantiate(mode: CheckoutMode): CashfreeCheckout {
  const factory = window.Cashfree;
  if (typeof factory !== 'function') {
    throw new CheckoutError('invalid', 'The checkout script did not define the checkout.');
  }
  return factory({ mode });
}

function inject(url: URL, config: CheckoutConfig): Promise<CashfreeCheckout> {
  return new Promise<CashfreeCheckout>((resolve, reject) => {
    const script = document.createElement('script');
    let settled = false;
    const finish = (outcome: () => CashfreeCheckout, ok: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      script.onload = null;
      script.onerror = null;
      if (!ok) script.remove(); // a late arrival must not define anything afterwards
      try {
        resolve(outcome());
      } catch (error) {
        reject(error);
      }
    };
    const fail = (reason: CheckoutFailure, message: string) =>
      finish(() => {
        throw new CheckoutError(reason, message);
      }, false);
    const timer = setTimeout(
      () => fail('timeout', `The checkout did not load within ${config.timeoutMs} ms.`),
      config.timeoutMs,
    );
    script.src = url.href;
    script.async = true;
    script.setAttribute(SCRIPT_MARK, '');
    script.onload = () => finish(() => instantiate(config.mode), true);
    script.onerror = () => fail('load', 'The checkout script could not be loaded.');
    document.head.appendChild(script);
  });
}

/** The SDK, loaded once from the configured URL. Rejects with a CheckoutError. */
export function loadCheckout(config: CheckoutConfig = checkoutConfig): Promise<CashfreeCheckout> {
  if (loading) return loading;
  const attempt = (async () => {
    const url = resolveSdkUrl(config.sdkUrl, window.location.href);
    if (!url) {
      throw new CheckoutError('refused-url', 'The checkout address is not allowed.');
    }
    // Already on the page (loaded earlier by us): no second script.
    if (typeof window.Cashfree === 'function' && document.querySelector(`script[${SCRIPT_MARK}]`)) {
      return instantiate(config.mode);
    }
    return inject(url, config);
  })();
  loading = attempt;
  attempt.catch(() => {
    if (loading === attempt) loading = null;
  });
  return attempt;
}

/** Opens the hosted checkout for the session in this tab. Rejects with a CheckoutError. */
export async function openCheckout(
  paymentSessionId: string,
  config: CheckoutConfig = checkoutConfig,
): Promise<void> {
  const cashfree = await loadCheckout(config);
  const result = await cashfree.checkout({ paymentSessionId, redirectTarget: '_self' });
  if (result?.error) {
    throw new CheckoutError('checkout', result.error.message ?? 'The checkout refused to open.');
  }
}

/**
 * Issue 49: opens the gateway's hosted mandate page for a subscription session in this tab
 * (Cashfree's JS SDK v3 subscriptionsCheckout). Rejects with a CheckoutError.
 */
export async function openMandateCheckout(
  subsSessionId: string,
  config: CheckoutConfig = checkoutConfig,
): Promise<void> {
  const cashfree = await loadCheckout(config);
  if (typeof cashfree.subscriptionsCheckout !== 'function') {
    throw new CheckoutError('invalid', 'The checkout script cannot open a mandate.');
  }
  const result = await cashfree.subscriptionsCheckout({ subsSessionId, redirectTarget: '_self' });
  if (result?.error) {
    throw new CheckoutError(
      'checkout',
      result.error.message ?? 'The mandate page refused to open.',
    );
  }
}
