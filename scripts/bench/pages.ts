// Pages as a phone meets them: Lighthouse 12 (mobile, simulated throttling) scores and LCP,
// and the bytes a first visit transfers, for the app's routes and the React hello world built
// and served the same way. Chromium is Debian's; a route that needs a logged-in student gets
// its browser storage set first (same profile, storage kept).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { chromiumArgs, findChromium } from '../chromium';
import { freePort } from '../lib/ports';

export interface PageFigures {
  score: number;
  fcpMs: number;
  lcpMs: number;
  bytes: number;
}

// The HTTP/2 front's certificate is a throwaway self-signed one (h2.ts).
const benchArgs = [...chromiumArgs, '--ignore-certificate-errors'];

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

/** Lighthouse `runs` times (median), then the bytes of one cold load. */
export async function measurePage(
  url: string,
  options: { runs: number; storage?: Record<string, string> },
): Promise<PageFigures> {
  const port = await freePort();
  // One profile for the storage and Lighthouse: Lighthouse opens its tab in the browser's
  // default context, which a plain launch's newContext() is not (the review then measured the
  // login it was sent to, without the student's token).
  const profile = mkdtempSync(join(tmpdir(), 'tp-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: findChromium(),
    args: [...benchArgs, `--remote-debugging-port=${port}`],
    ignoreHTTPSErrors: true,
  });
  try {
    if (options.storage) {
      const page = await context.newPage();
      await page.goto(new URL('/page-not-found', url).toString());
      await page.evaluate((entries) => {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      }, options.storage);
      await page.close();
    }
    const scores: number[] = [];
    const fcps: number[] = [];
    const lcps: number[] = [];
    for (let run = 0; run < options.runs; run += 1) {
      const result = await lighthouse(
        url,
        { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
        {
          extends: 'lighthouse:default',
          settings: {
            formFactor: 'mobile',
            throttlingMethod: 'simulate',
            // Keep the logged-in student's storage between runs.
            disableStorageReset: Boolean(options.storage),
          },
        },
      );
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
      // A page that sends the visitor elsewhere (no session: the login) is not the page asked for.
      const ended = new URL(lhr.finalDisplayedUrl).pathname;
      if (ended !== new URL(url).pathname) throw new Error(`${url} ended on ${ended}`);
      scores.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
      fcps.push(lhr.audits['first-contentful-paint']?.numericValue ?? NaN);
      lcps.push(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN);
    }
    // Bytes: a cold load in a fresh browser, every response's transfer size.
    const browser = await chromium.launch({ executablePath: findChromium(), args: benchArgs });
    const fresh = await browser.newContext({ ignoreHTTPSErrors: true });
    if (options.storage) {
      await fresh.addInitScript((entries) => {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      }, options.storage);
    }
    const page = await fresh.newPage();
    let bytes = 0;
    page.on('requestfinished', async (request) => {
      const sizes = await request.sizes().catch(() => null);
      if (sizes) bytes += sizes.responseBodySize + sizes.responseHeadersSize;
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    await browser.close();
    return { score: median(scores), fcpMs: median(fcps), lcpMs: median(lcps), bytes };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
