// user/ operations of the contract.
import type { Handlers } from '../http/handler';
import { requireAuth } from '../http/handler';

export const userHandlers = {
  async getMe({ auth, services }) {
    return { status: 200, body: await services.users.toApiUser(requireAuth(auth).user) };
  },
} satisfies Handlers;
