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
    const { user } = requireSession(auth);
    const result = await services.feePlans.create(user, body);
    if (!result.ok) return refusal(result);
    // D146: the plan's dues show at once (the hourly job would write them anyway).
    await services.dues.generate({ tutorId: user.id });
    return { status: 201, body: result.value };
  },

  async changeFeePlan({ params, body, auth, services }) {
    const result = await services.feePlans.change(requireSession(auth).user, params.id, body);
    return result.ok ? { status: 200, body: result.value } : refusal(result);
  },

  async endFeePlan({ params, auth, services }) {
    const result = await services.feePlans.end(requireSession(auth).user, params.id);
    return result.ok ? { status: 200, body: result.value } : refusal(result);
  },
} satisfies Handlers;
