// The WhatsApp message templates (D151). WhatsApp Business sends a business-started message
// only as a template Meta has approved, by name and language. Each kind's body parameters are,
// in order, the variables of the SMS template of the same kind (sms/templates.ts), so the two
// channels read the same and a WhatsApp text that cannot be delivered can go by SMS instead.
import { SMS_TEMPLATES, type SmsTemplateName } from '../sms/templates';

/** The kinds sent over WhatsApp, with the template name registered for each by default. */
export const WHATSAPP_TEMPLATES = {
  feeReminder: 'fee_reminder',
  autopayNotice: 'autopay_notice',
  autopayFailed: 'autopay_failed',
} as const satisfies Partial<Record<SmsTemplateName, string>>;

export type WhatsAppTemplateName = keyof typeof WHATSAPP_TEMPLATES;
export const WHATSAPP_TEMPLATE_NAMES = Object.keys(WHATSAPP_TEMPLATES) as WhatsAppTemplateName[];

/** The language code each template is approved in, in English and in Hindi (issue 15). */
export const WHATSAPP_LANGUAGE = 'en';
export const WHATSAPP_LANGUAGE_HI = 'hi';

export const hasWhatsAppTemplate = (name: string): name is WhatsAppTemplateName =>
  Object.hasOwn(WHATSAPP_TEMPLATES, name);

/** A kind's variables as the template's body parameters, in their registered order. */
export function bodyParameters(name: WhatsAppTemplateName, vars: Record<string, string>) {
  return SMS_TEMPLATES[name].vars.map((v) => ({ type: 'text' as const, text: vars[v] ?? '' }));
}
