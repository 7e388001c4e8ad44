// Security headers on every response (D13: the token lives in localStorage, so a strict
// Content-Security-Policy is what keeps injected scripts from reading it), and no caching of
// what a logged-in caller is answered.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/** The policy; `scriptOrigins`: where else scripts may come from (the gateway's checkout). */
export const contentSecurityPolicy = (scriptOrigins: string[] = []) =>
  [
    "default-src 'self'",
    ["script-src 'self'", ...scriptOrigins].join(' '),
    // Mantine injects <style> elements at runtime.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/** `policy` with `sources` (e.g. an inline script's `'sha256-…'`) also allowed to run scripts. */
export const withScriptSources = (policy: string, sources: readonly string[]) =>
  sources.length === 0
    ? policy
    : policy.replace(/(^|; )script-src ([^;]*)/, (_all, lead: string, list: string) =>
        [`${lead}script-src`, list, ...sources].join(' '),
      );

export function installSecurityHeaders(
  app: FastifyInstance,
  config: Pick<Config, 'publicOrigin' | 'cashfree'>,
): void {
  const https = config.publicOrigin.startsWith('https://');
  // D120: the checkout script is the gateway's (or the sandbox server's), on its own origin.
  const scriptOrigin = new URL(config.cashfree.checkoutScriptUrl).origin;
  const policy = contentSecurityPolicy(
    scriptOrigin === new URL(config.publicOrigin).origin ? [] : [scriptOrigin],
  );
  const headers: Record<string, string> = {
    'content-security-policy': policy,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
  // Callback hooks, not async ones: every request runs them (issue 11).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // Issue 9.8: an answer to a logged-in caller (user/me carries the PAN) is never kept by a
  // browser or a proxy cache.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.headers.authorization !== undefined) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
