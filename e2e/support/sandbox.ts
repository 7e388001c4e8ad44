// What e2e journeys need from the sandbox: fresh phone numbers and the OTP the dev SMS outbox
// received for one.
import { expect, type APIRequestContext } from '@playwright/test';

let counter = 0;

/** A valid Indian mobile number no other test uses (journeys run in parallel on one server). */
export function uniquePhone(): string {
  counter += 1;
  const tail = (Date.now() * 97 + process.pid * 7919 + counter * 104729) % 1e9;
  return `7${String(tail).padStart(9, '0')}`;
}

type OutboxEntry = { phone: string; body: string; code: string | null; created_at: string };

/** The newest OTP sent to `phone`, read from the dev SMS outbox. */
export async function latestOtp(request: APIRequestContext, phone: string): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(async () => {
      const response = await request.get(`/sandbox/outbox.json?phone=${phone}`);
      const entries = (await response.json()) as OutboxEntry[];
      code = entries[0]?.code ?? null;
      return code;
    })
    .toMatch(/^\d{4}$/);
  return code as unknown as string;
}
