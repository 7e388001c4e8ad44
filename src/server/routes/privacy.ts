// A person's own data (issue 54): consent to the privacy notice and a parent's answers (D319,
// D320), the download of everything we hold (D324, D325), erasure (D322) and the audit trail
// of their account (D323). The request is the audit trail's origin (its address and id).
import type { Handlers } from '../http/handler';
import { requireAuth, requireSession } from '../http/handler';
import { pageRequest } from '../services/pages';
import { attachment, headers, refusal } from './replies';

export const privacyHandlers = {
  async getConsents({ auth, services }) {
    return { status: 200, body: await services.consents.state(requireAuth(auth).user) };
  },

  async giveConsent({ body, auth, services, request }) {
    const result = await services.consents.answer(requireAuth(auth).user, body, request);
    return result.ok ? { status: 200, body: result.value } : refusal(result);
  },

  async withdrawConsent({ auth, services, request }) {
    return {
      status: 200,
      body: await services.consents.withdraw(requireAuth(auth).user, request),
    };
  },

  /** The whole PAN leaves the server here only, to its owner (D324). */
  async exportMyData({ auth, services, request }) {
    const result = await services.personalData.json(requireSession(auth).user, request);
    if (!result.ok) return refusal(result);
    return {
      status: 200,
      body: result.value.data,
      headers: headers({
        'content-disposition': attachment(result.value.fileName),
        'cache-control': 'no-store',
      }),
    };
  },

  async exportMyDataPdf({ auth, services, request }) {
    const result = await services.personalData.pdf(requireSession(auth).user, request);
    if (!result.ok) return refusal(result);
    return {
      status: 200,
      body: result.value.bytes,
      headers: headers({
        'content-disposition': attachment(result.value.fileName),
        'cache-control': 'no-store',
      }),
    };
  },

  async eraseMyData({ auth, services, request }) {
    const result = await services.erasure.erase(requireSession(auth).user, request);
    return result.ok ? { status: 200, body: result.value } : refusal(result);
  },

  async listMyAudit({ query, auth, services }) {
    const user = requireAuth(auth).user;
    return { status: 200, body: await services.audit.listOwn(user.id, pageRequest(query)) };
  },
} satisfies Handlers;
