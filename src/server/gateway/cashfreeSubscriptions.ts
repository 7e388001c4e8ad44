// The Cashfree adapter for Subscriptions (UPI Autopay mandates, issue 49, D253), API version
// 2025-01-01, beside the PG adapter (cashfree.ts) and on the same SDK and transport. What it
// relies on, from Cashfree's API reference and the SDK's types (cashfree-pg 5.1.3):
//
// - POST /plans {plan_id, plan_name, plan_type: ON_DEMAND, plan_currency, plan_max_amount}
//   -> PlanEntity (SubsCreatePlan). An existing plan_id is a 4xx we take as "already there".
// - POST /subscriptions {subscription_id, customer_details {customer_name, customer_phone,
//   customer_email (required)}, plan_details {plan_id}, authorization_details
//   {authorization_amount, authorization_amount_refund, payment_methods: ['upi']},
//   subscription_meta {return_url}, subscription_expiry_time} -> SubscriptionEntity with
//   subscription_session_id and subscription_status INITIALIZED (SubsCreateSubscription).
// - GET /subscriptions/{id} -> SubscriptionEntity: subscription_status, authorisation_details
//   {authorization_status, authorization_reference (the UMN)} (SubsFetchSubscription).
// - POST /subscriptions/{id}/manage {subscription_id, action: CANCEL | PAUSE | ACTIVATE}
//   (SubsManageSubscription).
// - The controlled UPI flow, which the SDK does not have (the one transport, http.ts):
//   POST /subscriptions/pay/controlled/notify-mandate {subscription_id, payment_id,
//   notification_id, payment_amount, payment_remarks} -> {cf_notification_id, cf_payment_id,
//   notification_id, notification_status, payment_amount, payment_id, payment_status};
//   POST /subscriptions/pay/controlled/execute-mandate {payment_id, execution_id} ->
//   {cf_execution_id, cf_payment_id, execution_id, execution_status, payment_amount,
//   payment_id, payment_status}; GET /subscriptions/payments/{payment_id}/controlled/executions/
//   {execution_id} adds failure_details {failure_reason, failure_error_code}. The executed
//   amount must equal the notified one (else the bank declines), and Cashfree does not retry a
//   controlled debit: each attempt is ours.
// - POST /subscriptions/{id}/payments/{payment_id}/manage {action: CANCEL}
//   (SubsManageSubscriptionPayment); POST /subscriptions/{id}/refunds {payment_id, refund_id,
//   refund_amount, refund_speed: STANDARD (UPI takes STANDARD only)}; GET
//   /subscriptions/{id}/refunds/{refund_id} (SubsCreateRefund, SubsFetchSubscriptionRefund).
// - Webhooks SUBSCRIPTION_STATUS_CHANGED, SUBSCRIPTION_AUTH_STATUS,
//   SUBSCRIPTION_PAYMENT_NOTIFICATION_INITIATED, SUBSCRIPTION_PAYMENT_SUCCESS / _FAILED /
//   _CANCELLED, SUBSCRIPTION_REFUND_STATUS, signed as payment webhooks are. Their bodies are
//   read for ids only (subscription_id, payment_id; *unverified* beyond
//   data.subscription_details.subscription_id): the server re-reads what they are about.
import { z } from 'zod';
import { paiseToRupees, rupeesToPaiseOrNull } from '../../domain/money';
import { toIstIsoString } from '../../domain/time';
import type { Config } from '../config';
import { createCashfreeSdk, type CashfreeGatewayOptions } from './cashfreeSdk';
import { createGatewayHttp } from './http';
import { verifiedWebhookJson } from './signature';
import {
  GATEWAY_CHARGE_STATUSES,
  GATEWAY_SUBSCRIPTION_STATUSES,
  type GatewayExecution,
  type GatewaySubscription,
  type SubscriptionGateway,
} from './subscriptions';
import { GATEWAY_REFUND_STATUSES, GatewayError, type GatewayRefund } from './types';

/** The API version the controlled calls send (the SDK sends its own, the same). */
export const SUBSCRIPTIONS_API_VERSION = '2025-01-01';

const amount = z.number().transform((rupees, ctx) => {
  const paise = rupeesToPaiseOrNull(rupees);
  if (paise === null) {
    ctx.addIssue({ code: 'custom', message: 'not a rupee amount' });
    return z.NEVER;
  }
  return paise;
});
const id = z.union([z.string().min(1), z.number().int()]).transform(String);
const text = z
  .string()
  .nullish()
  .transform((value) => value ?? null);
