// How a sandbox sub-merchant's KYC moves, and the signed MERCHANT_ONBOARDING_STATUS webhook
// each move sends (through the payment webhooks' delivery: retries and fault switches apply):
//
//   a new onboarding link      product_min_kyc_status null or REJECTED → PENDING
//   'Approve Aadhaar'          → SUBMITTED, then APPROVED after the review time
//                                (config.sandboxKycReviewMs; 0: on the next tick)
//   'Fail Aadhaar'             → REJECTED
//
// Cashfree sends partner webhooks to the URL set in its partner dashboard; this sandbox's
// "dashboard setting" is our server's onboarding webhook on the origin the app's onboarding
// link named as its return_url (or SANDBOX_APP_ORIGIN before any link).
import { toIstIsoString } from '../../src/domain/time';
import type { Clock } from '../../src/server/clock';
import { type SandboxMerchant, merchantEntity } from './merchants';
import { createTimers } from './timers';
import type { WebhookDispatcher } from './webhooks';

export const ONBOARDING_WEBHOOK_TYPE = 'MERCHANT_ONBOARDING_STATUS';
export const ONBOARDING_WEBHOOK_PATH = '/api/v1/payments/pg/onboarding/webhook/';

export interface MerchantStatusDeps {
  webhooks: WebhookDispatcher;
  clock: Clock;
  /** Where the app is, until a merchant's onboarding link says (its return_url's origin). */
  appOrigin: string;
  /** The onboarding webhook's signing key (gateway/merchants.ts: onboardingWebhookKey). */
  webhookSecret: string;
  reviewMs: number;
}

/** The webhook's raw body: the envelope of the payment webhooks around the merchant entity. */
export function onboardingWebhookBody(merchant: SandboxMerchant, now: Date): string {
  return JSON.stringify({
    data: merchantEntity(merchant),
    event_time: toIstIsoString(now),
    type: ONBOARDING_WEBHOOK_TYPE,
  });
}

export function createMerchantStatusOps(deps: MerchantStatusDeps) {
  const { webhooks, clock } = deps;
  // Pending reviews; cleared with the app, or when the merchants are forgotten.
  let reviews = createTimers();
  let closed = false;

  function changed(merchant: SandboxMerchant): void {
    webhooks.send({
      type: ONBOARDING_WEBHOOK_TYPE,
      url: `${merchant.appOrigin ?? deps.appOrigin}${ONBOARDING_WEBHOOK_PATH}`,
      body: onboardingWebhookBody(merchant, clock.now()),
      subject: {
        merchant_id: merchant.merchantId,
        onboarding_status: merchant.minKycStatus ?? merchant.onboardingStatus,
      },
      secret: deps.webhookSecret,
    });
  }

  return {
    /** A new onboarding link (re)opens the KYC step. */
    linkCreated(merchant: SandboxMerchant): void {
      if (merchant.minKycStatus !== null && merchant.minKycStatus !== 'REJECTED') return;
      merchant.minKycStatus = 'PENDING';
      changed(merchant);
    },

    approve(merchant: SandboxMerchant): void {
      merchant.minKycStatus = 'SUBMITTED';
      changed(merchant);
      reviews.later(deps.reviewMs, () => {
        if (merchant.minKycStatus !== 'SUBMITTED') return;
        merchant.minKycStatus = 'APPROVED';
        changed(merchant);
      });
    },

    fail(merchant: SandboxMerchant): void {
      merchant.minKycStatus = 'REJECTED';
      changed(merchant);
    },

    /** Drops the pending reviews (the merchants were forgotten). */
    reset(): void {
      reviews.close();
      if (!closed) reviews = createTimers();
    },

    close(): void {
      closed = true;
      reviews.close();
    },
  };
}

export type MerchantStatusOps = ReturnType<typeof createMerchantStatusOps>;
