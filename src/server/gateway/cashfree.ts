// The Cashfree adapter (gateway-contract.md): the official SDK (`cashfree-pg` v5) with its
// `basePath` pointed at the PG API: this server's own sandbox by default
// (`${PUBLIC_ORIGIN}/sandbox/cashfree/pg`), Cashfree's API in production. Amounts are paise
// everywhere else (D9); rupees exist only in what crosses this edge.
//
// Every call goes through the one transport (transport.ts): a bounded wait, reads retried,
// and every failure a GatewayError carrying only the gateway's status, code and message:
// never the SDK's request config, which holds the client secret.
import type { CreateOrderRequest } from 'cashfree-pg';
import { z } from 'zod';
import { paiseToRupees, rupeesToPaiseOrNull } from '../../domain/money';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../../domain/statuses';
import { toIstIsoString } from '../../domain/time';
import type { Config } from '../config';
import { verifiedWebhookJson } from './signature';
import { createCashfreeSdk, type CashfreeGatewayOptions } from './cashfreeSdk';
import {
  GATEWAY_REFUND_STATUSES,
  GatewayError,
  type GatewayOrder,
  type GatewayOrderInput,
  type GatewayPayment,
  type GatewayRefund,
  type GatewayRefundInput,
  type PaymentGateway,
  type PaymentWebhook,
} from './types';

export type { CashfreeGatewayOptions } from './cashfreeSdk';

// ---------------------------------------------------------------------------------------------
// Response shapes: parsed defensively, extra fields ignored.

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

const orderEntity = z.object({
  cf_order_id: id,
  order_id: z.string(),
  order_amount: amount,
  order_status: z.enum(ORDER_STATUSES),
  payment_session_id: text,
  order_expiry_time: text,
});

const paymentEntity = z.object({
  cf_payment_id: id,
  order_id: z.string(),
  payment_status: z.enum(PAYMENT_STATUSES),
  payment_amount: amount,
  payment_group: text,
  payment_message: text,
  payment_time: text,
  bank_reference: text,
  error_details: z.object({ error_code: text }).nullish(),
});

const refundEntity = z.object({
  cf_refund_id: id,
  refund_id: z.string(),
  order_id: z.string(),
  refund_amount: amount,
  // A status this adapter does not know yet is still in progress, not a failure.
  refund_status: z.enum(GATEWAY_REFUND_STATUSES).catch('PENDING'),
  status_description: text,
  created_at: text,
  processed_at: text,
});

const webhookEnvelope = z.object({
  type: z.enum([
    'PAYMENT_SUCCESS_WEBHOOK',
    'PAYMENT_FAILED_WEBHOOK',
    'PAYMENT_USER_DROPPED_WEBHOOK',
  ]),
  event_time: z.string(),
  data: z.object({
    order: z.object({ order_id: z.string() }),
    payment: z.object({
      cf_payment_id: id,
      payment_status: z.enum(PAYMENT_STATUSES),
      payment_amount: amount,
      payment_group: text,
      payment_message: text,
      payment_time: text,
      bank_reference: text,
    }),
    error_details: z.object({ error_code: text }).nullish(),
  }),
});

function toOrder(entity: z.infer<typeof orderEntity>): GatewayOrder {
  return {
    orderId: entity.order_id,
    cfOrderId: entity.cf_order_id,
    status: entity.order_status,
    amount: entity.order_amount,
    paymentSessionId: entity.payment_session_id,
    expiresAt: entity.order_expiry_time,
  };
}

function toPayment(entity: z.infer<typeof paymentEntity>): GatewayPayment {
  return {
    cfPaymentId: entity.cf_payment_id,
    orderId: entity.order_id,
    status: entity.payment_status,
    amount: entity.payment_amount,
    group: entity.payment_group,
    message: entity.payment_message,
    time: entity.payment_time,
    bankReference: entity.bank_reference,
    errorCode: entity.error_details?.error_code ?? null,
  };
}

