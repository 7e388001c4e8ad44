// payments/payment-link/ operations of the contract (D19, D34).
import type { Handlers } from '../http/handler';
import { requireAuth } from '../http/handler';
import { refusal } from './replies';

export const paymentLinkHandlers = {
  async listPaymentLinks({ query, auth, services }) {
    const result = await services.paymentLinks.list(
      requireAuth(auth).user,
      query?.page ?? 1,
      query?.page_size ?? 20,
    );
    return result.ok ? { status: 200, body: result.value } : refusal(result);
  },

  async createPaymentLink({ body, auth, services }) {
    const result = await services.paymentLinks.create(requireAuth(auth).user, body);
    return result.ok ? { status: 201, body: result.value } : refusal(result);
  },

  async getPaymentLink({ params, auth, services }) {
    const result = await services.paymentLinks.details(params.id, auth !== null);
    return result.ok ? { status: 200, body: result.value } : refusal(result);
  },
} satisfies Handlers;
