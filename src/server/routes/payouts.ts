// Issue 50: payouts (settlements to the tutor's bank), the gateway's settlement webhook, the
// GST profile and the year's register of tax documents.
import { coded } from '../../domain/texts';
import { apiMessages } from '../../domain/apiMessages';
import type { Handlers } from '../http/handler';
import { requireAuth } from '../http/handler';
import { pageRequest } from '../services/pages';
import { csvReply, refusal } from './replies';
import { readSignedWebhook } from './signedWebhook';

export const payoutHandlers = {
  async listPayouts({ query, auth, services }) {
    const result = await services.payouts.list(requireAuth(auth).user, pageRequest(query));
    return result.ok ? { status: 200, body: result.value } : refusal(result);
  },

  async getPayout({ params, query, auth, services }) {
    const result = await services.payouts.get(
      requireAuth(auth).user,
      params.id,
      pageRequest(query),
    );
    return result.ok ? { status: 200, body: result.value } : refusal(result);
  },

  async exportPayouts({ query, auth, services }) {
    const result = await services.payouts.exportCsv(requireAuth(auth).user, query);
    return result.ok ? csvReply(result.value) : refusal(result);
  },

  async exportPayoutStatement({ query, auth, services }) {
    const result = await services.payouts.statement(requireAuth(auth).user, query.fy);
    return result.ok ? csvReply(result.value) : refusal(result);
  },

  async getTaxProfile({ auth, services }) {
    return { status: 200, body: await services.taxProfiles.get(requireAuth(auth).user) };
  },

  async saveTaxProfile({ body, auth, services }) {
    const result = await services.taxProfiles.save(requireAuth(auth).user, body);
    return result.ok ? { status: 200, body: result.value } : refusal(result);
  },

  async exportTaxRegister({ query, auth, services }) {
    const result = await services.taxRegister(requireAuth(auth).user, {
      fy: query.fy,
      ...(query.view ? { view: query.view } : {}),
    });
    return result.ok ? csvReply(result.value) : refusal(result);
  },

  /** D268: signed like payment webhooks; stored with its job and answered at once. */
  async receiveSettlementWebhook({ services, request }) {
    const event = readSignedWebhook(request, services.clock.now(), (input) =>
      services.settlementsApi.verifyWebhook(input),
    );
    if (!event) {
      return { status: 401, body: coded(apiMessages).webhooks.invalidSignature };
    }
    const { result } = await services.settlements.receiveWebhook(event);
    return { status: 200, body: { result } };
  },
} satisfies Handlers;
