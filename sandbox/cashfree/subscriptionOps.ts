// How the sandbox's mandates and their debits move, and the signed webhook each move sends
// (through the payment webhooks' delivery: retries and the fault switches apply):
//
//   the page's Approve        INITIALIZED → BANK_APPROVAL_PENDING, then ACTIVE after
//                             SANDBOX_MANDATE_APPROVAL_MS (0: on the next tick)
//   the page's Decline        authorization FAILED (status stays INITIALIZED)
//   not approved in time      → LINK_EXPIRED; past subscription_expiry_time → EXPIRED
//   manage CANCEL/PAUSE/ACTIVATE, and the UPI app's cancel, pause and resume (simulate)
//   notify-mandate            a charge, INITIALIZED; the notice reaches the bank (SUCCESS)
//   execute-mandate           an execution, PENDING; SUCCESS or FAILED (the mandate's test
//                             outcome) after SANDBOX_DEBIT_PROCESSING_MS
//
// Cashfree sends subscription webhooks to the URL of its dashboard; this sandbox's "dashboard
// setting" is our server's subscription webhook on the return_url's origin.
import { randomBytes } from 'node:crypto';
import { toIstIsoString } from '../../src/domain/time';
import type { Clock } from '../../src/server/clock';
import {
  chargeEntity,
  failureReason,
  newCfId,
  subscriptionEntity,
  type SandboxCharge,
  type SandboxExecution,
  type SandboxSubscription,
  type SubscriptionState,
} from './subscriptionState';
import { createTimers } from './timers';
import { rupeeText, type WebhookDispatcher } from './webhooks';

export const SUBSCRIPTION_WEBHOOK_PATH = '/api/v1/payments/pg/subscriptions/webhook/';
/** An unapproved mandate's page stays open this long (Cashfree's approve_by_time). */
export const APPROVE_WITHIN_MS = 24 * 60 * 60 * 1000;

/** JSON with amounts (paise, wrapped by `rupees`) written as Cashfree does: 170.00. */
function jsonWithRupees(build: (rupees: (paise: number) => string) => unknown): string {
  const marker = randomBytes(8).toString('hex');
  const amounts: string[] = [];
  const rupees = (paise: number) => {
    amounts.push(rupeeText(paise));
    return `@@${marker}:${amounts.length - 1}@@`;
  };
  return JSON.stringify(build(rupees)).replace(
    new RegExp(`"@@${marker}:(\\d+)@@"`, 'g'),
    (_, index: string) => amounts[Number(index)]!,
  );
}

export interface SubscriptionOpsDeps {
  state: SubscriptionState;
  webhooks: WebhookDispatcher;
  clock: Clock;
  approvalMs: number;
  debitMs: number;
}

