// The PG API, as far as we use it (gateway-contract.md, "PG orders"), close enough that the
// official SDK works unchanged with its basePath set to /sandbox/cashfree/pg:
//
//   POST  /orders                       create (x-idempotency-key honoured)
//   GET   /orders/:order_id             the OrderEntity
//   PATCH /orders/:order_id             {"order_status":"TERMINATED"}
//   GET   /orders/:order_id/payments    PaymentEntity[], oldest first
//   POST  /orders/:order_id/refunds     refund a PAID order (idempotent on refund_id)
//   GET   /orders/:order_id/refunds     RefundEntity[], oldest first
//   GET   /orders/:order_id/refunds/:refund_id
//   POST  /simulate                     sandbox only: force a payment's outcome
//   GET   /simulate/:simulation_id
//
// Every call needs x-client-id and x-client-secret (the configured credentials, 401
// otherwise) and an x-api-version (YYYY-MM-DD). Errors are {message, code, type}. Those rules
// and the fault switches are shared with the verification API (api.ts).
//
// A refund is PENDING for SANDBOX_REFUND_PROCESSING_MS of the app's clock, then SUCCESS, as a
// bank takes a moment; our server re-reads it (no refund webhook is imitated).
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { rupeesToPaiseOrNull } from '../../src/domain/money';
import type { Clock } from '../../src/server/clock';
import { fail, header, installCashfreeApi, invalidBody } from './api';
import type { Faults } from './faults';
import type { PaymentOps } from './payments';
import { subscriptionApiRoutes, type SubscriptionApiDeps } from './subscriptionApi';
import { addSettlementApi, type SettlementEngine } from './settlements';
import {
  fingerprint,
  KNOWN_METHODS,
  numericId,
  orderEntity,
  paymentEntity,
  refundEntity,
  sessionId,
  type SandboxOrder,
  type SandboxState,
} from './state';

export const ORDER_VALIDITY_MS = 30 * 24 * 60 * 60 * 1000;
/** How long a refund stays PENDING (on the app's clock, so tests move it by hand). */
export const SANDBOX_REFUND_PROCESSING_MS = 3000;

// ---------------------------------------------------------------------------------------------
// Create-order validation (the contract's rules).

// Cashfree's rules for order_id and refund_id, written here on their own (not src/domain/ids.ts):
// the imitation checks the ids we send against the gateway's rule, not against ours.
const ORDER_ID = /^[A-Za-z0-9_-]{3,45}$/;
const REFUND_ID = /^[A-Za-z0-9_-]{3,40}$/;
const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text.replaceAll('{order_id}', 'order_id'));
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

const createOrderBody = z.object({
  order_id: z.string().regex(ORDER_ID).optional(),
  order_amount: z
    .number()
    .min(1)
    .refine((value) => rupeesToPaiseOrNull(value) !== null, 'at most 2 decimals'),
  order_currency: z.literal('INR'),
  customer_details: z.object({
    customer_id: z.string().min(3).max(50),
    customer_phone: z.string().regex(/^\d{10}$/),
    customer_name: z.string().min(1).max(100).nullish(),
    customer_email: z.email().max(100).nullish(),
  }),
  order_note: z.string().max(200).nullish(),
  order_tags: z.record(z.string().max(64), z.string().max(255)).nullish(),
  order_expiry_time: z.string().regex(ISO_8601).nullish(),
  order_meta: z
    .object({
      return_url: z.string().max(500).refine(isHttpUrl, 'not an http(s) URL').nullish(),
      notify_url: z.string().max(500).refine(isHttpUrl, 'not an http(s) URL').nullish(),
      payment_methods: z
        .string()
        .refine(
          (value) => value.split(',').every((method) => KNOWN_METHODS.has(method.trim())),
          'unknown payment method',
        )
        .nullish(),
    })
    .nullish(),
});

const refundBody = z.object({
  refund_amount: z
    .number()
    .positive()
    .refine((value) => rupeesToPaiseOrNull(value) !== null, 'at most 2 decimals'),
  refund_id: z.string().regex(REFUND_ID),
  refund_note: z.string().max(100).nullish(),
  refund_speed: z.enum(['STANDARD', 'INSTANT']).nullish(),
});

const terminateBody = z.object({ order_status: z.literal('TERMINATED') });

const simulateBody = z.object({
  entity: z.literal('PAYMENTS'),
  entity_id: z.string().min(1),
  entity_simulation: z.object({
    payment_status: z.enum(['SUCCESS', 'FAILED', 'PENDING', 'USER_DROPPED']),
    payment_error_code: z.string().max(100).optional(),
  }),
});

