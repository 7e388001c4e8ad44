// What the server needs from the gateway's Subscriptions API (UPI Autopay mandates, issue 49).
// The Cashfree adapter (cashfreeSubscriptions.ts) implements it with the official SDK and, for
// the controlled UPI flow the SDK lacks, the one transport. Amounts are integer paise here.
import type { SignedWebhook } from './signature';
import type { GatewayRefund } from './types';

/** The subscription statuses Cashfree reports (D253 maps them onto ours). */
export const GATEWAY_SUBSCRIPTION_STATUSES = [
  'INITIALIZED',
  'BANK_APPROVAL_PENDING',
  'ACTIVE',
  'ON_HOLD',
  'PAUSED',
  'CUSTOMER_PAUSED',
  'CUSTOMER_CANCELLED',
  'CANCELLED',
  'COMPLETED',
  'EXPIRED',
  'LINK_EXPIRED',
  'CARD_EXPIRED',
] as const;
export type GatewaySubscriptionStatus = (typeof GATEWAY_SUBSCRIPTION_STATUSES)[number];

/** A charge's statuses (notification, execution and the payment itself). */
export const GATEWAY_CHARGE_STATUSES = [
  'INITIALIZED',
  'PENDING',
  'SUCCESS',
  'FAILED',
  'CANCELLED',
] as const;
export type GatewayChargeStatus = (typeof GATEWAY_CHARGE_STATUSES)[number];

export interface GatewaySubscription {
  subscriptionId: string;
  cfSubscriptionId: string | null;
  status: GatewaySubscriptionStatus;
  /** For the hosted mandate page (the browser SDK's subscriptionsCheckout). */
  sessionId: string | null;
  /** The mandate's approval: PENDING, ACTIVE/SUCCESS or FAILED, as the gateway words it. */
  authorizationStatus: string | null;
  /** The UMN of an approved UPI mandate. */
  authorizationReference: string | null;
}

export interface SubscriptionInput {
  /** Our mandate id, also the gateway's subscription_id. */
  subscriptionId: string;
  planId: string;
  customer: { name: string; phone: string; email: string };
  /** Where the gateway's page sends the payer back. */
  returnUrl: string;
  expiresAt: Date;
  /** Paise taken (and refunded) to approve the mandate. */
  authorizationAmount: number;
}

export interface GatewayNotification {
  notificationId: string;
  paymentId: string;
  status: GatewayChargeStatus;
  /** Paise. */
  amount: number;
}

export interface GatewayExecution {
  executionId: string;
  paymentId: string;
  cfPaymentId: string | null;
  /** The debit's outcome. */
  paymentStatus: GatewayChargeStatus;
  /** Paise. */
  amount: number;
  /** e.g. INSUFFICIENT_FUNDS. */
  failureCode: string | null;
  failureReason: string | null;
}

export interface SubscriptionWebhook {
  type: string;
  subscriptionId: string;
  /** Our debit's id, for the payment events. */
  paymentId: string | null;
}

export interface SubscriptionGateway {
  /** POST /plans (ON_DEMAND); a plan of that id already there is as good as created. */
  createPlan(input: { planId: string; name: string; maxAmount: number }): Promise<void>;
  createSubscription(input: SubscriptionInput): Promise<GatewaySubscription>;
  fetchSubscription(subscriptionId: string): Promise<GatewaySubscription>;
  /** ACTIVATE (a paused mandate resumed) takes when the next charge may come. */
  manageSubscription(
    subscriptionId: string,
    action: 'CANCEL' | 'PAUSE' | 'ACTIVATE',
    resumeAt?: Date,
  ): Promise<GatewaySubscription>;
  /** The pre-debit notice for exactly `amount` (controlled notify-mandate); idempotent on ids. */
  notifyDebit(input: {
    subscriptionId: string;
    paymentId: string;
    notificationId: string;
    amount: number;
    remarks: string;
  }): Promise<GatewayNotification>;
  /** One attempt at the notified debit (controlled execute-mandate); idempotent on executionId. */
  executeDebit(input: { paymentId: string; executionId: string }): Promise<GatewayExecution>;
  /** An attempt as the gateway knows it; a GatewayError 404 when it never got there. */
  fetchExecution(paymentId: string, executionId: string): Promise<GatewayExecution>;
  /** Tells the gateway a notified debit will not be executed. */
  cancelDebit(subscriptionId: string, paymentId: string): Promise<void>;
  createRefund(input: {
    subscriptionId: string;
    paymentId: string;
    refundId: string;
    amount: number;
    note: string;
  }): Promise<GatewayRefund>;
  fetchRefund(subscriptionId: string, refundId: string): Promise<GatewayRefund>;
  /** Signature and freshness as for payment webhooks; the event, or null. */
  verifyWebhook(input: SignedWebhook): SubscriptionWebhook | null;
}
