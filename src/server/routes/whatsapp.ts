// whatsapp/ operations of the contract (D151): Meta's check of the webhook URL, and its signed
// notifications: statuses of our texts (a failed one goes again by SMS) and replies (STOP).
import { coded } from '../../domain/texts';
import { apiMessages } from '../../domain/apiMessages';
import { replyIntent } from '../../domain/reminders';
import { sameSecret } from '../auth/crypto';
import type { Handlers } from '../http/handler';
import { readWhatsAppNews, whatsAppSignatureMatches } from '../whatsapp/webhook';

export const whatsAppHandlers = {
  async verifyWhatsAppWebhook({ query, services }) {
    const ours = sameSecret(query['hub.verify_token'], services.config.whatsapp.verifyToken);
    if (query['hub.mode'] !== 'subscribe' || !ours) {
      return { status: 403, body: coded(apiMessages).webhooks.invalidSignature };
    }
    return {
      status: 200,
      body: query['hub.challenge'],
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    };
  },

  async receiveWhatsAppWebhook({ request, services }) {
    const signature = request.headers['x-hub-signature-256'];
    const signed = whatsAppSignatureMatches(
      services.config.whatsapp.appSecret,
      request.rawBody ?? Buffer.alloc(0),
      Array.isArray(signature) ? signature[0] : signature,
    );
    if (!signed) {
      return { status: 401, body: coded(apiMessages).webhooks.invalidSignature };
    }
    const news = readWhatsAppNews(request.body, services.clock.now());
    if (!news) return { status: 200, body: { result: 'ignored' } };
    let known = false;
    for (const status of news.statuses) {
      if (status.delivered === null) continue;
      const taken = await services.textMessages.report({
        requestId: status.messageId,
        delivered: status.delivered,
        description: status.description,
      });
      known ||= taken;
    }
    for (const reply of news.replies) {
      const intent = replyIntent(reply.text);
      if (!intent) continue;
      await services.reminders.reply(reply.phone, intent);
      known = true;
    }
    return { status: 200, body: { result: known ? 'processed' : 'ignored' } };
  },
} satisfies Handlers;
