// The sandbox's Subscriptions memory (issue 49): plans, subscriptions (UPI Autopay mandates),
// their charges (each a pre-debit notice and up to four executions) and refunds, kept as
// Cashfree would report them, in the sandbox process's memory like the rest of it (D52).
import { randomBytes } from 'node:crypto';
import { paiseToRupees } from '../../src/domain/money';
import { toIstIsoString } from '../../src/domain/time';
import type { GatewaySubscriptionStatus } from '../../src/server/gateway/subscriptions';
import { numericId } from './state';

export type ChargeStatus = 'INITIALIZED' | 'PENDING' | 'SUCCESS' | 'FAILED' | 'CANCELLED';

/** How the debits of a mandate go, set on its page or by /simulate (test data). */
export interface DebitOutcome {
  /** null: every attempt succeeds; else every attempt fails with this code... */
  failWith: string | null;
  /** ...until this many attempts failed (0: all of them). */
  failAttempts: number;
}

export const SUCCESSFUL_DEBITS: DebitOutcome = { failWith: null, failAttempts: 0 };

export interface SandboxPlan {
  planId: string;
  name: string;
  type: 'ON_DEMAND' | 'PERIODIC';
  maxAmountPaise: number;
  note: string | null;
}

export interface SandboxSubscription {
  subscriptionId: string;
  cfSubscriptionId: string;
  planId: string;
  customer: { name: string | null; phone: string; email: string };
  status: GatewaySubscriptionStatus;
  sessionId: string;
  returnUrl: string | null;
  /** Where its webhooks go: the return_url's origin, else the configured app. */
  appOrigin: string;
  paymentMethods: string[];
  authorizationAmountPaise: number;
  authorization: {
    status: 'PENDING' | 'ACTIVE' | 'FAILED';
    reference: string | null;
    at: Date | null;
  };
  /** The page's approval by when (an unapproved mandate turns LINK_EXPIRED after). */
  approveBy: Date;
  expiresAt: Date;
  createdAt: Date;
  debits: DebitOutcome;
}

export interface SandboxExecution {
  executionId: string;
  cfExecutionId: string;
  status: ChargeStatus;
  initiatedAt: Date;
  completedAt: Date | null;
  failureCode: string | null;
}

export interface SandboxCharge {
  paymentId: string;
  cfPaymentId: string;
  subscriptionId: string;
  amountPaise: number;
  remarks: string | null;
  status: ChargeStatus;
  notification: {
    notificationId: string;
    cfNotificationId: string;
    at: Date;
    status: ChargeStatus;
  };
  executions: SandboxExecution[];
}

export interface SandboxSubscriptionRefund {
  refundId: string;
  cfRefundId: string;
  subscriptionId: string;
  paymentId: string;
  amountPaise: number;
  note: string | null;
  createdAt: Date;
  processesAt: Date;
}

export function subscriptionSessionId(): string {
  return `sub_session_${randomBytes(30).toString('base64url')}`;
}

export function createSubscriptionState() {
  const plans = new Map<string, SandboxPlan>();
  const subscriptions = new Map<string, SandboxSubscription>();
  const sessions = new Map<string, string>();
  const charges = new Map<string, SandboxCharge>();
  const refunds = new Map<string, SandboxSubscriptionRefund>();
  return {
    plans,
    charges,
    refunds,
    addSubscription(subscription: SandboxSubscription): void {
      subscriptions.set(subscription.subscriptionId, subscription);
      sessions.set(subscription.sessionId, subscription.subscriptionId);
    },
    subscription(id: string): SandboxSubscription | undefined {
      return subscriptions.get(id);
    },
    bySession(session: string): SandboxSubscription | undefined {
      const id = sessions.get(session);
      return id === undefined ? undefined : subscriptions.get(id);
    },
    chargesOf(subscriptionId: string): SandboxCharge[] {
      return [...charges.values()].filter((c) => c.subscriptionId === subscriptionId);
    },
    all(): SandboxSubscription[] {
      return [...subscriptions.values()];
    },
  };
}

export type SubscriptionState = ReturnType<typeof createSubscriptionState>;

// ---------------------------------------------------------------------------------------------
// Entities as the API answers them (SDK v5 types; rupees in JSON numbers).

export function planEntity(plan: SandboxPlan) {
  return {
    plan_id: plan.planId,
    plan_name: plan.name,
    plan_type: plan.type,
    plan_currency: 'INR',
    plan_max_amount: paiseToRupees(plan.maxAmountPaise),
    plan_recurring_amount: null,
    plan_max_cycles: null,
    plan_intervals: null,
    plan_interval_type: null,
    plan_note: plan.note,
    plan_status: 'ACTIVE',
  };
}

