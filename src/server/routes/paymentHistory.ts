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

  async exportPaymentsReceived({ query, auth, services, request }) {
    const { user } = requireAuth(auth);
    const result = await services.paymentHistory.exportCsv(user, query);
    if (!result.ok) return refusal(result);
    // D323: an export of others' data is in the trail before it leaves.
    await services.audit.record(
      services.db,
      { actorId: user.id, action: 'payments.exported', detail: { ...query } },
      request,
    );
    return csvReply(result.value);
  },

  async listPaymentsMade({ query, auth, services }) {
    const result = await services.paymentHistory.made(requireAuth(auth).user, pageRequest(query));
    return result.ok ? { status: 200, body: result.value } : refusal(result);
  },
} satisfies Handlers;
