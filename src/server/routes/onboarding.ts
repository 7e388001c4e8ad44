// payments/pg/onboarding/ operations of the contract: the tutor's Aadhaar KYC with the gateway
// (D4, D15, D16, D35) and the gateway's status webhook.
import { coded } from '../../domain/texts';
import { apiMessages } from '../../domain/apiMessages';
import type { Handlers } from '../http/handler';
import { requireAuth } from '../http/handler';
import { refusal } from './replies';
import { readSignedWebhook } from './signedWebhook';

export const onboardingHandlers = {
  async startPgOnboarding({ body, auth, services, request }) {
    const result = await services.kyc.start(requireAuth(auth).user, body.user_id);
    if (!result.ok) {
      if (result.cause) request.log.warn({ err: result.cause }, 'gateway onboarding failed');
      return refusal(result);
    }
    return { status: 201, body: result.value };
  },

  async getPgOnboarding({ params, auth, services, request }) {
    const result = await services.kyc.get(requireAuth(auth).user, params.id);
    if (!result.ok) return refusal(result);
    if (result.value.refreshError) {
      request.log.warn(
        { err: result.value.refreshError },
        'merchant re-read from the gateway failed; answering the stored status',
      );
    }
    return { status: 200, body: result.value.state };
  },

  /** The gateway's status webhook: signed raw body, 5-minute window, at-least-once delivery. */
  async receiveOnboardingWebhook({ services, request }) {
    const event = readSignedWebhook(request, services.clock.now(), (input) =>
      services.merchants.verifyStatusWebhook(input),
    );
    if (!event) {
      return { status: 401, body: coded(apiMessages).webhooks.invalidSignature };
    }
    const result = await services.kyc.receiveWebhook(event);
    if (result === 'ignored') {
      request.log.warn(
        { merchantId: event.merchantId },
        'onboarding webhook for an unknown merchant',
      );
    }
    return { status: 200, body: { result } };
  },
} satisfies Handlers;