export function subscriptionEntity(
  subscription: SandboxSubscription,
  plan: SandboxPlan | undefined,
) {
  return {
    subscription_id: subscription.subscriptionId,
    cf_subscription_id: subscription.cfSubscriptionId,
    subscription_status: subscription.status,
    subscription_session_id: subscription.sessionId,
    subscription_expiry_time: toIstIsoString(subscription.expiresAt),
    subscription_first_charge_time: null,
    subscription_note: null,
    subscription_tags: null,
    subscription_meta: { return_url: subscription.returnUrl },
    customer_details: {
      customer_name: subscription.customer.name,
      customer_email: subscription.customer.email,
      customer_phone: subscription.customer.phone,
    },
    plan_details: plan ? planEntity(plan) : null,
    authorisation_details: {
      authorization_amount: paiseToRupees(subscription.authorizationAmountPaise),
      authorization_amount_refund: true,
      authorization_reference: subscription.authorization.reference,
      authorization_time: subscription.authorization.at
        ? toIstIsoString(subscription.authorization.at)
        : null,
      authorization_status: subscription.authorization.status,
      payment_method: 'upi',
      approve_by_time: toIstIsoString(subscription.approveBy),
    },
  };
}

export function notificationEntity(charge: SandboxCharge) {
  return {
    cf_notification_id: charge.notification.cfNotificationId,
    cf_payment_id: charge.cfPaymentId,
    notification_id: charge.notification.notificationId,
    notification_initiated_time: toIstIsoString(charge.notification.at),
    notification_status: charge.notification.status,
    payment_amount: paiseToRupees(charge.amountPaise),
    payment_id: charge.paymentId,
    payment_status: charge.status,
    subscription_id: charge.subscriptionId,
  };
}

export function executionEntity(charge: SandboxCharge, execution: SandboxExecution) {
  return {
    cf_execution_id: execution.cfExecutionId,
    cf_order_id: null,
    cf_payment_id: charge.cfPaymentId,
    cf_txn_id: null,
    execution_id: execution.executionId,
    execution_initiated_time: toIstIsoString(execution.initiatedAt),
    execution_completed_time: execution.completedAt ? toIstIsoString(execution.completedAt) : null,
    execution_status: execution.status,
    failure_details: {
      failure_reason: execution.failureCode ? failureReason(execution.failureCode) : '',
      failure_error_code: execution.failureCode ?? '',
      failure_sub_error_code: '',
    },
    payment_amount: paiseToRupees(charge.amountPaise),
    payment_id: charge.paymentId,
    payment_remarks: charge.remarks,
    payment_status: execution.status,
    subscription_id: charge.subscriptionId,
  };
}

export function chargeEntity(charge: SandboxCharge) {
  const last = charge.executions.at(-1);
  return {
    cf_payment_id: charge.cfPaymentId,
    payment_id: charge.paymentId,
    subscription_id: charge.subscriptionId,
    payment_amount: paiseToRupees(charge.amountPaise),
    payment_status: charge.status,
    payment_type: 'CHARGE',
    payment_remarks: charge.remarks,
    retry_attempts: Math.max(0, charge.executions.length - 1),
    payment_initiated_date: last ? toIstIsoString(last.initiatedAt) : null,
    failure_details: last?.failureCode ? { failure_reason: failureReason(last.failureCode) } : null,
  };
}

export function subscriptionRefundEntity(refund: SandboxSubscriptionRefund, now: Date) {
  const processed = now.getTime() >= refund.processesAt.getTime();
  return {
    cf_refund_id: refund.cfRefundId,
    refund_id: refund.refundId,
    payment_id: refund.paymentId,
    cf_payment_id: null,
    refund_amount: paiseToRupees(refund.amountPaise),
    refund_note: refund.note,
    refund_speed: 'STANDARD',
    refund_status: processed ? 'SUCCESS' : 'PENDING',
    status_description: processed ? 'Refund processed successfully' : 'In Progress',
    created_at: toIstIsoString(refund.createdAt),
    processed_at: processed ? toIstIsoString(refund.processesAt) : null,
  };
}

/** The failure codes the sandbox imitates and what the bank says of each. */
export const FAILURE_REASONS: Record<string, string> = {
  INSUFFICIENT_FUNDS: 'Insufficient funds in the remitter account',
  DEBIT_LIMIT_EXCEEDED: 'The remitter bank’s daily limit was exceeded',
  MANDATE_REVOKED: 'The mandate was revoked by the customer',
  TRANSACTION_DECLINED: 'The remitter bank declined the debit',
};

export function failureReason(code: string): string {
  return FAILURE_REASONS[code] ?? 'The debit failed';
}

export const newCfId = numericId;
