// The checkout SDK loader (gateway-contract.md "Browser checkout", D15): one script from the
// configured URL, loaded once, a clear failure on a slow network.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CheckoutError,
  DEFAULT_SDK_URL,
  checkoutConfig,
  loadCheckout,
  openCheckout,
  resetCheckoutLoader,
  resolveSdkUrl,
  type CheckoutConfig,
  type CheckoutResult,
} from '../../src/browser/checkout';

const config = (over: Partial<CheckoutConfig> = {}): CheckoutConfig => ({
  sdkUrl: DEFAULT_SDK_URL,
  mode: 'sandbox',
  timeoutMs: 5_000,
  ...over,
});

const scripts = () => [...document.querySelectorAll<HTMLScriptElement>('script')];

/** What the sandbox's script does when it runs: defines window.Cashfree. */
function runScript(
  checkout: () => Promise<CheckoutResult> = vi.fn(async () => ({ redirect: true })),
) {
  const factory = vi.fn(() => ({ checkout }));
  window.Cashfree = factory;
  scripts().at(-1)?.dispatchEvent(new Event('load'));
  return { factory, checkout };
}

afterEach(() => {
  resetCheckoutLoader();
  delete window.Cashfree;
  for (const script of scripts()) script.remove();
  vi.useRealTimers();
});

describe('checkout loader', () => {
  it('defaults to the sandbox script in sandbox mode', () => {
    expect(checkoutConfig.sdkUrl).toBe('/sandbox/cashfree/js/v3/cashfree.js');
    expect(checkoutConfig.mode).toBe('sandbox');
  });

  it('D15: loads only from this origin, an HTTPS origin or the local sandbox server', () => {
    const page = 'http://127.0.0.1:3000/pay/review';
    expect(resolveSdkUrl(DEFAULT_SDK_URL, page)?.href).toBe(
      'http://127.0.0.1:3000/sandbox/cashfree/js/v3/cashfree.js',
    );
    expect(resolveSdkUrl('https://sdk.cashfree.com/js/v3/cashfree.js', page)?.origin).toBe(
      'https://sdk.cashfree.com',
    );
    expect(
      resolveSdkUrl('http://127.0.0.1:3100/sandbox/cashfree/js/v3/cashfree.js', page)?.origin,
    ).toBe('http://127.0.0.1:3100');
    expect(resolveSdkUrl('http://evil.example/cashfree.js', page)).toBeNull();
    expect(resolveSdkUrl('javascript:alert(1)', page)).toBeNull();
    expect(resolveSdkUrl('data:text/javascript,alert(1)', page)).toBeNull();
  });

  it('refuses a URL that is not allowed, without a script', async () => {
    await expect(
      loadCheckout(config({ sdkUrl: 'http://evil.example/x.js' })),
    ).rejects.toMatchObject({ reason: 'refused-url' });
    expect(scripts()).toHaveLength(0);
  });

  it('injects the script once and resolves to window.Cashfree({mode})', async () => {
    const first = loadCheckout(config());
    const second = loadCheckout(config());
    expect(scripts()).toHaveLength(1);
    expect(scripts()[0]?.src).toBe(`${location.origin}${DEFAULT_SDK_URL}`);
    await Promise.resolve();
    const { factory } = runScript();
    const [a, b] = await Promise.all([first, second]);
    expect(a).toBe(b);
    expect(factory).toHaveBeenCalledExactlyOnceWith({ mode: 'sandbox' });
    await loadCheckout(config());
    expect(scripts()).toHaveLength(1);
  });

  it('a script that fails to load is a CheckoutError; the next try loads again', async () => {
    const attempt = loadCheckout(config());
    await Promise.resolve();
    scripts()[0]?.dispatchEvent(new Event('error'));
    await expect(attempt).rejects.toBeInstanceOf(CheckoutError);
    await expect(attempt).rejects.toMatchObject({ reason: 'load' });
    expect(scripts()).toHaveLength(0);
    const retry = loadCheckout(config());
    await Promise.resolve();
    expect(scripts()).toHaveLength(1);
    runScript();
    await expect(retry).resolves.toBeDefined();
  });

  it('gives up with a clear failure on a slow network', async () => {
    vi.useFakeTimers();
    const attempt = loadCheckout(config({ timeoutMs: 20_000 }));
    const settled = expect(attempt).rejects.toMatchObject({ reason: 'timeout' });
    await vi.advanceTimersByTimeAsync(20_000);
    await settled;
    expect(scripts()).toHaveLength(0);
  });

  it('a script that defines no checkout is refused', async () => {
    const attempt = loadCheckout(config());
    await Promise.resolve();
    scripts()[0]?.dispatchEvent(new Event('load'));
    await expect(attempt).rejects.toMatchObject({ reason: 'invalid' });
  });

  it('opens the checkout in this tab with the payment session id', async () => {
    const opening = openCheckout('session_1', config());
    await Promise.resolve();
    const { checkout } = runScript();
    await opening;
    expect(checkout).toHaveBeenCalledWith({
      paymentSessionId: 'session_1',
      redirectTarget: '_self',
    });
  });

  it('a checkout that answers {error} rejects', async () => {
    const opening = openCheckout('', config());
    await Promise.resolve();
    runScript(vi.fn(async () => ({ error: { message: 'paymentSessionId is required' } })));
    await expect(opening).rejects.toMatchObject({
      reason: 'checkout',
      message: 'paymentSessionId is required',
    });
  });
});
