// auth/api-keys/ operations of the contract: tutors' keys for the Token scheme (D19).
import type { Handlers } from '../http/handler';
import { requireSession } from '../http/handler';
import { pageRequest } from '../services/pages';
import { refusal } from './replies';

export const apiKeyHandlers = {
  async listApiKeys({ query, auth, services }) {
    const result = await services.apiKeys.list(requireSession(auth).user, pageRequest(query));
    return result.ok ? { status: 200, body: result.value } : refusal(result);
  },

  async createApiKey({ body, auth, services }) {
    const result = await services.apiKeys.create(requireSession(auth).user, body.name);
    return result.ok ? { status: 201, body: result.value } : refusal(result);
  },

  async revokeApiKey({ params, auth, services }) {
    const result = await services.apiKeys.revoke(requireSession(auth).user, params.id);
    return result.ok ? { status: 200, body: result.value } : refusal(result);
  },
} satisfies Handlers;
