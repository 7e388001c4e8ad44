// MSG91's Flow API (D121): POST {base}/flow/ with the `authkey` header and
//   {template_id, short_url: "0", recipients: [{mobiles: "91XXXXXXXXXX", <var>: <value>...}]}
// answered {type: "success", message: <request id>} or {type: "error", message}. Each call has
// a timeout (AbortSignal); a network error, a 5xx or a 429 is retried a bounded number of times
// with backoff; anything else is a permanent failure. A timeout is not retried here: MSG91 takes
// no idempotency key, and a send it took but answered late would text the phone twice (D142). Delivery reports come
// back to us by MSG91's webhook (routes/sms.ts). The auth key is never logged.
import { SmsError, SmsTimeout, sendWithRetries, type SmsMessage, type SmsSender } from './sender';
import type { SmsTemplateName } from './templates';

export interface Msg91Config {
  baseUrl: string;
  authKey: string;
  /** DLT template id per message kind. */
  templates: Record<SmsTemplateName, string>;
  /** The Hindi template of a kind, where one is registered (else the English one is sent). */
  templatesHi?: Partial<Record<SmsTemplateName, string>>;
  timeoutMs?: number;
  /** Extra tries after the first (each after a growing pause). */
  retries?: number;
}

const DEFAULT_TIMEOUT_MS = 5_000;
const DEFAULT_RETRIES = 2;

interface Msg91Answer {
  type?: string;
  message?: string;
}

export function createMsg91Sender(config: Msg91Config, fetchImpl: typeof fetch = fetch): SmsSender {
  const url = `${config.baseUrl.replace(/\/+$/, '')}/flow/`;
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const retries = config.retries ?? DEFAULT_RETRIES;

  const once = async (message: SmsMessage): Promise<string> => {
    const body = JSON.stringify({
      template_id:
        (message.language === 'hi' ? config.templatesHi?.[message.template] : undefined) ??
        config.templates[message.template],
      short_url: '0',
      recipients: [{ mobiles: `91${message.phone}`, ...message.vars }],
    });
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method: 'POST',
        headers: { authkey: config.authKey, 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') throw new SmsTimeout('MSG91');
      throw new SmsError('MSG91 could not be reached', true);
    }
    const answer = (await response.json().catch(() => ({}))) as Msg91Answer;
    if (response.ok && answer.type === 'success' && typeof answer.message === 'string') {
      return answer.message;
    }
    const transient = response.status >= 500 || response.status === 429;
    throw new SmsError(
      `MSG91 refused the message (${response.status}): ${answer.message ?? 'no message'}`,
      transient,
      response.status,
    );
  };

  return { send: (message) => sendWithRetries(() => once(message), retries) };
}
