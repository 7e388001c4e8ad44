// The dev SMS outbox: what a real phone would have received, for developers and e2e journeys.
//   GET /sandbox/outbox.json?phone=  newest first: [{phone, body, code, created_at}]
//   GET /sandbox/outbox              the same as a page
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

async function entries(db: Database, phone: string | undefined): Promise<OutboxEntry[]> {
  const rows = await db
    .select()
    .from(smsOutbox)
    .where(phone ? eq(smsOutbox.phone, phone) : undefined)
    .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
    .limit(LIMIT);
  return rows.map((row) => ({
    phone: row.phone,
    body: row.body,
    code: CODE.exec(row.body)?.[1] ?? null,
    created_at: row.createdAt.toISOString(),
  }));
}

const querySchema = {
  type: 'object',
  properties: { phone: { type: 'string', pattern: '^[0-9]{10}$' } },
} as const;

export async function outboxRoutes(app: FastifyInstance, { db }: { db: Database }) {
  app.get<{ Querystring: { phone?: string } }>(
    '/outbox.json',
    { schema: { querystring: querySchema } },
    async (request) => entries(db, request.query.phone),
  );

  app.get<{ Querystring: { phone?: string } }>(
    '/outbox',
    { schema: { querystring: querySchema } },
    async (request, reply) => {
      const list = await entries(db, request.query.phone);
      const rows = list
        .map(
          (e) =>
            `<tr><td>${escapeHtml(e.created_at)}</td><td>${escapeHtml(e.phone)}</td>` +
            `<td>${escapeHtml(e.body)}</td><td><code>${escapeHtml(e.code ?? '')}</code></td></tr>`,
        )
        .join('\n');
      const body = `<h1>Dev SMS outbox</h1>
<p class="muted">Messages the dev SMS provider "sent", newest first (at most ${LIMIT}).</p>
${list.length === 0 ? '<p>No messages yet.</p>' : `<table><thead><tr><th>Sent</th><th>Phone</th><th>Message</th><th>Code</th></tr></thead><tbody>\n${rows}\n</tbody></table>`}`;
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(page('Dev SMS outbox', body));
    },
  );
}