export function createSubscriptionOps(deps: SubscriptionOpsDeps) {
  const { state, webhooks, clock } = deps;
  const timers = createTimers();

  function send(
    subscription: SandboxSubscription,
    type: string,
    data: (rupees: (paise: number) => string) => unknown,
    subject: object,
  ) {
    webhooks.send({
      type,
      url: `${subscription.appOrigin}${SUBSCRIPTION_WEBHOOK_PATH}`,
      body: jsonWithRupees((rupees) => ({
        data: data(rupees),
        event_time: toIstIsoString(clock.now()),
        type,
      })),
      subject: { subscription_id: subscription.subscriptionId, ...subject },
    });
  }

  function details(subscription: SandboxSubscription) {
    const entity = subscriptionEntity(subscription, state.plans.get(subscription.planId));
    return {
      subscription_details: {
        cf_subscription_id: entity.cf_subscription_id,
        subscription_id: entity.subscription_id,
        subscription_status: entity.subscription_status,
        subscription_expiry_time: entity.subscription_expiry_time,
        subscription_first_charge_time: null,
        subscription_tags: null,
        next_schedule_date: null,
      },
      customer_details: entity.customer_details,
      plan_details: entity.plan_details,
      authorization_details: entity.authorisation_details,
    };
  }

  function statusChanged(subscription: SandboxSubscription): void {
    send(subscription, 'SUBSCRIPTION_STATUS_CHANGED', () => details(subscription), {
      subscription_status: subscription.status,
    });
  }

  function authChanged(subscription: SandboxSubscription): void {
    send(subscription, 'SUBSCRIPTION_AUTH_STATUS', () => details(subscription), {
      subscription_status: `AUTH_${subscription.authorization.status}`,
    });
  }

  function paymentEvent(charge: SandboxCharge, type: string): void {
    const subscription = state.subscription(charge.subscriptionId);
    if (!subscription) return;
    const body = chargeEntity(charge);
    send(
      subscription,
      type,
      (rupees) => ({
        ...body,
        cf_subscription_id: subscription.cfSubscriptionId,
        payment_amount: rupees(charge.amountPaise),
      }),
      { payment_id: charge.paymentId, payment_status: charge.status },
    );
  }

  /** Moves a subscription's status (and says so), unless it is there already. */
  function move(subscription: SandboxSubscription, status: SandboxSubscription['status']): void {
    if (subscription.status === status) return;
    subscription.status = status;
    statusChanged(subscription);
  }

  return {
    /** The subscription as Cashfree reports it now: an unapproved page or a mandate may lapse. */
    current(subscription: SandboxSubscription): SandboxSubscription {
      const now = clock.now().getTime();
      if (subscription.status === 'INITIALIZED' && now > subscription.approveBy.getTime()) {
        move(subscription, 'LINK_EXPIRED');
      } else if (
        ['ACTIVE', 'PAUSED', 'ON_HOLD', 'CUSTOMER_PAUSED'].includes(subscription.status) &&
        now > subscription.expiresAt.getTime()
      ) {
        move(subscription, 'EXPIRED');
      }
      return subscription;
    },

    approve(subscription: SandboxSubscription): void {
      subscription.authorization = { status: 'PENDING', reference: null, at: clock.now() };
      move(subscription, 'BANK_APPROVAL_PENDING');
      timers.later(deps.approvalMs, () => {
        if (subscription.status !== 'BANK_APPROVAL_PENDING') return;
        subscription.authorization = {
          status: 'ACTIVE',
          reference: `${subscription.cfSubscriptionId}@sandboxupi`,
          at: clock.now(),
        };
        authChanged(subscription);
        move(subscription, 'ACTIVE');
      });
    },

    decline(subscription: SandboxSubscription): void {
      subscription.authorization = { status: 'FAILED', reference: null, at: clock.now() };
      authChanged(subscription);
    },

    move,

    notified(charge: SandboxCharge): void {
      paymentEvent(charge, 'SUBSCRIPTION_PAYMENT_NOTIFICATION_INITIATED');
      // The bank has it at once in the sandbox.
      charge.notification.status = 'SUCCESS';
    },

    /** Starts one attempt; its outcome comes after the processing time. */
    execute(charge: SandboxCharge, executionId: string): SandboxExecution {
      const execution: SandboxExecution = {
        executionId,
        cfExecutionId: newCfId(),
        status: 'PENDING',
        initiatedAt: clock.now(),
        completedAt: null,
        failureCode: null,
      };
      charge.executions.push(execution);
      charge.status = 'PENDING';
      timers.later(deps.debitMs, () => {
        const subscription = state.subscription(charge.subscriptionId);
        if (!subscription || execution.status !== 'PENDING') return;
        const attempt = charge.executions.indexOf(execution) + 1;
        const { failWith, failAttempts } = subscription.debits;
        let code: string | null = null;
        if (subscription.status !== 'ACTIVE') code = 'MANDATE_REVOKED';
        else if (failWith && (failAttempts === 0 || attempt <= failAttempts)) code = failWith;
        execution.completedAt = clock.now();
        execution.status = code ? 'FAILED' : 'SUCCESS';
        execution.failureCode = code;
        charge.status = execution.status;
        paymentEvent(charge, code ? 'SUBSCRIPTION_PAYMENT_FAILED' : 'SUBSCRIPTION_PAYMENT_SUCCESS');
      });
      return execution;
    },

    cancelCharge(charge: SandboxCharge): void {
      charge.status = 'CANCELLED';
      paymentEvent(charge, 'SUBSCRIPTION_PAYMENT_CANCELLED');
    },

    refunded(subscription: SandboxSubscription, refundId: string): void {
      send(
        subscription,
        'SUBSCRIPTION_REFUND_STATUS',
        () => ({ subscription_id: subscription.subscriptionId, refund_id: refundId }),
        {},
      );
    },

    failureReason,

    close(): void {
      timers.close();
    },
  };
}

export type SubscriptionOps = ReturnType<typeof createSubscriptionOps>;