// A status this adapter does not know yet is still in progress.
const charge = z.enum(GATEWAY_CHARGE_STATUSES).catch('PENDING');

const subscriptionEntity = z.object({
  subscription_id: z.string(),
  cf_subscription_id: id.nullish(),
  subscription_status: z.enum(GATEWAY_SUBSCRIPTION_STATUSES),
  subscription_session_id: text,
  authorisation_details: z
    .object({ authorization_status: text, authorization_reference: text })
    .nullish(),
  authorization_details: z
    .object({ authorization_status: text, authorization_reference: text })
    .nullish(),
});

const notificationEntity = z.object({
  notification_id: z.string(),
  payment_id: z.string(),
  notification_status: charge,
  payment_amount: amount,
});

const executionEntity = z.object({
  execution_id: z.string(),
  payment_id: z.string(),
  cf_payment_id: id.nullish(),
  payment_status: charge,
  payment_amount: amount,
  failure_details: z.object({ failure_reason: text, failure_error_code: text }).nullish(),
});

const refundEntity = z.object({
  cf_refund_id: id,
  refund_id: z.string(),
  payment_id: text,
  refund_amount: amount,
  refund_status: z.enum(GATEWAY_REFUND_STATUSES).catch('PENDING'),
  status_description: text,
  created_at: text,
  processed_at: text,
});

const webhookEnvelope = z.object({
  type: z.string().regex(/^SUBSCRIPTION_[A-Z_]+$/),
  data: z.object({
    subscription_id: text,
    payment_id: text,
    subscription_details: z.object({ subscription_id: z.string() }).nullish(),
    payment_details: z.object({ payment_id: text, subscription_id: text }).nullish(),
  }),
});

function toSubscription(entity: z.infer<typeof subscriptionEntity>): GatewaySubscription {
  const auth = entity.authorisation_details ?? entity.authorization_details;
  return {
    subscriptionId: entity.subscription_id,
    cfSubscriptionId: entity.cf_subscription_id ?? null,
    status: entity.subscription_status,
    sessionId: entity.subscription_session_id,
    authorizationStatus: auth?.authorization_status ?? null,
    authorizationReference: auth?.authorization_reference ?? null,
  };
}

function toExecution(entity: z.infer<typeof executionEntity>): GatewayExecution {
  const code = entity.failure_details?.failure_error_code;
  return {
    executionId: entity.execution_id,
    paymentId: entity.payment_id,
    cfPaymentId: entity.cf_payment_id ?? null,
    paymentStatus: entity.payment_status,
    amount: entity.payment_amount,
    failureCode: code ? code : null,
    failureReason: entity.failure_details?.failure_reason || null,
  };
}

function toRefund(entity: z.infer<typeof refundEntity>): GatewayRefund {
  return {
    refundId: entity.refund_id,
    cfRefundId: entity.cf_refund_id,
    orderId: entity.payment_id ?? '',
    amount: entity.refund_amount,
    status: entity.refund_status,
    statusDescription: entity.status_description,
    createdAt: entity.created_at,
    processedAt: entity.processed_at,
  };
}

