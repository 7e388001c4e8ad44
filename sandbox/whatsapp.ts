// The WhatsApp Business Cloud API as the sandbox imitates it (D151), at /sandbox/whatsapp:
//   POST /{version}/{phone-number-id}/messages   Authorization: Bearer <token>; a template send
//        → 200 {messaging_product, contacts: [{input, wa_id}], messages: [{id: "wamid..."}]}
//        → 401 code 190 (wrong token); 400 code 100 (unknown phone number id), 131009 (bad
//          parameter), 132001 (template not approved in that language), 132000 (wrong number
//          of parameters); 500 code 131000 under the 'server' fault
//   POST /faults   {fail?: "server" | "timeout" | null, not_on_whatsapp?: [phone...]}: the next
//                  sends answer 500 or hang; texts to those phones are accepted and then fail
//                  (status webhook, code 131026 "Message undeliverable"), as for a number
//                  without WhatsApp
//   POST /replies  {phone, text}: a phone writes to our business number (STOP, D148)
// News goes to the app's webhook signed as Meta signs it (X-Hub-Signature-256). A message
// accepted lands in the dev outbox as the phone would read it, then is reported delivered.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { SMS_TEMPLATES } from '../src/server/sms/templates';
import { signWhatsAppWebhook } from '../src/server/whatsapp/webhook';
import { inLocale } from '../src/server/language';
import {
  WHATSAPP_LANGUAGE,
  WHATSAPP_LANGUAGE_HI,
  WHATSAPP_TEMPLATE_NAMES,
  WHATSAPP_TEMPLATES,
  type WhatsAppTemplateName,
} from '../src/server/whatsapp/templates';
import type { Clock } from '../src/server/clock';
import type { Deliver } from './cashfree/webhooks';
import type { Outbox } from './outbox';

const sendBody = z.object({
  messaging_product: z.literal('whatsapp'),
  recipient_type: z.literal('individual').optional(),
  to: z.string(),
  type: z.literal('template'),
  template: z.object({
    name: z.string(),
    language: z.object({ code: z.string() }),
    components: z
      .array(
        z.object({
          type: z.string(),
          parameters: z.array(z.object({ type: z.literal('text'), text: z.string() })),
        }),
      )
      .optional(),
  }),
});

/** The templates "approved" on this sandbox account, by their default names. */
const APPROVED = new Map<string, WhatsAppTemplateName>(
  WHATSAPP_TEMPLATE_NAMES.map((kind) => [WHATSAPP_TEMPLATES[kind], kind]),
);
const HANG_MS = 10_000;
const STATUS_AFTER_MS = 200;

const error = (reply: FastifyReply, status: number, code: number, message: string) =>
  reply.code(status).send({ error: { message, type: 'OAuthException', code } });

export interface WhatsAppDeps {
  phoneNumberId: string;
  accessToken: string;
  appSecret: string;
  outbox: Outbox;
  /** The app's WhatsApp webhook URL. */
  webhookUrl: string;
  deliver: Deliver;
  log: { warn: (details: object, message: string) => void };
  /** Meta's timestamps on its news: the app's clock (tests move it). */
  clock: Clock;
}

