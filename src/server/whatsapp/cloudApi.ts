// The WhatsApp Business Cloud API (D151): POST {base}/{phone-number-id}/messages with a bearer
// token and {messaging_product: "whatsapp", to: "91XXXXXXXXXX", type: "template", template:
// {name, language: {code}, components: [{type: "body", parameters: [{type: "text", text}]}]}},
// answered {messages: [{id: "wamid..."}]} or {error: {code, message}}. As with MSG91 (sms/msg91.ts)
// a network error, a 5xx, a 429 or a throttling code is retried a bounded number of times and a
// timeout is not (the Cloud API takes no idempotency key). Whether the message reached the
// phone comes later, by the webhook (routes/whatsapp.ts). The token is never logged.
import {
  SmsError,
  SmsTimeout,
  sendWithRetries,
  type SmsMessage,
  type SmsSender,
} from '../sms/sender';
import type { Locale } from '../../domain/locale';
import { bodyParameters, hasWhatsAppTemplate, type WhatsAppTemplateName } from './templates';

export interface WhatsAppConfig {
  /** e.g. https://graph.facebook.com/v21.0 */
  baseUrl: string;
  phoneNumberId: string;
  accessToken: string;
  /** The approved template name of each kind. */
  templates: Record<WhatsAppTemplateName, string>;
  /** The language code each template is approved in, per language of ours (issue 15). */
  languages: Record<Locale, string>;
  timeoutMs?: number;
  retries?: number;
}

const DEFAULT_TIMEOUT_MS = 5_000;
const DEFAULT_RETRIES = 2;
/** Error codes that may pass: rate limits (4, 80007, 130429, 131056), service hiccups. */
const TRANSIENT_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131056, 133004]);

interface CloudAnswer {
  messages?: { id?: string }[];
  error?: { code?: number; message?: string };
}

export function createWhatsAppSender(
  config: WhatsAppConfig,
  fetchImpl: typeof fetch = fetch,
): SmsSender {
  const url = `${config.baseUrl.replace(/\/+$/, '')}/${encodeURIComponent(config.phoneNumberId)}/messages`;
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const retries = config.retries ?? DEFAULT_RETRIES;

  const once = async (message: SmsMessage): Promise<string> => {
    if (!hasWhatsAppTemplate(message.template)) {
      throw new SmsError(`No WhatsApp template for ${message.template}`, false);
    }
    const body = JSON.stringify({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: `91${message.phone}`,
      type: 'template',
      template: {
        name: config.templates[message.template],
        language: { code: config.languages[message.language] },
        components: [{ type: 'body', parameters: bodyParameters(message.template, message.vars) }],
      },
    });
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${config.accessToken}`,
          'content-type': 'application/json',
        },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') throw new SmsTimeout('WhatsApp');
      throw new SmsError('WhatsApp could not be reached', true);
    }
    const answer = (await response.json().catch(() => ({}))) as CloudAnswer;
    const id = answer.messages?.[0]?.id;
    if (response.ok && typeof id === 'string') return id;
    const code = answer.error?.code;
    const transient =
      response.status >= 500 ||
      response.status === 429 ||
      (code !== undefined && TRANSIENT_CODES.has(code));
    throw new SmsError(
      `WhatsApp refused the message (${response.status}${code ? `, code ${code}` : ''}): ${answer.error?.message ?? 'no message'}`,
      transient,
      response.status,
    );
  };

  return { send: (message) => sendWithRetries(() => once(message), retries) };
}
