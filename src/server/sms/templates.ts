// The text messages the product sends, as DLT templates (TRAI: every commercial SMS in India is
// a registered template with variables). The provider gets a template id and the variables; the
// text here is what the registered template says, so the sandbox can show what a phone would
// read and a new message kind is one entry. Template ids are configuration (D121), one per
// kind and language (issue 15: DLT registers a Hindi text as a template of its own).
import { PRODUCT_NAME, messages } from '../../domain/messages';
import { apiMessages } from '../../domain/apiMessages';
import { autopayTexts } from '../../domain/autopayTexts';
import { studentsTexts } from '../../domain/studentsTexts';

export interface SmsTemplateText<V extends string> {
  /** The variables the registered template takes (MSG91: ##name##). */
  vars: readonly V[];
  text: (vars: Record<V, string>) => string;
}

export const SMS_TEMPLATES = {
  otp: {
    vars: ['otp'],
    text: (v: Record<'otp', string>) => messages.otp.sms(PRODUCT_NAME, v.otp),
  },
  invitation: {
    vars: ['payer', 'url'],
    text: (v: Record<'payer' | 'url', string>) =>
      apiMessages.identity.invitationSms(v.payer, null, PRODUCT_NAME, v.url),
  },
  invitationWithAmount: {
    vars: ['payer', 'amount', 'url'],
    text: (v: Record<'payer' | 'amount' | 'url', string>) =>
      apiMessages.identity.invitationSms(v.payer, v.amount, PRODUCT_NAME, v.url),
  },
  // D240: it names the student(s) the fees are for: a parent of two can tell them apart.
  feeReminder: {
    vars: ['tutor', 'student', 'amount', 'purpose', 'url'],
    text: (v: Record<'tutor' | 'student' | 'amount' | 'purpose' | 'url', string>) =>
      studentsTexts.reminders.sms(v.tutor, v.student, v.amount, v.purpose, v.url),
  },
  /** Issue 49 (D252): the pre-debit notice of a UPI Autopay debit (RBI: merchant, amount, date,
   * reference, purpose and how to opt out). */
  autopayNotice: {
    vars: ['tutor', 'amount', 'purpose', 'date', 'reference'],
    text: (v: Record<'tutor' | 'amount' | 'purpose' | 'date' | 'reference', string>) =>
      autopayTexts.sms.notice(v.tutor, v.amount, v.purpose, v.date, v.reference),
  },
  /** Issue 49: a debit failed after its retries; the due is paid by the link instead. */
  autopayFailed: {
    vars: ['tutor', 'amount', 'purpose', 'reason', 'url'],
    text: (v: Record<'tutor' | 'amount' | 'purpose' | 'reason' | 'url', string>) =>
      autopayTexts.sms.failed(v.tutor, v.amount, v.purpose, v.reason, v.url),
  },
} as const;

export type SmsTemplateName = keyof typeof SMS_TEMPLATES;
export type SmsVars<T extends SmsTemplateName> = Parameters<(typeof SMS_TEMPLATES)[T]['text']>[0];

export const SMS_TEMPLATE_NAMES = Object.keys(SMS_TEMPLATES) as SmsTemplateName[];

/** The template ids the local sandbox has "registered" (the app's defaults outside production). */
export const DEV_SMS_TEMPLATE_IDS: Record<SmsTemplateName, string> = {
  otp: 'dev_tpl_otp',
  invitation: 'dev_tpl_invitation',
  invitationWithAmount: 'dev_tpl_invitation_amount',
  feeReminder: 'dev_tpl_fee_reminder',
  autopayNotice: 'dev_tpl_autopay_notice',
  autopayFailed: 'dev_tpl_autopay_failed',
};

/** Issue 15: the sandbox's templates of the same kinds registered in Hindi. */
export const DEV_SMS_TEMPLATE_IDS_HI: Record<SmsTemplateName, string> = {
  otp: 'dev_tpl_otp_hi',
  invitation: 'dev_tpl_invitation_hi',
  invitationWithAmount: 'dev_tpl_invitation_amount_hi',
  feeReminder: 'dev_tpl_fee_reminder_hi',
  autopayNotice: 'dev_tpl_autopay_notice_hi',
  autopayFailed: 'dev_tpl_autopay_failed_hi',
};
