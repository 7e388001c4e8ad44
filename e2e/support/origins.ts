// Where the e2e suite's two servers listen (playwright.config.ts starts both): the app, and the
// sandbox server (D120) with the gateway, MSG91 and the dev outbox.
export const APP_PORT = Number(process.env.E2E_PORT ?? 4173);
export const SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT ?? APP_PORT + 1);
export const APP_URL = `http://127.0.0.1:${APP_PORT}`;
export const SANDBOX_URL = `http://127.0.0.1:${SANDBOX_PORT}`;
/** D254: the file of the moved clock the app and the sandbox share (one per app port). */
export const TEST_CLOCK_FILE = `${process.env.TMPDIR ?? '/tmp'}/tuitionpay-e2e-clock-${APP_PORT}`;
