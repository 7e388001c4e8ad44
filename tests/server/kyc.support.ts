// Helpers for the Aadhaar KYC tests: a tutor ready for KYC (names, PAN, a verified bank
// account), the sandbox's partner API and KYC page as the adapter and a browser use them, and
// a wait for what the sandbox's webhooks do in the background.
import { eq } from 'drizzle-orm';
import { bankAccounts, users } from '../../src/server/db/schema';
import { login, type TestServer } from '../support/server';

export const ONBOARDING_URL = '/api/v1/payments/pg/onboarding/';
export const ONBOARDING_WEBHOOK_URL = '/api/v1/payments/pg/onboarding/webhook/';
export const PARTNERS = '/sandbox/cashfree/partners';
export const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** Test env: the sandbox approves a submitted KYC at once. */
export const KYC_ENV = { SANDBOX_KYC_REVIEW_MS: '0' };

export interface Tutor {
  id: number;
  token: string;
  phone: string;
  username: string;
}

/** A logged-in tutor; with `ready` (the default) names, a PAN and a verified bank account. */
export async function tutor(
  server: TestServer,
  phone: string,
  { ready = true, pan = true, bank = true } = {},
): Promise<Tutor> {
  const { id, access_token: token } = await login(server, phone, 'teacher');
  const username = `tutor-${phone.slice(-4)}`;
  if (ready) {
    await server.db
      .update(users)
      .set({
        firstName: 'Meera',
        lastName: 'Iyer',
        username,
        // D316: one tutor account per PAN, so each tutor has their own.
        ...(pan ? server.pans.columns(`AAAPI${phone.slice(-4)}Q`) : {}),
      })
      .where(eq(users.id, id));
    if (bank) {
      await server.db.insert(bankAccounts).values({
        userId: id,
        accountNumberMasked: 'XXXXXXXX1234',
        ifsc: 'HDFC0001234',
        nameAtBank: 'MEERA IYER',
        verified: true,
      });
    }
  }
  return { id, token, phone, username };
}

/** The partner API as the adapter calls it (the configured key, the API version). */
export function partners(
  server: TestServer,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return server.inject({
    method,
    url: `${PARTNERS}${path}`,
    headers: {
      'x-partner-apikey': server.config.cashfree.partnerApiKey,
      'x-api-version': '2023-01-01',
      ...headers,
    },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

/** Sandbox state that outlives a test's database: merchants, faults, fast webhook retries. */
export async function resetSandbox(server: TestServer): Promise<void> {
  await partners(server, 'DELETE', '/merchants');
  await server.inject({ method: 'DELETE', url: '/sandbox/cashfree/faults' });
  await server.inject({
    method: 'POST',
    url: '/sandbox/cashfree/faults',
    payload: { webhookRetryDelaysMs: [20, 20, 20] },
  });
}

/** The KYC page's path from an onboarding link. */
export const kycPath = (link: string) => new URL(link).pathname;

/** Presses a button on the KYC page, as the browser's form post does. */
export function decide(server: TestServer, link: string, decision: 'approve' | 'fail') {
  return server.inject({
    method: 'POST',
    url: kycPath(link),
    headers: FORM,
    payload: `decision=${decision}`,
  });
}

/** Reads until `done` holds (the sandbox's webhooks arrive on their own timers), or 10 s. */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export interface DeliveryLog {
  type: string;
  merchant_id: string;
  onboarding_status: string;
  state: string;
  body: string;
  attempts: { status: number | null }[];
}

/** The sandbox's webhook log for one merchant, oldest first. */
export async function deliveries(server: TestServer, merchantId: string): Promise<DeliveryLog[]> {
  const res = await server.inject({
    method: 'GET',
    url: `/sandbox/cashfree/webhooks?merchant_id=${merchantId}`,
  });
  return (res.json() as DeliveryLog[]).reverse();
}
