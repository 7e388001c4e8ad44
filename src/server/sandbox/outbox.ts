// The dev SMS outbox: what a real phone would have received, for developers and e2e journeys.
// It answers for one given phone only (issue 9.4): nobody lists every phone's live codes.
//   GET /sandbox/outbox.json?phone=  newest first: [{phone, body, code, created_at}]
//   GET /sandbox/outbox?phone=       the same as a page (without a phone: a form asking one)
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { smsOutbox } from '../db/schema';
import { OTP_LENGTH } from '../auth/constants';
import { escapeHtml, page } from './html';

const LIMIT = 50;
// Only an OTP message carries a code ('... OTP is 1234'); an invitation's amounts and links do not.
const CODE = new RegExp(`OTP is (\\d{${OTP_LENGTH}})(?!\\d)`);

export interface OutboxEntry {
  phone: string;
  body: string;
  /** The OTP in the message, if any. */
  code: string | null;
  created_at: string;
}

async function entries(db: Database, phone: string): Promise<OutboxEntry[]> {
  const rows = await db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.phone, phone))
    .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
    .limit(LIMIT);
  return rows.map((row) => ({
    phone: row.phone,
    body: row.body,
    code: CODE.exec(row.body)?.[1] ?? null,
    created_at: row.createdAt.toISOString(),
  }));
}

const PHONE = { type: 'string', pattern: '^[0-9]{10}$' } as const;
const jsonQuery = { type: 'object', required: ['phone'], properties: { phone: PHONE } } as const;
const pageQuery = { type: 'object', properties: { phone: PHONE } } as const;

const phoneForm = (phone = '') => `<form method="get" action="/sandbox/outbox">
<label>Phone <input name="phone" inputmode="numeric" pattern="[0-9]{10}" value="${escapeHtml(phone)}" required></label>
<button type="submit">Show messages</button></form>`;

export async function outboxRoutes(app: FastifyInstance, { db }: { db: Database }) {
  app.get<{ Querystring: { phone: string } }>(
    '/outbox.json',
    { schema: { querystring: jsonQuery } },
    async (request) => entries(db, request.query.phone),
  );

  app.get<{ Querystring: { phone?: string } }>(
    '/outbox',
    { schema: { querystring: pageQuery } },
    async (request, reply) => {
      const phone = request.query.phone;
      const list = phone ? await entries(db, phone) : [];
      const rows = list
        .map(
          (e) =>
            `<tr><td>${escapeHtml(e.created_at)}</td><td>${escapeHtml(e.phone)}</td>` +
            `<td>${escapeHtml(e.body)}</td><td><code>${escapeHtml(e.code ?? '')}</code></td></tr>`,
        )
        .join('\n');
      const body = `<h1>Dev SMS outbox</h1>
<p class="muted">Messages the dev SMS provider "sent" to one phone, newest first (at most ${LIMIT}).</p>
${phoneForm(phone)}
${!phone ? '' : list.length === 0 ? '<p>No messages yet.</p>' : `<table><thead><tr><th>Sent</th><th>Phone</th><th>Message</th><th>Code</th></tr></thead><tbody>\n${rows}\n</tbody></table>`}`;
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(page('Dev SMS outbox', body));
    },
  );
}
