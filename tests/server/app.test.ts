// The app around the API: security headers, the SPA from dist/, 404s, 500s, 501s, demo data.
import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { users } from '../../src/server/db/schema';
import { DEMO_PHONES } from '../../src/server/demo';
import type { Handlers } from '../../src/server/http/handler';
import { handlers } from '../../src/server/routes';
import { seedDemoData } from '../../src/server/seed';
import { login, testDatabases, useTestServer } from '../support/server';

// D216: index.html's one inline script (what is pressed before the app starts).
const earlyScript = 'window.tpHeldPresses = [];';
const dist = mkdtempSync(join(tmpdir(), 'tuitionpay-dist-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(
  join(dist, 'index.html'),
  `<!doctype html><html><head><title>TuitionPay</title><script>${earlyScript}</script><script type="module" crossorigin src="/assets/index-abc123.js"></script><link rel="stylesheet" crossorigin href="/assets/index-def456.css"></head><body><div id="root"></div></body></html>`,
);
const script = `console.log("${'app '.repeat(200)}")`;
writeFileSync(join(dist, 'assets', 'index-abc123.js'), script);
// What the build writes beside each asset (vite-plugin-compression2).
writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
writeFileSync(join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(script));
mkdirSync(join(dist, '.vite'));
writeFileSync(join(dist, '.vite', 'manifest.json'), '{}');
// What the build writes for the server (D165, D166): each route's first-paint files beyond the
// entry, per language (its catalogs differ); '*' for a path that is no route.
const inBoth = (files: string[]) => ({
  en: [...files, 'assets/messages-en.js'],
  hi: [...files, 'assets/messages-hi.js'],
});
writeFileSync(
  join(dist, '.vite', 'routes.json'),
  JSON.stringify({
    '*': { en: ['assets/messages-en.js'], hi: ['assets/messages-hi.js'] },
    '/static-link/:username': inBoth([
      'assets/StaticLinkPage-a1.js',
      'assets/StaticLinkPage-b2.css',
    ]),
    '/:username': inBoth(['assets/TutorProfilePage-c3.js']),
    '/:username/pricing': inBoth(['assets/PolicyPage-d4.js']),
    '/tutors': inBoth(['assets/TutorsPage-e5.js']),
  }),
);
// D189: the first paint the build prerendered, per route and language.
writeFileSync(
  join(dist, '.vite', 'prerender.json'),
  JSON.stringify({
    '/static-link/:username': {
      en: '<main><h1>Payment Amount</h1></main>',
      hi: '<main><h1>भुगतान राशि</h1></main>',
    },
  }),
);
// D204: the theme's CSS variables, as Mantine's provider writes them.
const themeStyle =
  '<style data-mantine-styles="true">:root{--mantine-color-dimmed: #5c636a;}</style>';
writeFileSync(join(dist, '.vite', 'theme-variables.html'), themeStyle);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe.each(testDatabases())('the app on $name', (database) => {
  const server = useTestServer(database, { distDir: dist });

  it('sends security headers with every response', async () => {
    for (const url of ['/api/v1/user/me/', '/student/login', '/assets/index-abc123.js']) {
      const res = await server.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      for (const directive of [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "frame-ancestors 'none'",
      ]) {
        expect(csp).toContain(directive);
      }
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it("lets index.html run its inline script, by the script's hash, and nothing else inline (D216)", async () => {
    // CSP Level 2: the base64 SHA-256 of the script's text.
    const hash = `'sha256-${createHash('sha256').update(earlyScript).digest('base64')}'`;
    const page = await server.inject({ method: 'GET', url: '/student/login' });
    expect(page.body).toContain(`<script>${earlyScript}</script>`);
    const scriptSrc = /script-src ([^;]*)/.exec(String(page.headers['content-security-policy']));
    expect(scriptSrc?.[1]?.split(' ')).toContain(hash);
    expect(scriptSrc?.[1]).not.toContain('unsafe-inline');
    const api = await server.inject({ method: 'GET', url: '/api/v1/user/me/' });
    expect(String(api.headers['content-security-policy'])).not.toContain('sha256-');
  });

  it('serves index.html, never cached, for client routes', async () => {
    for (const url of ['/', '/student/login', '/asha-verma/pricing', '/pay/review?x=1']) {
      const res = await server.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it("names a route's first-paint files in its index.html, picked as the router picks the route (D165)", async () => {
    const page = async (url: string) => (await server.inject({ method: 'GET', url })).body;
    const staticLink = await page('/static-link/asha-verma?amount=500');
    expect(staticLink).toMatch(
      /<link rel="modulepreload"[^>]* href="\/assets\/StaticLinkPage-a1\.js">/,
    );
    expect(staticLink).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/StaticLinkPage-b2.css">',
    );
    expect(staticLink).not.toContain('TutorProfilePage');
    // A fixed segment outranks a parameter: /tutors is the list, /asha-verma a tutor.
    expect(await page('/tutors')).toContain('TutorsPage-e5.js');
    expect(await page('/tutors')).not.toContain('TutorProfilePage');
    expect(await page('/asha-verma')).toContain('TutorProfilePage-c3.js');
    expect(await page('/asha-verma/pricing')).toContain('PolicyPage-d4.js');
    // A page the router does not have gets the entry's words only.
    const unknown = await page('/no/such/page/here');
    expect(unknown).toContain('<div id="root">');
    expect(unknown.match(/modulepreload/g)).toEqual(['modulepreload']);
  });

  it("sends a prerendered route with its first paint in #root, in the reader's language (D189)", async () => {
    const page = async (url: string, headers: Record<string, string> = {}) =>
      (await server.inject({ method: 'GET', url, headers })).body;
    expect(await page('/static-link/asha-verma')).toContain(
      '<div id="root"><main><h1>Payment Amount</h1></main></div>',
    );
    expect(await page('/static-link/asha-verma', { cookie: 'language=hi' })).toContain(
      '<div id="root"><main><h1>भुगतान राशि</h1></main></div>',
    );
    // A route the build did not prerender starts empty, and the app draws it.
    expect(await page('/asha-verma')).toContain('<div id="root"></div>');
  });

  it("puts the theme's CSS variables in every page's head, after its stylesheets (D204)", async () => {
    const head = async (url: string, headers: Record<string, string> = {}) =>
      (await server.inject({ method: 'GET', url, headers })).body.split('</head>')[0]!;
    // Prerendered, routed, no route at all, in either language.
    for (const [url, headers] of [
      ['/static-link/asha-verma', {}],
      ['/asha-verma', { cookie: 'language=hi' }],
      ['/no/such/page', {}],
      ['/', {}],
    ] as const) {
      const html = await head(url, headers);
      expect(html).toContain(themeStyle);
      // Mantine's own variables are in the stylesheet: the theme's must come after to win.
      expect(html.indexOf(themeStyle)).toBeGreaterThan(html.indexOf('rel="stylesheet"'));
    }
  });

  it("fetches a prerendered page's scripts after its stylesheets, at low priority (issue 11)", async () => {
    const page = async (url: string) => (await server.inject({ method: 'GET', url })).body;
    const scriptTags = (html: string) =>
      html.match(/<(script type="module"|link rel="modulepreload")[^>]*>/g) ?? [];
    const painted = scriptTags(await page('/static-link/asha-verma'));
    // The entry, the route's chunk and its language's texts.
    expect(painted).toHaveLength(3);
    for (const tag of painted) expect(tag).toContain('fetchpriority="low"');
    // A page that starts empty needs its scripts to show anything: they keep their priority.
    const empty = scriptTags(await page('/asha-verma'));
    expect(empty.length).toBeGreaterThan(1);
    for (const tag of empty) expect(tag).not.toContain('fetchpriority');
  });

  it('sends index.html compressed as the browser accepts, a prerendered one too (issue 11)', async () => {
    const get = (url: string, encoding?: string) =>
      server.inject({
        method: 'GET',
        url,
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const plain = await get('/static-link/asha-verma');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<h1>Payment Amount</h1>');
    const br = await get('/static-link/asha-verma', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get('/no/such/page', 'gzip;q=1, br;q=0');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('<div id="root"></div>');
    expect((await get('/tutors', 'identity')).headers['content-encoding']).toBeUndefined();
  });

  it("sends index.html with the words and <html lang> of the reader's likely language (D166)", async () => {
    const page = async (headers: Record<string, string>) =>
      (await server.inject({ method: 'GET', url: '/tutors', headers })).body;
    const english = await page({});
    expect(english).toContain('<html lang="en-IN">');
    expect(english).toContain('messages-en.js');
    expect(english).not.toContain('messages-hi.js');
    // A first visit: the browser's languages.
    const hindi = await page({ 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' });
    expect(hindi).toContain('<html lang="hi-IN">');
    expect(hindi).toContain('messages-hi.js');
    expect(hindi).not.toContain('messages-en.js');
    expect(hindi).toContain('TutorsPage-e5.js');
    // Later visits: the language the app last rendered in on this browser.
    const chosen = await page({ 'accept-language': 'hi-IN', cookie: 'a=1; language=en' });
    expect(chosen).toContain('<html lang="en-IN">');
    expect(chosen).toContain('messages-en.js');
    // A cookie we cannot read falls back to the browser's languages.
    expect(await page({ 'accept-language': 'hi', cookie: 'language=xx' })).toContain(
      '<html lang="hi-IN">',
    );
  });

  it('serves hashed assets as immutable, and 404s a missing one', async () => {
    const res = await server.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await server.inject({ method: 'GET', url: '/assets/gone-000.js' })).statusCode).toBe(
      404,
    );
  });

  it('sends the precompressed asset the browser accepts, brotli first (issue 11)', async () => {
    const url = '/assets/index-abc123.js';
    const br = await server.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 5);
    const gz = await server.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await server.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('writes where the gateway pages are into index.html, for one build everywhere (D120)', async () => {
    const res = await server.inject({ method: 'GET', url: '/pay/review' });
    expect(res.body).toContain(
      `<meta name="tp-checkout-script" content="${server.config.cashfree.checkoutScriptUrl}">`,
    );
    expect(res.body).toContain(
      `<meta name="tp-onboarding-origin" content="${server.config.onboardingOrigin}">`,
    );
    expect(res.headers['content-security-policy']).toContain(
      `script-src 'self' ${new URL(server.config.cashfree.checkoutScriptUrl).origin}`,
    );
  });

  it('404s missing files and dot paths instead of serving the app', async () => {
    for (const url of ['/favicon.png', '/.vite/manifest.json', '/tutor/.env']) {
      const res = await server.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ message: messages.notFound.body });
    }
  });

  it('does not hand index.html to API or sandbox paths', async () => {
    const api = await server.api('GET', '/api/v1/no-such-thing/');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ message: expect.any(String) });
    const sandbox = await server.inject({ method: 'GET', url: '/sandbox/nothing' });
    expect(sandbox.statusCode).toBe(404);
  });

  it('seeds demo data once', async () => {
    expect(await seedDemoData(server.db, server.clock, server.pans)).toBe(true);
    expect(await seedDemoData(server.db, server.clock, server.pans)).toBe(false);
    const rows = await server.db.select().from(users);
    expect(rows.map((u) => [u.phone, u.role, u.username])).toEqual([
      [DEMO_PHONES.onboardedTutor, 'teacher', 'asha-verma'],
      [DEMO_PHONES.pendingTutor, 'teacher', 'ravi-kumar'],
      [DEMO_PHONES.student, 'student', null],
    ]);
    expect(rows[0]?.subjects).toEqual(['Mathematics', 'Physics']);
  });
});

describe.each(testDatabases())('failures on $name', (database) => {
  const failing: Handlers = {
    ...handlers,
    getMe: () => Promise.reject(new Error('database exploded: secret detail')),
  };
  const server = useTestServer(database, { handlers: failing });

  it('turns a thrown error into 500 with the generic message and no stack', async () => {
    const { access_token: token } = await login(server, '9111111111', 'student');
    // Straight to the app: a 500 is not in the contract, on purpose.
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/v1/user/me/',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ message: messages.generic.somethingWrong });
    expect(res.body).not.toContain('secret detail');
    expect(server.logs.lines.join('\n')).toContain('database exploded');
  });
});

describe.each(testDatabases())('operations without a handler on $name', (database) => {
  const { getMe: _getMe, logout: _logout, ...fewer } = handlers;
  const server = useTestServer(database, { handlers: fewer });

  it('answer 501 {message}, whatever the token', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/user/me/'],
      ['POST', '/api/v1/auth/logout/'],
    ] as const) {
      const res = await server.api(method, url);
      expect(res.statusCode).toBe(501);
      expect(res.json()).toMatchObject({ message: 'Not implemented yet' });
    }
  });
});
