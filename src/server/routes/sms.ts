// sms/ operations of the contract: MSG91's delivery reports (D121) and replies (STOP, D148).
import { coded } from '../../domain/texts';
import { apiMessages } from '../../domain/apiMessages';
import { replyIntent } from '../../domain/reminders';
import { sameSecret } from '../auth/crypto';
import type { Handlers } from '../http/handler';

/** MSG91's webhook statuses: 1 delivered; 2, 9, 16, 17, 25 did not reach the phone. */
const DELIVERED = '1';

export const smsHandlers = {
  async receiveSmsDeliveryReport({ query, body, services }) {
    if (!sameSecret(query.token, services.config.msg91.webhookToken)) {
      return { status: 401, body: coded(apiMessages).webhooks.invalidSignature };
    }
    const known = await services.textMessages.report({
      requestId: body.requestId,
      delivered: body.status === DELIVERED,
      description: body.desc || `status ${body.status}`,
    });
    return { status: 200, body: { result: known ? 'processed' : 'ignored' } };
  },

  async receiveSmsReply({ query, body, services }) {
    if (!sameSecret(query.token, services.config.msg91.webhookToken)) {
      return { status: 401, body: coded(apiMessages).webhooks.invalidSignature };
    }
    const phone = /^(?:\+?91)?([6-9]\d{9})$/.exec(body.mobile.trim())?.[1];
    const intent = replyIntent(body.message);
    if (!phone || !intent) return { status: 200, body: { result: 'ignored' } };
    await services.reminders.reply(phone, intent);
    return { status: 200, body: { result: 'processed' } };
  },
} satisfies Handlers;
