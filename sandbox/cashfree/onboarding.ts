// Merchant onboarding in the sandbox: the partner API (partners.ts) at
// /sandbox/cashfree/partners, the KYC page behind each onboarding link (kyc.ts) at
// /sandbox/cashfree/kyc/:token, and the status webhooks they cause (merchantStatus.ts).
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../src/server/clock';
import type { SandboxConfig } from '../config';
import { onboardingWebhookKey } from '../../src/server/gateway/merchants';
import type { Faults } from './faults';
import { kycPageRoutes } from './kyc';
import { createMerchantStatusOps } from './merchantStatus';
import { createMerchantState } from './merchants';
import { partnerRoutes } from './partners';
import type { WebhookDispatcher } from './webhooks';

export interface OnboardingSandboxDeps {
  config: SandboxConfig;
  clock: Clock;
  faults: Faults;
  webhooks: WebhookDispatcher;
}

export async function onboardingSandboxRoutes(app: FastifyInstance, deps: OnboardingSandboxDeps) {
  const { config, clock } = deps;
  const state = createMerchantState();
  const status = createMerchantStatusOps({
    webhooks: deps.webhooks,
    clock,
    appOrigin: config.appOrigin,
    webhookSecret: onboardingWebhookKey(config.cashfree),
    reviewMs: config.kycReviewMs,
  });
  app.addHook('onClose', async () => status.close());

  await app.register(partnerRoutes, {
    prefix: '/partners',
    state,
    status,
    faults: deps.faults,
    clock,
    partnerApiKey: config.cashfree.partnerApiKey,
    origin: config.origin,
  });
  await app.register(kycPageRoutes, { state, status, clock });
}