function toRefund(entity: z.infer<typeof refundEntity>): GatewayRefund {
  return {
    refundId: entity.refund_id,
    cfRefundId: entity.cf_refund_id,
    orderId: entity.order_id,
    amount: entity.refund_amount,
    status: entity.refund_status,
    statusDescription: entity.status_description,
    createdAt: entity.created_at,
    processedAt: entity.processed_at,
  };
}

export function createCashfreeGateway(
  config: Pick<Config, 'cashfree'>,
  options: CashfreeGatewayOptions = {},
): PaymentGateway {
  const { clientSecret } = config.cashfree;
  const { cashfree, call, parse } = createCashfreeSdk(config, options);

  return {
    async createOrder(input: GatewayOrderInput) {
      const request: CreateOrderRequest = {
        order_id: input.orderId,
        order_amount: paiseToRupees(input.amount),
        order_currency: 'INR',
        customer_details: {
          customer_id: input.customer.id,
          customer_phone: input.customer.phone,
          ...(input.customer.name ? { customer_name: input.customer.name } : {}),
        },
        order_meta: {
          return_url: input.returnUrl,
          notify_url: input.notifyUrl,
          // D6: the order can be paid only by the method the student chose.
          payment_methods: input.paymentMethod,
        },
        ...(input.note ? { order_note: input.note } : {}),
        ...(input.tags ? { order_tags: input.tags } : {}),
        ...(input.expiresAt ? { order_expiry_time: toIstIsoString(input.expiresAt) } : {}),
      };
      const response = await call((opts) =>
        cashfree.PGCreateOrder(request, undefined, input.idempotencyKey, opts),
      );
      const order = toOrder(parse('order creation', orderEntity, response));
      if (!order.paymentSessionId) {
        throw new GatewayError(
          'Cashfree created the order without a payment session',
          response.status,
          'invalid_response',
        );
      }
      return { ...order, paymentSessionId: order.paymentSessionId };
    },

    async fetchOrder(orderId: string) {
      const response = await call((opts) =>
        cashfree.PGFetchOrder(orderId, undefined, undefined, opts),
      );
      return toOrder(parse('the order', orderEntity, response));
    },

    async terminateOrder(orderId: string) {
      const response = await call((opts) =>
        cashfree.PGTerminateOrder(
          orderId,
          { order_status: 'TERMINATED' },
          undefined,
          undefined,
          opts,
        ),
      );
      return toOrder(parse('the termination', orderEntity, response));
    },

    async fetchPayments(orderId: string) {
      const response = await call((opts) =>
        cashfree.PGOrderFetchPayments(orderId, undefined, undefined, opts),
      );
      return parse('the payments', z.array(paymentEntity), response).map(toPayment);
    },

    async createRefund(input: GatewayRefundInput) {
      const request = {
        refund_amount: paiseToRupees(input.amount),
        refund_id: input.refundId,
        ...(input.note ? { refund_note: input.note } : {}),
      };
      const response = await call((opts) =>
        cashfree.PGOrderCreateRefund(input.orderId, request, undefined, input.refundId, opts),
      );
      return toRefund(parse('the refund', refundEntity, response));
    },

    async fetchRefund(orderId: string, refundId: string) {
      const response = await call((opts) =>
        cashfree.PGOrderFetchRefund(orderId, refundId, undefined, undefined, opts),
      );
      return toRefund(parse('the refund', refundEntity, response));
    },

    verifyPaymentWebhook(input): PaymentWebhook | null {
      const verified = verifiedWebhookJson(clientSecret, input);
      if (!verified) return null;
      const parsed = webhookEnvelope.safeParse(verified.json);
      if (!parsed.success) return null;
      const { type, event_time: eventTime, data } = parsed.data;
      const orderId = data.order.order_id;
      return {
        type,
        orderId,
        eventTime,
        payment: {
          cfPaymentId: data.payment.cf_payment_id,
          orderId,
          status: data.payment.payment_status,
          amount: data.payment.payment_amount,
          group: data.payment.payment_group,
          message: data.payment.payment_message,
          time: data.payment.payment_time,
          bankReference: data.payment.bank_reference,
          errorCode: data.error_details?.error_code ?? null,
        },
      };
    },
  };
}
