// payments/refunds/: students request refunds, tutors approve or decline them (spec §2 terms).
import type { Handlers } from '../http/handler';
import { requireAuth } from '../http/handler';
import { pageRequest } from '../services/pages';
import { refusal } from './replies';

export const refundHandlers = {
  async listRefunds({ query, auth, services }) {
    const page = await services.refunds.list(requireAuth(auth).user, {
      ...pageRequest(query),
      ...(query?.status === undefined ? {} : { status: query.status }),
    });
    return { status: 200, body: page };
  },

  async requestRefund({ body, auth, services }) {
    const result = await services.refunds.request(requireAuth(auth).user, body);
    return result.ok ? { status: 201, body: result.value } : refusal(result);
  },

  async approveRefund({ params, auth, services, request }) {
    const result = await services.refunds.approve(requireAuth(auth).user, params.id);
    if (!result.ok) return refusal(result, request.log);
    if (result.value.gatewayError) {
      // The refund stays PENDING and is sent again when next listed (same refund id).
      request.log.warn({ err: result.value.gatewayError }, 'refund not confirmed by the gateway');
    }
    return { status: 200, body: result.value.refund };
  },

  async declineRefund({ params, auth, services }) {
    const result = await services.refunds.decline(requireAuth(auth).user, params.id);
    return result.ok ? { status: 200, body: result.value } : refusal(result);
  },
} satisfies Handlers;