// ---------------------------------------------------------------------------------------------

export interface PgDeps {
  state: SandboxState;
  /** Issue 50: the settlement calls (settlements.ts) share the PG API's scope. */
  settlements: SettlementEngine;
  payments: PaymentOps;
  faults: Faults;
  clock: Clock;
  clientId: string;
  clientSecret: string;
  /** Issue 49: the Subscriptions API shares this API's base, credentials and faults. */
  subscriptions: SubscriptionApiDeps;
}

export async function pgRoutes(app: FastifyInstance, deps: PgDeps) {
  const { state, payments, faults, clock } = deps;

  installCashfreeApi(app, {
    faults,
    clientId: deps.clientId,
    clientSecret: deps.clientSecret,
    name: 'PG',
  });
  await app.register(subscriptionApiRoutes, deps.subscriptions);
  addSettlementApi(app, deps.settlements);

  app.post('/orders', async (request, reply) => {
    const key = header(request, 'x-idempotency-key');
    const print = fingerprint(request.body);
    if (key !== undefined) {
      const stored = state.answer(`orders:${key}`);
      if (stored && stored.fingerprint !== print) {
        return fail(
          reply,
          422,
          'idempotency_error',
          'idempotency_error',
          'the idempotency key was already used with a different request',
        );
      }
      if (stored) {
        return reply
          .code(stored.statusCode)
          .header('x-idempotency-replayed', 'true')
          .send(stored.body);
      }
    }
    const parsed = createOrderBody.safeParse(request.body);
    if (!parsed.success) return invalidBody(reply, request.body, parsed.error);
    const body = parsed.data;
    const now = clock.now();
    const orderId = body.order_id ?? `order_${numericId()}`;
    if (state.order(orderId)) {
      return fail(
        reply,
        409,
        'invalid_request_error',
        'order_already_exists',
        'order with same id is already present',
      );
    }
    let expiresAt = new Date(now.getTime() + ORDER_VALIDITY_MS);
    if (body.order_expiry_time) {
      expiresAt = new Date(body.order_expiry_time);
      if (Number.isNaN(expiresAt.getTime()) || expiresAt.getTime() <= now.getTime()) {
        return fail(
          reply,
          400,
          'invalid_request_error',
          'order_expiry_time_invalid',
          'order_expiry_time : invalid value provided',
        );
      }
    }
    const order: SandboxOrder = {
      cfOrderId: numericId(),
      orderId,
      amountPaise: rupeesToPaiseOrNull(body.order_amount)!,
      status: 'ACTIVE',
      paymentSessionId: sessionId(),
      expiresAt,
      note: body.order_note ?? null,
      createdAt: now,
      customer: {
        customer_id: body.customer_details.customer_id,
        customer_phone: body.customer_details.customer_phone,
        customer_name: body.customer_details.customer_name ?? null,
        customer_email: body.customer_details.customer_email ?? null,
      },
      returnUrl: body.order_meta?.return_url ?? null,
      notifyUrl: body.order_meta?.notify_url ?? null,
      paymentMethods: body.order_meta?.payment_methods ?? null,
      tags: body.order_tags ?? null,
    };
    state.addOrder(order);
    const entity = orderEntity(order);
    // Only a created order is remembered: a refused request may be corrected and retried.
    if (key !== undefined) {
      state.remember(`orders:${key}`, { fingerprint: print, statusCode: 200, body: entity });
    }
    return reply.code(200).send(entity);
  });

  app.get<{ Params: { order_id: string } }>('/orders/:order_id', async (request, reply) => {
    const order = state.order(request.params.order_id);
    if (!order) return orderNotFound(reply);
    return orderEntity(order);
  });

  app.patch<{ Params: { order_id: string } }>('/orders/:order_id', async (request, reply) => {
    const order = state.order(request.params.order_id);
    if (!order) return orderNotFound(reply);
    const parsed = terminateBody.safeParse(request.body);
    if (!parsed.success) return invalidBody(reply, request.body, parsed.error);
    if (order.status === 'PAID') {
      return fail(
        reply,
        400,
        'invalid_request_error',
        'order_already_paid',
        'order is already paid and cannot be terminated',
      );
    }
    if (order.status === 'ACTIVE') order.status = 'TERMINATED';
    return orderEntity(order);
  });

  app.get<{ Params: { order_id: string } }>(
    '/orders/:order_id/payments',
    async (request, reply) => {
      const order = state.order(request.params.order_id);
      if (!order) return orderNotFound(reply);
      return state.paymentsOf(order.orderId).map((payment) => paymentEntity(payment, order));
    },
  );

  app.post<{ Params: { order_id: string } }>(
    '/orders/:order_id/refunds',
    async (request, reply) => {
      const order = state.order(request.params.order_id);
      if (!order) return orderNotFound(reply);
      const parsed = refundBody.safeParse(request.body);
      if (!parsed.success) return invalidBody(reply, request.body, parsed.error);
      const body = parsed.data;
      const amountPaise = rupeesToPaiseOrNull(body.refund_amount)!;
      const now = clock.now();
      const earlier = state.refundsOf(order.orderId);
      const same = earlier.find((refund) => refund.refundId === body.refund_id);
      if (same) {
        // The same refund asked for again (a retry) is answered with the refund it made.
        if (same.amountPaise === amountPaise) return reply.code(200).send(refundEntity(same, now));
        return fail(
          reply,
          409,
          'invalid_request_error',
          'refund_already_exists',
          'refund with same refund_id is already present',
        );
      }
      if (order.status !== 'PAID') {
        return fail(
          reply,
          400,
          'invalid_request_error',
          'order_not_paid',
          'refund can be initiated only for a paid order',
        );
      }
      const refunded = earlier.reduce((sum, refund) => sum + refund.amountPaise, 0);
      if (amountPaise > order.amountPaise - refunded) {
        return fail(
          reply,
          400,
          'invalid_request_error',
          'refund_amount_invalid',
          'refund_amount : should not exceed the amount paid minus the amount refunded',
        );
      }
      const refund = {
        cfRefundId: numericId(),
        refundId: body.refund_id,
        orderId: order.orderId,
        amountPaise,
        note: body.refund_note ?? null,
        createdAt: now,
        processesAt: new Date(now.getTime() + SANDBOX_REFUND_PROCESSING_MS),
      };
      state.addRefund(refund);
      return reply.code(200).send(refundEntity(refund, now));
    },
  );

  app.get<{ Params: { order_id: string } }>('/orders/:order_id/refunds', async (request, reply) => {
    const order = state.order(request.params.order_id);
    if (!order) return orderNotFound(reply);
    const now = clock.now();
    return state.refundsOf(order.orderId).map((refund) => refundEntity(refund, now));
  });

  app.get<{ Params: { order_id: string; refund_id: string } }>(
    '/orders/:order_id/refunds/:refund_id',
    async (request, reply) => {
      const order = state.order(request.params.order_id);
      if (!order) return orderNotFound(reply);
      const refund = state
        .refundsOf(order.orderId)
        .find((candidate) => candidate.refundId === request.params.refund_id);
      if (!refund) {
        return fail(
          reply,
          404,
          'invalid_request_error',
          'refund_not_found',
          'refund not found for provided refund_id',
        );
      }
      return refundEntity(refund, clock.now());
    },
  );

  app.post('/simulate', async (request, reply) => {
    const parsed = simulateBody.safeParse(request.body);
    if (!parsed.success) return invalidBody(reply, request.body, parsed.error);
    const { entity_id: cfPaymentId, entity_simulation: simulation } = parsed.data;
    const payment = state.payment(cfPaymentId);
    if (!payment) {
      return fail(
        reply,
        404,
        'invalid_request_error',
        'payment_not_found',
        'payment not found for provided entity_id',
      );
    }
    const result = payments.simulate(
      payment,
      simulation.payment_status,
      simulation.payment_error_code,
    );
    if (!result.ok) return fail(reply, 400, 'invalid_request_error', result.code, result.message);
    const answer = {
      simulation_id: numericId(),
      entity: 'PAYMENTS' as const,
      entity_id: cfPaymentId,
      entity_simulation: {
        payment_status: simulation.payment_status,
        ...(simulation.payment_error_code
          ? { payment_error_code: simulation.payment_error_code }
          : {}),
      },
    };
    state.addSimulation(answer);
    return reply.code(200).send(answer);
  });

  app.get<{ Params: { simulation_id: string } }>(
    '/simulate/:simulation_id',
    async (request, reply) => {
      const simulation = state.simulation(request.params.simulation_id);
      if (!simulation) {
        return fail(
          reply,
          404,
          'invalid_request_error',
          'simulation_not_found',
          'simulation not found for provided simulation_id',
        );
      }
      return simulation;
    },
  );
}

function orderNotFound(reply: FastifyReply) {
  return fail(
    reply,
    404,
    'invalid_request_error',
    'order_not_found',
    'order not found for provided order_id',
  );
}
