// What the WhatsApp Cloud API's webhook tells us (D151): Meta signs each POST with
// X-Hub-Signature-256: sha256=HMAC-SHA256(app secret, raw body) and nests its news as
// {object: "whatsapp_business_account", entry: [{changes: [{field: "messages", value:
// {statuses?: [...], messages?: [...]}}]}]}: statuses of messages we sent (sent, delivered,
// read, failed with errors) and messages phones sent us (a text such as STOP).
import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { sameSecret } from '../auth/crypto';

export function signWhatsAppWebhook(appSecret: string, rawBody: string | Buffer): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/** True when `header` is Meta's signature of exactly these bytes (constant time). */
export function whatsAppSignatureMatches(
  appSecret: string,
  rawBody: string | Buffer,
  header: string | undefined,
): boolean {
  return header !== undefined && sameSecret(header, signWhatsAppWebhook(appSecret, rawBody));
}

/** Meta's time of an event: Unix seconds, as a string. */
const timestamp = z
  .string()
  .regex(/^\d{1,12}$/)
  .optional();

const status = z.object({
  id: z.string(),
  status: z.string(),
  timestamp,
  errors: z
    .array(z.object({ code: z.number().optional(), title: z.string().optional() }))
    .optional(),
});
const inbound = z.object({
  from: z.string(),
  type: z.string(),
  timestamp,
  text: z.object({ body: z.string() }).optional(),
  button: z.object({ text: z.string() }).optional(),
});
const notification = z.object({
  object: z.string(),
  entry: z.array(
    z.object({
      changes: z.array(
        z.object({
          field: z.string(),
          value: z.object({
            statuses: z.array(status).optional(),
            messages: z.array(inbound).optional(),
          }),
        }),
      ),
    }),
  ),
});

export interface WhatsAppStatus {
  /** The wamid our send was answered with. */
  messageId: string;
  /** null: news that changes nothing (sent, read after delivered). */
  delivered: boolean | null;
  description: string;
}

export interface WhatsAppNews {
  statuses: WhatsAppStatus[];
  /** Texts (or quick-reply buttons) phones sent us: 10-digit Indian numbers only. */
  replies: { phone: string; text: string }[];
}

/**
 * D213: news older than this is not acted on. Meta retries a notification for up to 7 days; a
 * signed one replayed later (an old STOP, after the payer sent START) changes nothing.
 */
export const WHATSAPP_NEWS_FRESH_MS = 7 * 24 * 60 * 60 * 1000;

/** Whether an event stamped `at` (Unix seconds; Meta always stamps) is fresh at `now`. */
const fresh = (at: string | undefined, now: Date) =>
  at !== undefined && Number(at) * 1000 >= now.getTime() - WHATSAPP_NEWS_FRESH_MS;

/** The fresh statuses and replies of a notification, or null when it is not one. */
export function readWhatsAppNews(json: unknown, now: Date): WhatsAppNews | null {
  const parsed = notification.safeParse(json);
  if (!parsed.success || parsed.data.object !== 'whatsapp_business_account') return null;
  const news: WhatsAppNews = { statuses: [], replies: [] };
  for (const change of parsed.data.entry.flatMap((e) => e.changes)) {
    if (change.field !== 'messages') continue;
    for (const s of change.value.statuses ?? []) {
      if (!fresh(s.timestamp, now)) continue;
      const error = s.errors?.[0];
      news.statuses.push({
        messageId: s.id,
        delivered:
          s.status === 'delivered' || s.status === 'read'
            ? true
            : s.status === 'failed'
              ? false
              : null,
        description: error ? `${error.title ?? 'failed'} (code ${error.code ?? '?'})` : s.status,
      });
    }
    for (const m of change.value.messages ?? []) {
      if (!fresh(m.timestamp, now)) continue;
      const phone = /^91([6-9]\d{9})$/.exec(m.from)?.[1];
      const text = m.text?.body ?? m.button?.text;
      if (phone && text) news.replies.push({ phone, text });
    }
  }
  return news;
}
