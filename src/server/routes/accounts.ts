// user/accounts/ operations of the contract: a tutor's bank accounts (D16, D31).
import type { Handlers } from '../http/handler';
import { requireAuth } from '../http/handler';
import { refusal } from './replies';

export const accountHandlers = {
  async listAccounts({ auth, services }) {
    return { status: 200, body: await services.bankAccounts.list(requireAuth(auth).user) };
  },

  /** The penny drop; D16: the number is in the request body only, which is never logged. */
  async addAccount({ body, auth, services, request }) {
    const result = await services.bankAccounts.add(
      requireAuth(auth).user,
      { accountNumber: body.account_number, ifsc: body.ifsc },
      request,
    );
    return result.ok ? { status: 201, body: result.value } : refusal(result, request.log);
  },
} satisfies Handlers;
