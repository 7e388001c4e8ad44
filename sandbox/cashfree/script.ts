// The browser SDK's stand-in (gateway-contract.md, "Browser checkout"), served at
//   GET /sandbox/cashfree/js/v3/cashfree.js   (application/javascript)
// It defines window.Cashfree({mode}) with checkout({paymentSessionId, redirectTarget}), the
// real SDK's shape: it sends the tab to this sandbox's checkout page for the session and
// resolves {redirect: true}, or {error: {message}} without a session id; and, for UPI Autopay
// (issue 49), subscriptionsCheckout({subsSessionId, redirectTarget}) to the mandate page. Because
// @cashfreepayments/cashfree-js injects nothing when window.Cashfree exists, loading this
// script first replaces the real SDK. The checkout URL is resolved against the script's own
// URL, so it works under any origin or prefix.
import type { FastifyInstance } from 'fastify';

export const SCRIPT_PATH = '/js/v3/cashfree.js';

export const BROWSER_SCRIPT = `/* Cashfree sandbox: a local stand-in for https://sdk.cashfree.com/js/v3/cashfree.js */
(function () {
  'use strict';
  var current = document.currentScript;
  var src = current && current.src ? current.src : location.origin + '/sandbox/cashfree${SCRIPT_PATH}';
  var base = new URL('../../checkout/', src);
  var mandates = new URL('../../subscriptions/checkout/', src);
  function go(url, target) {
    if (target === '_blank') window.open(url, '_blank', 'noopener');
    else if (target === '_top' && window.top) window.top.location.assign(url);
    else window.location.assign(url);
  }
  function Cashfree(options) {
    var mode = options && options.mode;
    if (mode !== 'sandbox' && mode !== 'production') {
      throw new Error('Cashfree: mode must be "sandbox" or "production"');
    }
    return {
      version: function () { return 'sandbox-v3'; },
      checkout: function (checkoutOptions) {
        var opts = checkoutOptions || {};
        var session = opts.paymentSessionId;
        if (typeof session !== 'string' || session === '') {
          return Promise.resolve({ error: { message: 'paymentSessionId is required', code: 'payment_session_id_missing', type: 'invalid_request_error' } });
        }
        go(new URL(encodeURIComponent(session), base).toString(), opts.redirectTarget);
        return Promise.resolve({ redirect: true });
      },
      subscriptionsCheckout: function (checkoutOptions) {
        var opts = checkoutOptions || {};
        var session = opts.subsSessionId;
        if (typeof session !== 'string' || session === '') {
          return Promise.resolve({ error: { message: 'subsSessionId is required', code: 'subs_session_id_missing', type: 'invalid_request_error' } });
        }
        go(new URL(encodeURIComponent(session), mandates).toString(), opts.redirectTarget);
        return Promise.resolve({ redirect: true });
      }
    };
  }
  window.Cashfree = Cashfree;
})();
`;

export async function scriptRoutes(app: FastifyInstance) {
  app.get(SCRIPT_PATH, async (_request, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(BROWSER_SCRIPT),
  );
}
