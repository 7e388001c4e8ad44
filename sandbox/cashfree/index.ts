// The Cashfree sandbox (gateway-contract.md): a local imitation of the parts of Cashfree we
// use, at /sandbox/cashfree on the sandbox server (sandbox/main.ts). Its state lives in the
// sandbox process's memory, like the external system it imitates (D52).
//
//   /sandbox/cashfree/pg/...                     the PG API (pg.ts); the adapter's basePath
//   /sandbox/cashfree/verification/...           the verification API: PAN, penny drop
//                                                (verification.ts)
//   /sandbox/cashfree/partners/...               the partner API: merchant onboarding
//                                                (partners.ts, onboarding.ts)
//   /sandbox/cashfree/kyc/:token                 the KYC page behind an onboarding link (kyc.ts)
//   /sandbox/cashfree/checkout/:paymentSessionId the hosted checkout page (checkout.ts)
//   /sandbox/cashfree/js/v3/cashfree.js          the browser SDK's stand-in (script.ts)
//   /sandbox/cashfree/pg/plans, .../subscriptions  Subscriptions: UPI Autopay mandates and
//                                                their debits (subscriptionApi.ts)
//   /sandbox/cashfree/subscriptions/checkout/:id the hosted mandate page (mandatePage.ts)
//   /sandbox/cashfree/faults                     fault switches (faults.ts)
//   /sandbox/cashfree/webhooks                   the webhook delivery log (webhooks.ts)
//   /sandbox/cashfree/settlements/...            run the day's settlements, their faults
//                                                (settlements.ts; the API is under pg/)
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../src/server/clock';
import type { SandboxConfig } from '../config';
import { checkoutRoutes } from './checkout';
import { defaultFaults, faultRoutes } from './faults';
import { onboardingSandboxRoutes } from './onboarding';
import { createPaymentOps } from './payments';
import { pgRoutes } from './pg';
import { scriptRoutes } from './script';
import { createSettlementEngine, settlementControlRoutes } from './settlements';
import { createSandboxState } from './state';
import { mandatePageRoutes } from './mandatePage';
import { createSubscriptionOps } from './subscriptionOps';
import { createSubscriptionState } from './subscriptionState';
import { verificationRoutes } from './verification';
import { createWebhookDispatcher, type Deliver } from './webhooks';

export interface CashfreeSandboxDeps {
  config: SandboxConfig;
  clock: Clock;
  /** Tests: reaches the app without a socket. */
  deliver?: Deliver;
}

export async function cashfreeSandboxRoutes(app: FastifyInstance, deps: CashfreeSandboxDeps) {
  const { config, clock } = deps;
  const faults = defaultFaults();
  const state = createSandboxState(clock);
  const webhooks = createWebhookDispatcher({
    clock,
    faults,
    secret: config.cashfree.clientSecret,
    log: app.log,
    ...(deps.deliver ? { deliver: deps.deliver } : {}),
  });
  app.addHook('onClose', async () => webhooks.close());
  const payments = createPaymentOps({ state, webhooks, clock });
  const subscriptions = createSubscriptionState();
  const subscriptionOps = createSubscriptionOps({
    state: subscriptions,
    webhooks,
    clock,
    approvalMs: config.mandateApprovalMs,
    debitMs: config.debitProcessingMs,
  });
  app.addHook('onClose', async () => subscriptionOps.close());

  // Issue 50 (D272): settlements of each day's payments, their API (under pg/) and webhooks.
  const settlements = createSettlementEngine({
    state,
    webhooks,
    clock,
    appOrigin: config.appOrigin,
  });
  await app.register(pgRoutes, {
    prefix: '/pg',
    state,
    payments,
    settlements,
    faults,
    clock,
    clientId: config.cashfree.clientId,
    clientSecret: config.cashfree.clientSecret,
    subscriptions: {
      subscriptions,
      ops: subscriptionOps,
      state,
      clock,
      appOrigin: config.appOrigin,
    },
  });
  await app.register(settlementControlRoutes, {
    engine: settlements,
    clock,
    everyMs: config.settleEveryMs,
  });
  await app.register(verificationRoutes, {
    prefix: '/verification',
    faults,
    clientId: config.cashfree.clientId,
    clientSecret: config.cashfree.clientSecret,
  });
  await app.register(onboardingSandboxRoutes, { config, clock, faults, webhooks });
  await app.register(checkoutRoutes, { state, payments });
  await app.register(mandatePageRoutes, { subscriptions, ops: subscriptionOps });
  await app.register(scriptRoutes);
  await app.register(faultRoutes, { faults, onReorderOff: () => webhooks.releaseHeld() });
  app.get<{ Querystring: { order_id?: string; merchant_id?: string; subscription_id?: string } }>(
    '/webhooks',
    async (request) => {
      const {
        order_id: orderId,
        merchant_id: merchantId,
        subscription_id: subscriptionId,
      } = request.query;
      return webhooks.list({
        ...(typeof orderId === 'string' ? { orderId } : {}),
        ...(typeof merchantId === 'string' ? { merchantId } : {}),
        ...(typeof subscriptionId === 'string' ? { subscriptionId } : {}),
      });
    },
  );
}