export function createCashfreeSubscriptions(
  config: Pick<Config, 'cashfree'>,
  options: CashfreeGatewayOptions = {},
): SubscriptionGateway {
  const { clientId, clientSecret } = config.cashfree;
  const { cashfree, call, parse, basePath } = createCashfreeSdk(config, options);
  const http = createGatewayHttp({
    baseUrl: basePath,
    name: 'Cashfree subscriptions',
    headers: {
      'x-client-id': clientId,
      'x-client-secret': clientSecret,
      'x-api-version': SUBSCRIPTIONS_API_VERSION,
    },
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.loopback ? { loopback: options.loopback } : {}),
    ...(options.retryDelaysMs ? { retryDelaysMs: options.retryDelaysMs } : {}),
  });
  const subscription = (what: string, response: { status: number; data: unknown }) =>
    toSubscription(parse(what, subscriptionEntity, response));

  return {
    async createPlan(input) {
      try {
        await call((opts) =>
          cashfree.SubsCreatePlan(
            {
              plan_id: input.planId,
              plan_name: input.name,
              plan_type: 'ON_DEMAND',
              plan_currency: 'INR',
              plan_max_amount: paiseToRupees(input.maxAmount),
            },
            undefined,
            input.planId,
            opts,
          ),
        );
      } catch (error) {
        // The same plan again (a retry, or another mandate of the plan): it is there.
        if (error instanceof GatewayError && error.status === 409) return;
        throw error;
      }
    },

    async createSubscription(input) {
      const response = await call((opts) =>
        cashfree.SubsCreateSubscription(
          {
            subscription_id: input.subscriptionId,
            customer_details: {
              customer_name: input.customer.name,
              customer_phone: input.customer.phone,
              customer_email: input.customer.email,
            },
            plan_details: { plan_id: input.planId },
            authorization_details: {
              authorization_amount: paiseToRupees(input.authorizationAmount),
              authorization_amount_refund: true,
              payment_methods: ['upi'],
            },
            subscription_meta: { return_url: input.returnUrl },
            subscription_expiry_time: toIstIsoString(input.expiresAt),
          },
          undefined,
          input.subscriptionId,
          opts,
        ),
      );
      const created = subscription('the subscription', response);
      if (!created.sessionId) {
        throw new GatewayError(
          'Cashfree created the subscription without a session',
          response.status,
          'invalid_response',
        );
      }
      return created;
    },

    async fetchSubscription(subscriptionId) {
      const response = await call((opts) =>
        cashfree.SubsFetchSubscription(subscriptionId, undefined, undefined, opts),
      );
      return subscription('the subscription', response);
    },

    async manageSubscription(subscriptionId, action, resumeAt) {
      const response = await call((opts) =>
        cashfree.SubsManageSubscription(
          subscriptionId,
          {
            subscription_id: subscriptionId,
            action,
            ...(resumeAt
              ? { action_details: { next_scheduled_time: toIstIsoString(resumeAt) } }
              : {}),
          },
          undefined,
          undefined,
          opts,
        ),
      );
      return subscription('the subscription', response);
    },

    async notifyDebit(input) {
      const answer = await http(
        'the notice',
        {
          method: 'POST',
          path: '/subscriptions/pay/controlled/notify-mandate',
          body: {
            subscription_id: input.subscriptionId,
            payment_id: input.paymentId,
            notification_id: input.notificationId,
            payment_amount: paiseToRupees(input.amount),
            payment_remarks: input.remarks,
          },
        },
        notificationEntity,
      );
      return {
        notificationId: answer.notification_id,
        paymentId: answer.payment_id,
        status: answer.notification_status,
        amount: answer.payment_amount,
      };
    },

    async executeDebit(input) {
      const answer = await http(
        'the execution',
        {
          method: 'POST',
          path: '/subscriptions/pay/controlled/execute-mandate',
          body: { payment_id: input.paymentId, execution_id: input.executionId },
        },
        executionEntity,
      );
      return toExecution(answer);
    },

    async fetchExecution(paymentId, executionId) {
      const answer = await http(
        'the execution',
        {
          method: 'GET',
          path: `/subscriptions/payments/${encodeURIComponent(paymentId)}/controlled/executions/${encodeURIComponent(executionId)}`,
        },
        executionEntity,
      );
      return toExecution(answer);
    },

    async cancelDebit(subscriptionId, paymentId) {
      await call((opts) =>
        cashfree.SubsManageSubscriptionPayment(
          subscriptionId,
          paymentId,
          { subscription_id: subscriptionId, payment_id: paymentId, action: 'CANCEL' },
          undefined,
          undefined,
          opts,
        ),
      );
    },

    async createRefund(input) {
      const response = await call((opts) =>
        cashfree.SubsCreateRefund(
          input.subscriptionId,
          {
            subscription_id: input.subscriptionId,
            payment_id: input.paymentId,
            refund_id: input.refundId,
            refund_amount: paiseToRupees(input.amount),
            refund_note: input.note,
            refund_speed: 'STANDARD',
          },
          undefined,
          input.refundId,
          opts,
        ),
      );
      return toRefund(parse('the refund', refundEntity, response));
    },

    async fetchRefund(subscriptionId, refundId) {
      const response = await call((opts) =>
        cashfree.SubsFetchSubscriptionRefund(subscriptionId, refundId, undefined, undefined, opts),
      );
      return toRefund(parse('the refund', refundEntity, response));
    },

    verifyWebhook(input) {
      const verified = verifiedWebhookJson(clientSecret, input);
      if (!verified) return null;
      const parsed = webhookEnvelope.safeParse(verified.json);
      if (!parsed.success) return null;
      const { type, data } = parsed.data;
      const subscriptionId =
        data.subscription_details?.subscription_id ??
        data.subscription_id ??
        data.payment_details?.subscription_id ??
        null;
      if (!subscriptionId) return null;
      return {
        type,
        subscriptionId,
        paymentId: data.payment_id ?? data.payment_details?.payment_id ?? null,
      };
    },
  };
}
