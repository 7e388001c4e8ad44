// What e2e journeys need from the sandbox: fresh phone numbers and PANs, the OTP the dev SMS
// outbox received for a phone, and the gateway sandbox's webhook log.
import { expect, type APIRequestContext } from '@playwright/test';
import { SANDBOX_URL } from './origins';

let counter = 0;

/** A valid Indian mobile number no other test uses (journeys run in parallel on one server). */
export function uniquePhone(): string {
  counter += 1;
  const tail = (Date.now() * 97 + process.pid * 7919 + counter * 104729) % 1e9;
  return `7${String(tail).padStart(9, '0')}`;
}

let panCounter = 0;
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** `n` as `width` letters A-Z (base 26). */
function letters(n: number, width: number): string {
  let out = '';
  let rest = Math.floor(Math.abs(n));
  for (let i = 0; i < width; i += 1) {
    out = LETTERS[rest % 26] + out;
    rest = Math.floor(rest / 26);
  }
  return out;
}

/**
 * A valid PAN (spec §5: ^[A-Z]{3}P[A-Z][0-9]{4}[A-Z]$) no other test in this run uses: the
 * worker's pid, the time and a counter spread over its letters and digits. The digits stay
 * within 1000-9999: the sandbox's test PANs (0000-0002: invalid, someone else's, deactivated;
 * README.md) are never produced by chance.
 */
export function uniquePan(): string {
  panCounter += 1;
  const seed = Date.now() * 31 + process.pid * 7919 + panCounter * 104729;
  const head = letters(seed, 3); // AAA-ZZZ
  const fifth = letters(Math.floor(seed / 17_576), 1);
  const digits = String(1_000 + (Math.floor(seed / 456_976) % 9_000));
  const last = letters(panCounter + process.pid, 1);
  return `${head}P${fifth}${digits}${last}`;
}

export const PAN_PATTERN = /^[A-Z]{3}P[A-Z][0-9]{4}[A-Z]$/;

/** What a phone got, as the sandbox's outbox lists it. */
export type { OutboxEntry } from '../../sandbox/outbox';
import type { OutboxEntry } from '../../sandbox/outbox';

/** Every SMS the dev outbox holds for `phone`, newest first. */
export async function outbox(request: APIRequestContext, phone: string): Promise<OutboxEntry[]> {
  const response = await request.get(`${SANDBOX_URL}/sandbox/outbox.json?phone=${phone}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as OutboxEntry[];
}

/**
 * The newest OTP sent to `phone`, read from the dev SMS outbox; with `after` (the outbox's count
 * before a resend), only once a newer SMS has arrived.
 */
export async function latestOtp(
  request: APIRequestContext,
  phone: string,
  after = 0,
): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(async () => {
      const entries = await outbox(request, phone);
      code = entries.length > after ? (entries[0]?.code ?? null) : null;
      return code;
    })
    .toMatch(/^\d{4}$/);
  return code as unknown as string;
}

/** The webhooks the gateway sandbox sent for one order (its delivery log). */
export async function sandboxWebhooks(
  request: APIRequestContext,
  orderId: string,
): Promise<unknown[]> {
  const response = await request.get(
    `${SANDBOX_URL}/sandbox/cashfree/webhooks?order_id=${encodeURIComponent(orderId)}`,
  );
  expect(response.status()).toBe(200);
  return (await response.json()) as unknown[];
}

export interface PublicTutor {
  first_name: string;
  last_name: string;
  username: string;
  phone: string;
}

/** A tutor as the public look-up by username gives them (D17). */
export async function publicTutor(
  request: APIRequestContext,
  username: string,
): Promise<PublicTutor & { name: string }> {
  const response = await request.get(`/api/v1/user/search/?username=${username}`);
  expect(response.status()).toBe(200);
  const [tutor] = (await response.json()) as PublicTutor[];
  if (!tutor) throw new Error(`No tutor ${username}`);
  return { ...tutor, name: `${tutor.first_name} ${tutor.last_name}` };
}
