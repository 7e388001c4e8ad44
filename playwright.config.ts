import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, findChromium } from './scripts/chromium';

import {
  APP_PORT,
  APP_URL,
  SANDBOX_PORT,
  SANDBOX_URL,
  TEST_CLOCK_FILE,
} from './e2e/support/origins';

const baseURL = APP_URL;
const launchOptions = { executablePath: findChromium(), args: chromiumArgs };

// Every journey runs at a phone's viewport, and those whose screens differ at a desk also at a
// desktop's (D187), against the real server with its in-memory database and sandbox gateway.
export default defineConfig({
  testDir: 'e2e',
  // Logs the onboarded demo tutor in once per run (OTPs are rate-limited per phone, D12).
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  // One worker on CI's two cores: a second Chromium beside the server doubled each journey's time
  // (the tutor dashboard's axe tour 33 s -> 66 s), past its timeout, and took no time off the run.
  workers: process.env.CI ? 1 : undefined,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // D196: on CI, recorded for a journey's retry only: recording every journey cost about 13%
    // of the suite's time, and a failure there is retried once, with its trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'phone',
      use: { ...devices['Pixel 5'], launchOptions },
    },
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
      // Payers' journeys and the generated paths: the same screens in one column, which the
      // phone run covers. The desktop run keeps the dashboards, the tutor's onboarding, both pay
      // journeys (the paying-to panel beside the form), the profile and every axe check.
      testIgnore: [
        'amount-validation.spec.ts',
        // Issue 49: the parents' screens are one column; the tutor's list is cards either way.
        'autopay.spec.ts',
        'first-paint.spec.ts',
        'hindi.spec.ts',
        'login-paths.spec.ts',
        'pay-by-phone.spec.ts',
        'payment-link-ends.spec.ts',
        'payment-paths.spec.ts',
        // Issue 50: one journey, screenshots at both widths and axe inside it.
        'payouts-gst.spec.ts',
        'resilience.spec.ts',
        'signup-paths.spec.ts',
        'student-login.spec.ts',
      ],
    },
  ],
  // The sandbox server (D120: Cashfree, MSG91, the dev outbox) and the app, as `npm start` runs
  // them, each on its own port, the app on its in-memory database.
  webServer: [
    {
      command: 'npx tsx sandbox/main.ts',
      url: `${SANDBOX_URL}/healthz`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
      env: {
        SANDBOX_PORT: String(SANDBOX_PORT),
        SANDBOX_APP_ORIGIN: baseURL,
        LOG_LEVEL: 'warn',
        // A submitted Aadhaar KYC is approved at once, so a new tutor can be paid.
        SANDBOX_KYC_REVIEW_MS: '0',
        // D254: the app's moved clock (the Autopay journey moves it days ahead).
        TEST_CLOCK_FILE,
        SANDBOX_SETTLE_EVERY_MS: '0',
      },
    },
    {
      // The web server as it ships (D217). `npm test` builds before e2e; a lone `npx playwright
      // test` builds when the build is missing.
      command:
        '{ test -f dist/index.html && test -f dist-server/main.js; } || npm run build; exec node dist-server/main.js',
      // Ready when the API answers (401 without a token).
      url: `${baseURL}/api/v1/user/me/`,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
      env: {
        NODE_ENV: 'test',
        PORT: String(APP_PORT),
        HOST: '127.0.0.1',
        DATABASE_URL: 'memory://',
        SEED_DEMO_DATA: 'true',
        PUBLIC_ORIGIN: baseURL,
        SANDBOX_ORIGIN: SANDBOX_URL,
        LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
        // The worker looks for due work (a refund to re-read) every second, not every 15.
        SWEEP_INTERVAL_SECONDS: '1',
        // D254: a clock the Autopay journey moves (and the sandbox reads too).
        TEST_CLOCK_FILE,
        // Every browser of the suite logs in from 127.0.0.1: D114's per-address limits are for
        // the public, so the suite's one address gets room for all its journeys.
        OTP_CODES_PER_ADDRESS_PER_HOUR: '100000',
        OTP_CODES_PER_ADDRESS_PER_DAY: '100000',
        OTP_WRONG_GUESSES_PER_ADDRESS_PER_HOUR: '100000',
        OTP_WRONG_GUESSES_PER_ADDRESS_PER_DAY: '100000',
      },
    },
  ],
});
