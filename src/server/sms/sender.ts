// How the server sends text messages: a DLT template and its variables to a phone, through the
// provider (MSG91, sms/msg91.ts; the local sandbox imitates it). A failure says whether trying
// again may help (the SMS job retries those) or not.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Locale } from '../../domain/locale';
import type { SmsTemplateName, SmsVars } from './templates';

export type SmsMessage = {
  [T in SmsTemplateName]: {
    /** 10-digit Indian mobile number, no country code. */
    phone: string;
    template: T;
    vars: SmsVars<T>;
    /** The recipient's language (issue 15): which registered template is sent. */
    language: Locale;
  };
}[SmsTemplateName];

export interface SmsSent {
  /** The provider's id of the request, which its delivery reports name. */
  requestId: string;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<SmsSent>;
}

/** A send that failed: `transient` (timeout, 5xx, rate limit) may work later; else it will not. */
export class SmsError extends Error {
  constructor(
    message: string,
    readonly transient: boolean,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'SmsError';
  }
}

/** No answer in time: the message may have been taken, so it is not sent again (D142). */
export class SmsTimeout extends SmsError {
  constructor(provider: string) {
    super(`${provider} did not answer in time`, true);
  }
}

const BACKOFF_MS = 300;

/**
 * One send, tried again after a transient failure up to `retries` more times, each after a
 * growing pause; never after a timeout. The providers take no idempotency key.
 */
export async function sendWithRetries(
  once: () => Promise<string>,
  retries: number,
): Promise<SmsSent> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return { requestId: await once() };
    } catch (error) {
      const again = error instanceof SmsError && error.transient && !(error instanceof SmsTimeout);
      if (!again || attempt >= retries) throw error;
      await sleep(BACKOFF_MS * 2 ** attempt);
    }
  }
}

/** '9876543210' -> '98XXXXXX10': enough for a person to recognise their number. */
export function maskPhone(phone: string, mask = 'X'): string {
  return phone.length > 4
    ? `${phone.slice(0, 2)}${mask.repeat(phone.length - 4)}${phone.slice(-2)}`
    : phone;
}
