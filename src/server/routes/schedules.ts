// schedules/ operations of the contract (D20, D36).
import type { Handlers } from '../http/handler';
import { requireAuth } from '../http/handler';
import { pageRequest } from '../services/pages';
import { refusal } from './replies';

export const scheduleHandlers = {
  async createSchedule({ body, auth, services }) {
    const result = await services.schedules.create(requireAuth(auth).user, body);
    return result.ok ? { status: 201, body: result.value } : refusal(result);
  },

  async listSchedules({ query, auth, services }) {
    const body = await services.schedules.list(
      requireAuth(auth).user,
      pageRequest(query),
      query?.upcoming,
    );
    return { status: 200, body };
  },
} satisfies Handlers;
