// fee-plans/ operations of the contract (issue 14, D145).
import type { Handlers } from '../http/handler';
import { requireSession } from '../http/handler';
import { pageRequest } from '../services/pages';
import { refusal } from './replies';

export const feePlanHandlers = {
  async listFeePlans({ query, auth, services }) {
    const result = await services.feePlans.list(requireSession(auth).user, pageRequest(query));
    return result.ok ? { status: 200, body: result.value } : refusal(result);
  },

  async createFeePlan({ body, auth, services }) {
    const result = await services.feePlans.create(requireSession(auth).user, body);
    return result.ok ? { status: 201, body: result.value } : refusal(result);
  },

  async endFeePlan({ params, auth, services }) {
    const result = await services.feePlans.end(requireSession(auth).user, params.id);
    return result.ok ? { status: 200, body: result.value } : refusal(result);
  },
} satisfies Handlers;