export async function whatsAppRoutes(app: FastifyInstance, deps: WhatsAppDeps) {
  let fail: 'server' | 'timeout' | null = null;
  let notOnWhatsApp = new Set<string>();

  /** One signed notification to the app, a little later, as Meta sends them. */
  const notify = (value: object) => {
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'sandbox_waba',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { phone_number_id: deps.phoneNumberId },
                ...value,
              },
            },
          ],
        },
      ],
    });
    return deps.deliver(new URL(deps.webhookUrl), {
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': signWhatsAppWebhook(deps.appSecret, body),
      },
      body,
    });
  };
  const statusLater = (id: string, phone: string, status: string, errors?: object[]) =>
    setTimeout(() => {
      const timestamp = String(Math.floor(deps.clock.now().getTime() / 1000));
      notify({
        statuses: [
          { id, status, timestamp, recipient_id: `91${phone}`, ...(errors && { errors }) },
        ],
      }).catch((err: unknown) => deps.log.warn({ err }, 'WhatsApp sandbox: status not delivered'));
    }, STATUS_AFTER_MS).unref();

  app.post<{ Params: { phoneNumberId: string } }>(
    '/:version/:phoneNumberId/messages',
    async (request, reply) => {
      if (request.headers.authorization !== `Bearer ${deps.accessToken}`) {
        return error(reply, 401, 190, 'Invalid OAuth access token.');
      }
      if (request.params.phoneNumberId !== deps.phoneNumberId) {
        return error(reply, 400, 100, 'Unsupported post request: unknown phone number id');
      }
      if (fail === 'server') return error(reply, 500, 131000, 'Something went wrong');
      if (fail === 'timeout') await new Promise((resolve) => setTimeout(resolve, HANG_MS));
      const parsed = sendBody.safeParse(request.body);
      if (!parsed.success) return error(reply, 400, 131009, 'Parameter value is not valid');
      const phone = /^91([6-9]\d{9})$/.exec(parsed.data.to)?.[1];
      if (!phone) return error(reply, 400, 131009, `Invalid recipient ${parsed.data.to}`);
      const kind = APPROVED.get(parsed.data.template.name);
      // Each template is approved in English and in Hindi (issue 15).
      const code = parsed.data.template.language.code;
      const language =
        code === WHATSAPP_LANGUAGE ? 'en' : code === WHATSAPP_LANGUAGE_HI ? 'hi' : null;
      if (!kind || !language) {
        return error(reply, 404, 132001, 'Template name does not exist in the translation');
      }
      const vars = SMS_TEMPLATES[kind].vars;
      const given = parsed.data.template.components?.find((c) => c.type === 'body')?.parameters;
      if (!given || given.length !== vars.length) {
        return error(reply, 400, 132000, 'Number of parameters does not match');
      }
      const values = Object.fromEntries(vars.map((v, i) => [v, given[i]!.text]));
      const id = `wamid.${randomBytes(16).toString('hex')}`;
      if (notOnWhatsApp.has(phone)) {
        statusLater(id, phone, 'failed', [{ code: 131026, title: 'Message undeliverable' }]);
      } else {
        deps.outbox.add({
          phone,
          channel: 'whatsapp',
          template: kind,
          vars: values,
          body: inLocale(language, () =>
            (SMS_TEMPLATES[kind].text as (v: object) => string)(values),
          ),
          requestId: id,
        });
        statusLater(id, phone, 'delivered');
      }
      return reply.send({
        messaging_product: 'whatsapp',
        contacts: [{ input: parsed.data.to, wa_id: parsed.data.to }],
        messages: [{ id }],
      });
    },
  );

  app.post('/replies', async (request, reply) => {
    const parsed = z
      .object({ phone: z.string().regex(/^[6-9]\d{9}$/), text: z.string().min(1).max(2000) })
      .safeParse(request.body);
    if (!parsed.success)
      return reply.code(400).send({ message: 'Give a 10-digit phone and a text' });
    const from = `91${parsed.data.phone}`;
    const status = await notify({
      contacts: [{ profile: { name: 'Sandbox' }, wa_id: from }],
      messages: [
        {
          from,
          id: `wamid.${randomBytes(16).toString('hex')}`,
          timestamp: String(Math.floor(deps.clock.now().getTime() / 1000)),
          type: 'text',
          text: { body: parsed.data.text },
        },
      ],
    });
    return { delivered: status };
  });

  app.post<{ Body: { fail?: 'server' | 'timeout' | null; not_on_whatsapp?: string[] } }>(
    '/faults',
    async (request) => {
      fail = request.body?.fail ?? null;
      notOnWhatsApp = new Set(request.body?.not_on_whatsapp ?? []);
      return { fail, not_on_whatsapp: [...notOnWhatsApp] };
    },
  );
}
