// my-autopay/ and autopay/ operations of the contract, and the gateway's subscription webhook
// (issue 49, D245-D253).
import { coded } from '../../domain/texts';
import { apiMessages } from '../../domain/apiMessages';
import type { Handlers } from '../http/handler';
import { requireSession } from '../http/handler';
import { refusal } from './replies';
import { readSignedWebhook } from './signedWebhook';

export const autopayHandlers = {
  async listMyAutopay({ auth, services }) {
    const result = await services.mandates.mine(requireSession(auth).user);
    return result.ok ? { status: 200, body: result.value } : refusal(result);
  },

  async createMandate({ body, auth, services, request }) {
    const result = await services.mandates.create(requireSession(auth).user, body);
    return result.ok ? { status: 201, body: result.value } : refusal(result, request.log);
  },

  async getMyMandate({ params, auth, services, request }) {
    const result = await services.mandates.get(requireSession(auth).user, params.id);
    if (!result.ok) return refusal(result);
    if (result.value.refreshError) {
      request.log.warn(
        { err: result.value.refreshError },
        'mandate re-read from the gateway failed',
      );
    }
    return { status: 200, body: result.value.mandate };
  },

  async pauseMandate({ params, auth, services, request }) {
    const result = await services.mandates.pause(requireSession(auth).user, params.id);
    return result.ok ? { status: 200, body: result.value } : refusal(result, request.log);
  },

  async resumeMandate({ params, auth, services, request }) {
    const result = await services.mandates.resume(requireSession(auth).user, params.id);
    return result.ok ? { status: 200, body: result.value } : refusal(result, request.log);
  },

  async cancelMyMandate({ params, auth, services, request }) {
    const result = await services.mandates.cancelMine(requireSession(auth).user, params.id);
    return result.ok ? { status: 200, body: result.value } : refusal(result, request.log);
  },

  async listTutorMandates({ auth, services }) {
    const result = await services.mandates.ofTutor(requireSession(auth).user);
    return result.ok ? { status: 200, body: result.value } : refusal(result);
  },

  async cancelTutorMandate({ params, auth, services, request }) {
    const result = await services.mandates.cancelByTutor(requireSession(auth).user, params.id);
    return result.ok ? { status: 200, body: result.value } : refusal(result, request.log);
  },

  /** D253: verified, then the re-read of what it names is a job; answered at once. */
  async receiveSubscriptionWebhook({ services, request }) {
    const event = readSignedWebhook(request, services.clock.now(), (input) =>
      services.subscriptions.verifyWebhook(input),
    );
    if (!event) return { status: 401, body: coded(apiMessages).webhooks.invalidSignature };
    const ours = await services.mandates.receiveWebhook(event);
    if (!ours) {
      request.log.warn({ subscriptionId: event.subscriptionId }, 'subscription webhook not ours');
    }
    return { status: 200, body: { result: ours ? 'stored' : 'ignored' } };
  },
} satisfies Handlers;
