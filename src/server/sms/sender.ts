// How the server sends text messages: a DLT template and its variables to a phone, through the
// provider (MSG91, sms/msg91.ts; the local sandbox imitates it). A failure says whether trying
// again may help (the SMS job retries those) or not.
import type { SmsTemplateName, SmsVars } from './templates';

export type SmsMessage = {
  [T in SmsTemplateName]: {
    /** 10-digit Indian mobile number, no country code. */
    phone: string;
    template: T;
    vars: SmsVars<T>;
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

/** '9876543210' -> '98XXXXXX10': enough for a person to recognise their number. */
export function maskPhone(phone: string, mask = 'X'): string {
  return phone.length > 4
    ? `${phone.slice(0, 2)}${mask.repeat(phone.length - 4)}${phone.slice(-2)}`
    : phone;
}
