// The dev SMS outbox: what a real phone would have received from the MSG91 and WhatsApp
// imitations (D151), for developers and e2e journeys, in the sandbox's memory. It answers for one given phone only
// (issue 9.4): nobody lists every phone's live codes.
//   GET /sandbox/outbox.json?phone=  newest first: [{phone, body, code, created_at}]
//   GET /sandbox/outbox?phone=       the same as a page (without a phone: a form asking one)
//   DELETE /sandbox/outbox           forgets every message
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Clock } from '../src/server/clock';
import { maskPhone } from '../src/server/sms/sender';
import { escapeHtml, page } from './html';

const LIMIT = 50;
/** The most messages kept per phone (the sandbox is a developer's tool, not an archive). */
const KEEP = 200;

export interface OutboxEntry {
  phone: string;
  /** D151: 'sms' (MSG91) or 'whatsapp' (the Cloud API). */
  channel: 'sms' | 'whatsapp';
  body: string;
  /** The OTP in the message, if any. */
  code: string | null;
  created_at: string;
}

export interface OutboxMessage {
  phone: string;
  channel: 'sms' | 'whatsapp';
  template: string;
  vars: Record<string, string>;
  body: string;
  requestId: string;
}

export function createOutbox(clock: Clock, log: FastifyBaseLogger) {
  const byPhone = new Map<string, OutboxEntry[]>();
  return {
    add(message: OutboxMessage): void {
      const list = byPhone.get(message.phone) ?? [];
      list.unshift({
        phone: message.phone,
        channel: message.channel,
        body: message.body,
        code: message.template === 'otp' ? (message.vars.otp ?? null) : null,
        created_at: clock.now().toISOString(),
      });
      byPhone.set(message.phone, list.slice(0, KEEP));
      // The one place an OTP is logged, by design: this is the developer's phone.
      log.info(`[dev ${message.channel}] to ${maskPhone(message.phone, 'x')}: ${message.body}`);
    },
    of(phone: string): OutboxEntry[] {
      return (byPhone.get(phone) ?? []).slice(0, LIMIT);
    },
    clear(): void {
      byPhone.clear();
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;

const PHONE = { type: 'string', pattern: '^[0-9]{10}$' } as const;
const jsonQuery = { type: 'object', required: ['phone'], properties: { phone: PHONE } } as const;
const pageQuery = { type: 'object', properties: { phone: PHONE } } as const;

const phoneForm = (phone = '') => `<form method="get" action="/sandbox/outbox">
<label>Phone <input name="phone" inputmode="numeric" pattern="[0-9]{10}" value="${escapeHtml(phone)}" required></label>
<button type="submit">Show messages</button></form>`;

export async function outboxRoutes(app: FastifyInstance, { outbox }: { outbox: Outbox }) {
  // Forgets every message (tests start each case with an empty outbox).
  app.delete('/outbox', async (_request, reply) => {
    outbox.clear();
    return reply.code(204).send();
  });

  app.get<{ Querystring: { phone: string } }>(
    '/outbox.json',
    { schema: { querystring: jsonQuery } },
    async (request) => outbox.of(request.query.phone),
  );

  app.get<{ Querystring: { phone?: string } }>(
    '/outbox',
    { schema: { querystring: pageQuery } },
    async (request, reply) => {
      const phone = request.query.phone;
      const list = phone ? outbox.of(phone) : [];
      const rows = list
        .map(
          (e) =>
            `<tr><td>${escapeHtml(e.created_at)}</td><td>${escapeHtml(e.phone)}</td>` +
            `<td>${e.channel === 'whatsapp' ? 'WhatsApp' : 'SMS'}</td>` +
            `<td>${escapeHtml(e.body)}</td><td><code>${escapeHtml(e.code ?? '')}</code></td></tr>`,
        )
        .join('\n');
      const body = `<h1>Dev SMS outbox</h1>
<p class="muted">Messages the SMS provider's and WhatsApp's sandboxes "sent" to one phone, newest first (at most ${LIMIT}).</p>
${phoneForm(phone)}
${!phone ? '' : list.length === 0 ? '<p>No messages yet.</p>' : `<table><thead><tr><th>Sent</th><th>Phone</th><th>By</th><th>Message</th><th>Code</th></tr></thead><tbody>\n${rows}\n</tbody></table>`}`;
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(page('Dev SMS outbox', body));
    },
  );
}
