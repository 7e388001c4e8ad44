// MSG91's Flow API as the sandbox imitates it (D121), at /sandbox/msg91/api/v5:
//   POST /flow/   header authkey; {template_id, short_url?, recipients: [{mobiles, <vars>}]}
//                 → 200 {type: "success", message: <request id>}
//                 → 401 {type: "error", message: "Authentication failure"} (wrong authkey)
//                 → 400 {type: "error", message: ...} (unknown template, bad number, no vars)
//   POST /faults  {fail: "server" | "timeout" | null}: the next sends answer 500, or hang
//   POST /replies {phone, text}: a phone replies to our sender (STOP, D148); the sandbox posts
//                 it to the app's inbound SMS webhook as MSG91 would, and answers its status
// A message accepted is reported delivered to the app's delivery-report webhook, as MSG91's
// webhook (version 3) does, with the token its URL carries.
// Every message accepted lands in the dev outbox (outbox.ts) as its phone would read it: the
// registered template's text with the variables filled in.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Locale } from '../src/domain/locale';
import { inLocale } from '../src/server/language';
import {
  DEV_SMS_TEMPLATE_IDS,
  DEV_SMS_TEMPLATE_IDS_HI,
  SMS_TEMPLATES,
  type SmsTemplateName,
} from '../src/server/sms/templates';
import type { Deliver } from './cashfree/webhooks';
import type { Outbox } from './outbox';

const flowBody = z.object({
  template_id: z.string().min(1).optional(),
  flow_id: z.string().min(1).optional(),
  short_url: z.enum(['0', '1']).optional(),
  recipients: z
    .array(z.object({ mobiles: z.string() }).catchall(z.string()))
    .min(1)
    .max(1000),
});

/** The templates "registered" on this sandbox account: our dev ids, in English and Hindi. */
const REGISTERED = new Map<string, { name: SmsTemplateName; language: Locale }>([
  ...Object.entries(DEV_SMS_TEMPLATE_IDS).map(
    ([name, id]) => [id, { name: name as SmsTemplateName, language: 'en' as const }] as const,
  ),
  ...Object.entries(DEV_SMS_TEMPLATE_IDS_HI).map(
    ([name, id]) => [id, { name: name as SmsTemplateName, language: 'hi' as const }] as const,
  ),
]);

/** How long a 'timeout' fault holds an answer: longer than any sender waits. */
const HANG_MS = 10_000;

const error = (reply: FastifyReply, status: number, message: string) =>
  reply.code(status).send({ type: 'error', message });

export interface Msg91Deps {
  authKey: string;
  outbox: Outbox;
  /** Where delivery reports go (MSG91's webhook URL, with its token), or null for none. */
  reportUrl: string | null;
  /** Where replies go (MSG91's inbound SMS webhook URL, with its token), or null for none. */
  replyUrl: string | null;
  deliver: Deliver;
  log: { warn: (details: object, message: string) => void };
}

/** MSG91 reports a delivery a little after accepting the message. */
const REPORT_AFTER_MS = 200;

export async function msg91Routes(app: FastifyInstance, deps: Msg91Deps) {
  let fail: 'server' | 'timeout' | null = null;

  app.post('/api/v5/flow/', async (request, reply) => {
    if (request.headers.authkey !== deps.authKey)
      return error(reply, 401, 'Authentication failure');
    if (fail === 'server') return error(reply, 500, 'Internal server error');
    if (fail === 'timeout') await new Promise((resolve) => setTimeout(resolve, HANG_MS));
    const parsed = flowBody.safeParse(request.body);
    if (!parsed.success) return error(reply, 400, 'Invalid request body');
    const templateId = parsed.data.template_id ?? parsed.data.flow_id ?? '';
    const registered = REGISTERED.get(templateId);
    if (!registered) return error(reply, 400, 'Template ID is invalid or not approved');
    const { name, language } = registered;
    const template = SMS_TEMPLATES[name];
    const messages = [];
    for (const recipient of parsed.data.recipients) {
      const phone = /^91([6-9]\d{9})$/.exec(recipient.mobiles)?.[1];
      if (!phone) return error(reply, 400, `Invalid mobile number ${recipient.mobiles}`);
      const missing = template.vars.find((v) => typeof recipient[v] !== 'string');
      if (missing) return error(reply, 400, `Variable ${missing} is missing`);
      const vars = recipient as Record<string, string>;
      messages.push({
        phone,
        channel: 'sms' as const,
        template: name,
        vars,
        // What the registered template says, in its language.
        body: inLocale(language, () => (template.text as (v: object) => string)(vars)),
      });
    }
    const requestId = randomBytes(12).toString('hex');
    for (const message of messages) deps.outbox.add({ ...message, requestId });
    if (deps.reportUrl) {
      const url = new URL(deps.reportUrl);
      for (const message of messages) {
        // Webhook version 3: one JSON report per message.
        const body = JSON.stringify({
          requestId,
          number: `91${message.phone}`,
          status: '1',
          desc: 'DELIVERED',
          date: new Date().toISOString().slice(0, 19).replace('T', ' '),
        });
        setTimeout(() => {
          deps
            .deliver(url, { headers: { 'content-type': 'application/json' }, body })
            .catch((error: unknown) =>
              deps.log.warn({ err: error }, 'MSG91 sandbox: delivery report not delivered'),
            );
        }, REPORT_AFTER_MS).unref();
      }
    }
    return reply.code(200).send({ type: 'success', message: requestId });
  });

  app.post('/replies', async (request, reply) => {
    const parsed = z
      .object({ phone: z.string().regex(/^[6-9]\d{9}$/), text: z.string().min(1).max(2000) })
      .safeParse(request.body);
    if (!parsed.success) return error(reply, 400, 'Give a 10-digit phone and a text');
    if (!deps.replyUrl) return error(reply, 409, 'No inbound SMS webhook is configured');
    const status = await deps.deliver(new URL(deps.replyUrl), {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mobile: `91${parsed.data.phone}`, message: parsed.data.text }),
    });
    return { delivered: status };
  });

  app.post<{ Body: { fail?: 'server' | 'timeout' | null } }>('/faults', async (request) => {
    fail = request.body?.fail ?? null;
    return { fail };
  });
}
