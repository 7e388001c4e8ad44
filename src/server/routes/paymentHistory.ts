// The dashboards' payment lists (D5, D10) and the tutor's CSV export.
import type { Handlers } from '../http/handler';
import { requireAuth } from '../http/handler';
import { pageRequest } from '../services/pages';
import { csvReply, refusal } from './replies';

export const paymentHistoryHandlers = {
  async listPaymentsReceived({ query, auth, services }) {
    const result = await services.paymentHistory.received(requireAuth(auth).user, {
      ...pageRequest(query),
      ...(query?.from === undefined ? {} : { from: query.from }),
      ...(query?.to === undefined ? {} : { to: query.to }),
    });
    return result.ok ? { status: 200, body: result.value } : refusal(result);
  },

  async exportPaymentsReceived({ query, auth, services }) {
    const result = await services.paymentHistory.exportCsv(requireAuth(auth).user, query);
    return result.ok ? csvReply(result.value) : refusal(result);
  },

  async listPaymentsMade({ query, auth, services }) {
    const result = await services.paymentHistory.made(requireAuth(auth).user, pageRequest(query));
    return result.ok ? { status: 200, body: result.value } : refusal(result);
  },
} satisfies Handlers;
