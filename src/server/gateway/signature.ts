// Cashfree's webhook signature (gateway-contract.md, "Payment webhooks"):
// base64(HMAC-SHA256(key = client secret, message = x-webhook-timestamp + raw body)).
// The sandbox signs with it; the adapter verifies with it, in constant time and only for a
// timestamp close to now (the SDK's own check uses === and ignores the timestamp's age).
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far a webhook's timestamp may be from now, either way. */
export const WEBHOOK_TOLERANCE_MS = 5 * 60 * 1000;

export function signWebhook(secret: string, timestamp: string, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(timestamp).update(rawBody).digest('base64');
}

/** True when `signature` is the signature of `timestamp + rawBody` (constant time). */
export function webhookSignatureMatches(
  secret: string,
  timestamp: string,
  rawBody: string | Buffer,
  signature: string,
): boolean {
  const expected = Buffer.from(signWebhook(secret, timestamp, rawBody), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  // timingSafeEqual needs equal lengths; a length mismatch reveals only the (public) length.
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** True when `timestamp` is whole milliseconds since the epoch within the tolerance of `now`. */
export function webhookTimestampFresh(timestamp: string, now: Date): boolean {
  if (!/^\d{1,16}$/.test(timestamp)) return false;
  return Math.abs(now.getTime() - Number(timestamp)) <= WEBHOOK_TOLERANCE_MS;
}

/** What a webhook request brings: its exact bytes and the gateway's signature headers. */
export interface SignedWebhook {
  /** The request body exactly as received (a Buffer or its UTF-8 text). */
  rawBody: string | Buffer;
  signature: string | undefined;
  timestamp: string | undefined;
  now: Date;
}

/**
 * The webhook's JSON when its signature (keyed by `secret`) and timestamp check out, else
 * null: unsigned, stale, forged or not JSON are all the same to the caller.
 */
export function verifiedWebhookJson(
  secret: string,
  { rawBody, signature, timestamp, now }: SignedWebhook,
): { json: unknown } | null {
  if (!signature || !timestamp) return null;
  if (!webhookTimestampFresh(timestamp, now)) return null;
  if (!webhookSignatureMatches(secret, timestamp, rawBody, signature)) return null;
  try {
    return { json: JSON.parse(typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8')) };
  } catch {
    return null;
  }
}
