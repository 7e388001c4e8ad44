// Serves the built SPA (dist/) when it exists: hashed assets cached forever, index.html
// revalidated, and index.html for client routes such as /student/login. index.html carries
// the run-time settings the browser needs (D120: where the gateway's checkout script and KYC
// pages are), written in once at start, so one build serves every environment.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

export interface Spa {
  sendIndex(reply: FastifyReply): FastifyReply;
}

/** What index.html tells the browser (src/browser/runtimeConfig.ts reads it). */
export interface SpaRuntime {
  checkoutScript: string;
  checkoutMode: 'sandbox' | 'production';
  onboardingOrigin: string;
  /** Issue 13: the Aadhaar step's support numbers (SUPPORT_PHONES). */
  supportPhones: { label: string; number: string }[];
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** index.html with the run-time meta tags before </head>. */
export function withRuntime(html: string, runtime: SpaRuntime): string {
  const meta = (name: string, value: string) =>
    `<meta name="tp-${name}" content="${escapeAttribute(value)}">`;
  const tags = [
    meta('checkout-script', runtime.checkoutScript),
    meta('checkout-mode', runtime.checkoutMode),
    meta('onboarding-origin', runtime.onboardingOrigin),
    meta('support-phones', JSON.stringify(runtime.supportPhones)),
  ].join('');
  return html.replace('</head>', `${tags}</head>`);
}

export async function registerSpa(
  app: FastifyInstance,
  distDir: string,
  runtime: SpaRuntime,
): Promise<Spa | null> {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) return null;
  const index = withRuntime(readFileSync(indexFile, 'utf8'), runtime);
  await app.register(fastifyStatic, {
    root: distDir,
    // index.html is always the templated one (sendIndex), never the file as built.
    index: false,
    // Issue 11: the build wrote .br and .gz beside each asset; the best one the browser accepts
    // is sent, with Vary: Accept-Encoding.
    preCompressed: true,
    serveDotFiles: false,
    // dist/.vite/manifest.json is for the budget script, not for browsers.
    allowedPath: (pathName) =>
      !pathName.split('/').some((part) => part.startsWith('.')) && pathName !== '/index.html',
    cacheControl: false,
    setHeaders(res, path) {
      // Vite fingerprints everything under assets/, so a given URL never changes.
      const immutable = /[\\/]assets[\\/]/.test(path);
      res.setHeader(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
      // The same URL is sent brotli, gzip or plain: caches must keep them apart.
      res.setHeader('vary', 'accept-encoding');
    },
  });
  const sendIndex = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(index);
  app.get('/', async (_request, reply) => sendIndex(reply));
  return { sendIndex };
}
