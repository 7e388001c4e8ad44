// payments/payment-link/ operations of the contract (D19, D34).
import type { Handlers } from '../http/handler';
import { requireAuth, requireSession } from '../http/handler';
import { pageRequest } from '../services/pages';
import { refusal } from './replies';

export const paymentLinkHandlers = {
  async listPaymentLinks({ query, auth, services }) {
    const result = await services.paymentLinks.list(
      requireSession(auth).user,
      pageRequest(query),
      query?.status,
    );
    return result.ok ? { status: 200, body: result.value } : refusal(result);
  },

  /** Bearer or an API key (D19): both act as the tutor. */
  async createPaymentLink({ body, auth, services }) {
    const result = await services.paymentLinks.create(requireAuth(auth).user, body);
    return result.ok ? { status: 201, body: result.value } : refusal(result);
  },

  async getPaymentLink({ params, auth, services }) {
    const result = await services.paymentLinks.details(params.id, auth !== null);
    return result.ok ? { status: 200, body: result.value } : refusal(result);
  },

  async cancelPaymentLink({ params, auth, services, request }) {
    const result = await services.paymentLinks.cancel(requireSession(auth).user, params.id);
    if (!result.ok) return refusal(result);
    for (const { orderId, status, error } of result.value.checkouts) {
      if (error) {
        request.log.warn(
          { linkId: params.id, orderId, status, err: error },
          'cancelled link: open checkout not ended now (the link-close job retries)',
        );
      }
    }
    return { status: 200, body: result.value.link };
  },
} satisfies Handlers;
