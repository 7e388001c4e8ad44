// Serves the built SPA (dist/) when it exists: hashed assets cached forever, index.html
// revalidated, and index.html for client routes such as /student/login. index.html carries
// the run-time settings the browser needs (D120: where the gateway's checkout script and KYC
// pages are), written in once at start, so one build serves every environment.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { LOCALES, isLocale, localeTag, type Locale } from '../../domain/locale';
import { requestLocale } from './language';
import { withScriptSources } from './security';

export interface Spa {
  /**
   * index.html for the client route at `path`, naming that route's first-paint files in the
   * reader's language.
   */
  sendIndex(request: FastifyRequest, reply: FastifyReply, path: string): FastifyReply;
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

/**
 * D165: the files a route's first paint needs beyond the entry (dist/.vite/routes.json, written
 * by the build), as tags before </head>: the browser fetches them beside the entry instead of
 * after the entry has run and asked for them. Scripts are modulepreloads (run when imported);
 * stylesheets are links, which the entry's loader then finds in place.
 */
export function withPreloads(html: string, files: readonly string[]): string {
  const tags = files
    .map((file) =>
      file.endsWith('.css')
        ? `<link rel="stylesheet" crossorigin href="/${escapeAttribute(file)}">`
        : `<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}">`,
    )
    .join('');
  return html.replace('</head>', `${tags}</head>`);
}

/**
 * The route pattern ('/:username/pricing') that `path` is a page of, as the router picks it:
 * a fixed segment outranks a parameter, so /tutors is the list, not a tutor named 'tutors'.
 */
export function matchRoute(patterns: readonly string[], path: string): string | undefined {
  const segments = path.split('/').filter(Boolean);
  let best: { pattern: string; fixed: number } | undefined;
  for (const pattern of patterns) {
    const parts = pattern.split('/').filter(Boolean);
    if (parts.length !== segments.length) continue;
    let fixed = 0;
    const fits = parts.every((part, i) => {
      if (part.startsWith(':')) return true;
      fixed += 1;
      return part === segments[i];
    });
    if (fits && (!best || fixed > best.fixed)) best = { pattern, fixed };
  }
  return best?.pattern;
}

type Preloads = Record<string, Record<Locale, string[]>>;
/** D189: route → language → the markup of its first paint (scripts/prerender.ts). */
type Prerendered = Record<string, Partial<Record<Locale, string>>>;

/** A file the build wrote for the server (dist/.vite/), or undefined without it. */
function readBuiltText(distDir: string, name: string): string | undefined {
  const file = join(distDir, '.vite', name);
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

function readBuilt<T>(distDir: string, name: string): T | Record<string, never> {
  const text = readBuiltText(distDir, name);
  return text === undefined ? {} : (JSON.parse(text) as T);
}

/**
 * D204: index.html with the theme's CSS variables (the `<style>` scripts/prerender.ts made)
 * after its stylesheets, which hold Mantine's own, so the theme's win.
 */
export function withThemeVariables(html: string, style: string | undefined): string {
  return style ? html.replace('</head>', () => `${style}</head>`) : html;
}

/**
 * D189: index.html with the route's first paint already in #root, so the screen shows once the
 * HTML and its CSS are in; the app hydrates it (src/ui/app/main.tsx).
 */
export function withFirstPaint(html: string, markup: string | undefined): string {
  if (!markup) return html;
  return withScriptsAfterStyles(
    html.replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`),
  );
}

/**
 * A prerendered page paints once its stylesheets are in; its scripts only take the painted
 * screen over. They are fetched at low priority (`fetchpriority`), so on a phone's few
 * connections the stylesheets go first instead of queueing behind 100 KB of script (D197; D222:
 * it still pays with React, docs/benchmarks.md).
 */
function withScriptsAfterStyles(html: string): string {
  return html
    .replace(/<script type="module"/g, '<script type="module" fetchpriority="low"')
    .replace(/<link rel="modulepreload"/g, '<link rel="modulepreload" fetchpriority="low"');
}

/**
 * The language the page will most likely render in (D166): the one it last rendered in on this
 * browser (the `language` cookie the app sets), else the browser's first one we speak, as the
 * app itself decides. A wrong guess costs a small catalog fetched for nothing.
 */
export function pageLocale(request: FastifyRequest): Locale {
  const saved = /(?:^|;\s*)language=([a-z]+)/.exec(request.headers.cookie ?? '')?.[1];
  return isLocale(saved) ? saved : requestLocale(request);
}

/** index.html marked with the page's language (screen readers before the app has run). */
export function withLanguage(html: string, locale: Locale): string {
  return html.replace(/<html(?: lang="[^"]*")?/, `<html lang="${localeTag(locale)}"`);
}

/**
 * D216: the CSP sources of index.html's inline scripts (its early-input script), each by its
 * hash, so the page may run them and nothing else inline.
 */
export function inlineScriptSources(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, code]) => `'sha256-${createHash('sha256').update(code!).digest('base64')}'`,
  );
}

/** A page as sent: plain, and compressed once for browsers that accept it (issue 11). */
interface Page {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

const ENCODINGS: ('br' | 'gzip')[] = ['br', 'gzip'];

function compressed(html: string): Page {
  return {
    html,
    br: brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }),
    gzip: gzipSync(html, { level: 9 }),
  };
}

export async function registerSpa(
  app: FastifyInstance,
  distDir: string,
  runtime: SpaRuntime,
): Promise<Spa | null> {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) return null;
  const index = withThemeVariables(
    withRuntime(readFileSync(indexFile, 'utf8'), runtime),
    readBuiltText(distDir, 'theme-variables.html'),
  );
  const scriptSources = inlineScriptSources(index);
  const preloads = readBuilt<Preloads>(distDir, 'routes.json');
  const prerendered = readBuilt<Prerendered>(distDir, 'prerender.json');
  const routes = Object.keys(preloads).filter((route) => route !== '*');
  // Every route in every language, made and compressed once.
  const pages = new Map(
    Object.entries(preloads).flatMap(([route, files]) =>
      LOCALES.map((locale) => [
        `${locale} ${route}`,
        compressed(
          withFirstPaint(
            withPreloads(withLanguage(index, locale), files[locale] ?? []),
            prerendered[route]?.[locale],
          ),
        ),
      ]),
    ),
  );
  const unrouted = new Map(
    LOCALES.map((locale) => [locale, compressed(withLanguage(index, locale))]),
  );
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
  const sendIndex = (request: FastifyRequest, reply: FastifyReply, path: string) => {
    const locale = pageLocale(request);
    const route = matchRoute(routes, path) ?? '*';
    const page = pages.get(`${locale} ${route}`) ?? unrouted.get(locale)!;
    // As @fastify/static picks an asset's encoding: brotli, then gzip, by the header's q values.
    const encoding = negotiate(request.headers['accept-encoding'] ?? '', ENCODINGS);
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string') {
      reply.header('content-security-policy', withScriptSources(policy, scriptSources));
    }
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding, accept-language, cookie')
      .type('text/html; charset=utf-8');
    if (!encoding) return reply.send(page.html);
    return reply.header('content-encoding', encoding).send(page[encoding]);
  };
  app.get('/', async (request, reply) => sendIndex(request, reply, '/'));
  return { sendIndex };
}
