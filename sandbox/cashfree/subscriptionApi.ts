// The Subscriptions API (issue 49), under the PG API's prefix so the SDK's basePath reaches it,
// with the PG API's credentials, x-api-version and fault switches (api.ts):
//
//   POST /plans                                   ON_DEMAND or PERIODIC; 409 if the id is taken
//   GET  /plans/:plan_id
//   POST /subscriptions                           customer_email required; x-idempotency-key
//   GET  /subscriptions/:id                       (an unapproved page lapses: LINK_EXPIRED)
//   POST /subscriptions/:id/manage                CANCEL, PAUSE, ACTIVATE
//   GET  /subscriptions/:id/payments              every charge, oldest first
//   GET  /subscriptions/:id/payments/:payment_id
//   POST /subscriptions/:id/payments/:payment_id/manage   CANCEL a charge not yet debited
//   POST /subscriptions/pay/controlled/notify-mandate     the pre-debit notice of a charge
//   POST /subscriptions/pay/controlled/execute-mandate    one attempt: at least 24 hours after
//        the notice, outside NPCI's peak hours, at most four per charge, for the notified amount
//   GET  /subscriptions/payments/:payment_id/controlled/notifications/:notification_id
//   GET  /subscriptions/payments/:payment_id/controlled/executions/:execution_id
//   POST /subscriptions/:id/refunds, GET /subscriptions/:id/refunds/:refund_id
//   POST /subscriptions/:id/simulate              sandbox only: the payer cancels, pauses or
//        resumes in the UPI app ({customer_action}), or later debits fail ({debits})
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DEBIT_ATTEMPTS, NOTICE_MIN_MS, offPeakFrom } from '../../src/domain/autopay';
import { rupeesToPaiseOrNull } from '../../src/domain/money';
import { toIstIsoString } from '../../src/domain/time';
import type { Clock } from '../../src/server/clock';
import { fail, header, invalidBody } from './api';
import { fingerprint, numericId, type SandboxState } from './state';
import type { SubscriptionOps } from './subscriptionOps';
import { APPROVE_WITHIN_MS } from './subscriptionOps';
import {
  chargeEntity,
  executionEntity,
  notificationEntity,
  planEntity,
  subscriptionEntity,
  subscriptionRefundEntity,
  subscriptionSessionId,
  SUCCESSFUL_DEBITS,
  type SandboxCharge,
  type SandboxSubscription,
  type SubscriptionState,
} from './subscriptionState';

/** How long a subscription refund stays PENDING (the app's clock). */
export const SUBSCRIPTION_REFUND_PROCESSING_MS = 3000;

const ID = /^[A-Za-z0-9._ -]{1,250}$/;
const rupees = z
  .number()
  .positive()
  .refine((value) => rupeesToPaiseOrNull(value) !== null, 'at most 2 decimals');
const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/;

const planBody = z.object({
  plan_id: z.string().regex(/^[A-Za-z0-9._-]{1,40}$/),
  plan_name: z.string().min(1).max(100),
  plan_type: z.enum(['ON_DEMAND', 'PERIODIC']),
  plan_currency: z.literal('INR').nullish(),
  plan_max_amount: rupees,
  plan_note: z.string().max(200).nullish(),
});

const subscriptionBody = z.object({
  subscription_id: z.string().regex(ID),
  customer_details: z.object({
    customer_name: z.string().min(1).max(100).nullish(),
    customer_email: z.email().max(100),
    customer_phone: z.string().regex(/^\d{10}$/),
  }),
  plan_details: z.object({ plan_id: z.string().min(1) }),
  authorization_details: z
    .object({
      authorization_amount: z.number().min(0).max(100).nullish(),
      authorization_amount_refund: z.boolean().nullish(),
      payment_methods: z
        .array(z.enum(['enach', 'pnach', 'upi', 'card']))
        .min(1)
        .nullish(),
    })
    .nullish(),
  subscription_meta: z
    .object({
      return_url: z.url().max(500).nullish(),
      notification_channel: z.array(z.enum(['SMS', 'EMAIL'])).nullish(),
    })
    .nullish(),
  subscription_expiry_time: z.string().regex(ISO_8601).nullish(),
});

const manageBody = z.object({
  subscription_id: z.string(),
  action: z.enum(['CANCEL', 'PAUSE', 'ACTIVATE', 'CHANGE_PLAN']),
  action_details: z.object({ next_scheduled_time: z.string().nullish() }).nullish(),
});

const notifyBody = z.object({
  subscription_id: z.string().min(1),
  payment_id: z.string().regex(/^[A-Za-z0-9_-]{3,100}$/),
  notification_id: z.string().regex(/^[A-Za-z0-9_-]{3,100}$/),
  payment_amount: rupees,
  payment_remarks: z.string().max(100).nullish(),
});

const executeBody = z.object({
  payment_id: z.string().min(1),
  execution_id: z.string().regex(/^[A-Za-z0-9_-]{3,100}$/),
});

const chargeManageBody = z.object({
  subscription_id: z.string(),
  payment_id: z.string(),
  action: z.enum(['CANCEL', 'RETRY']),
});

const refundBody = z.object({
  subscription_id: z.string(),
  payment_id: z.string().min(1),
  refund_id: z.string().regex(/^[A-Za-z0-9_-]{3,40}$/),
  refund_amount: rupees,
  refund_note: z.string().max(100).nullish(),
  refund_speed: z.enum(['STANDARD', 'INSTANT']).nullish(),
});

const simulateBody = z.object({
  customer_action: z.enum(['CANCEL', 'PAUSE', 'RESUME']).optional(),
  debits: z
    .object({
      fail_with: z
        .string()
        .regex(/^[A-Z_]{3,40}$/)
        .nullable(),
      fail_attempts: z.number().int().min(0).max(10).optional(),
    })
    .optional(),
});

const LIVE = [
  'ACTIVE',
  'PAUSED',
  'ON_HOLD',
  'CUSTOMER_PAUSED',
  'BANK_APPROVAL_PENDING',
  'INITIALIZED',
];

export interface SubscriptionApiDeps {
  subscriptions: SubscriptionState;
  ops: SubscriptionOps;
  /** The PG state: idempotent answers are kept there. */
  state: SandboxState;
  clock: Clock;
  /** The app's origin, for webhooks of a subscription without a return_url. */
  appOrigin: string;
}

const invalid = (reply: FastifyReply, code: string, message: string) =>
  fail(reply, 400, 'invalid_request_error', code, message);
const notFound = (reply: FastifyReply, what: string) =>
  fail(reply, 404, 'invalid_request_error', `${what}_not_found`, `${what} not found`);

export async function subscriptionApiRoutes(app: FastifyInstance, deps: SubscriptionApiDeps) {
  const { subscriptions, ops, state, clock } = deps;

  /** Replays a request already answered under the same x-idempotency-key (or refuses a new one). */
  function replay(request: FastifyRequest, reply: FastifyReply, scope: string) {
    const key = header(request, 'x-idempotency-key');
    if (key === undefined) return { done: false as const, remember: () => undefined };
    const print = fingerprint(request.body);
    const stored = state.answer(`${scope}:${key}`);
    if (stored && stored.fingerprint !== print) {
      return {
        done: true as const,
        reply: fail(
          reply,
          422,
          'idempotency_error',
          'idempotency_error',
          'the idempotency key was already used with a different request',
        ),
      };
    }
    if (stored) {
      return {
        done: true as const,
        reply: reply
          .code(stored.statusCode)
          .header('x-idempotency-replayed', 'true')
          .send(stored.body),
      };
    }
    return {
      done: false as const,
      remember: (body: unknown) =>
        state.remember(`${scope}:${key}`, { fingerprint: print, statusCode: 200, body }),
    };
  }

  const subscriptionOf = (id: string) => {
    const found = subscriptions.subscription(id);
    return found && ops.current(found);
  };
  const entity = (subscription: SandboxSubscription) =>
    subscriptionEntity(subscription, subscriptions.plans.get(subscription.planId));

  app.post('/plans', async (request, reply) => {
    const again = replay(request, reply, 'plans');
    if (again.done) return again.reply;
    const parsed = planBody.safeParse(request.body);
    if (!parsed.success) return invalidBody(reply, request.body, parsed.error);
    const body = parsed.data;
    if (subscriptions.plans.has(body.plan_id)) {
      return fail(
        reply,
        409,
        'invalid_request_error',
        'plan_already_exists',
        'plan with same id is already present',
      );
    }
    const plan = {
      planId: body.plan_id,
      name: body.plan_name,
      type: body.plan_type,
      maxAmountPaise: rupeesToPaiseOrNull(body.plan_max_amount)!,
      note: body.plan_note ?? null,
    };
    subscriptions.plans.set(plan.planId, plan);
    const answer = planEntity(plan);
    again.remember(answer);
    return reply.code(200).send(answer);
  });

  app.get<{ Params: { plan_id: string } }>('/plans/:plan_id', async (request, reply) => {
    const plan = subscriptions.plans.get(request.params.plan_id);
    return plan ? planEntity(plan) : notFound(reply, 'plan');
  });

  app.post('/subscriptions', async (request, reply) => {
    const again = replay(request, reply, 'subscriptions');
    if (again.done) return again.reply;
    const parsed = subscriptionBody.safeParse(request.body);
    if (!parsed.success) return invalidBody(reply, request.body, parsed.error);
    const body = parsed.data;
    if (subscriptions.subscription(body.subscription_id)) {
      return fail(
        reply,
        409,
        'invalid_request_error',
        'subscription_already_exists',
        'subscription with same id is already present',
      );
    }
    const plan = subscriptions.plans.get(body.plan_details.plan_id);
    if (!plan) return invalid(reply, 'plan_id_invalid', 'plan_details.plan_id : plan not found');
    const now = clock.now();
    let expiresAt = new Date(now.getTime() + 30 * 365 * 24 * 60 * 60 * 1000);
    if (body.subscription_expiry_time) {
      expiresAt = new Date(body.subscription_expiry_time);
      if (Number.isNaN(expiresAt.getTime()) || expiresAt.getTime() <= now.getTime()) {
        return invalid(
          reply,
          'subscription_expiry_time_invalid',
          'subscription_expiry_time : invalid value provided',
        );
      }
    }
    const returnUrl = body.subscription_meta?.return_url ?? null;
    const subscription: SandboxSubscription = {
      subscriptionId: body.subscription_id,
      cfSubscriptionId: numericId(),
      planId: plan.planId,
      customer: {
        name: body.customer_details.customer_name ?? null,
        phone: body.customer_details.customer_phone,
        email: body.customer_details.customer_email,
      },
      status: 'INITIALIZED',
      sessionId: subscriptionSessionId(),
      returnUrl,
      appOrigin: returnUrl ? new URL(returnUrl).origin : deps.appOrigin,
      paymentMethods: body.authorization_details?.payment_methods ?? ['upi'],
      authorizationAmountPaise: rupeesToPaiseOrNull(
        body.authorization_details?.authorization_amount ?? 1,
      )!,
      authorization: { status: 'PENDING', reference: null, at: null },
      approveBy: new Date(now.getTime() + APPROVE_WITHIN_MS),
      expiresAt,
      createdAt: now,
      debits: { ...SUCCESSFUL_DEBITS },
    };
    subscriptions.addSubscription(subscription);
    const answer = entity(subscription);
    again.remember(answer);
    return reply.code(200).send(answer);
  });

  app.get<{ Params: { id: string } }>('/subscriptions/:id', async (request, reply) => {
    const subscription = subscriptionOf(request.params.id);
    return subscription ? entity(subscription) : notFound(reply, 'subscription');
  });

  app.post<{ Params: { id: string } }>('/subscriptions/:id/manage', async (request, reply) => {
    const subscription = subscriptionOf(request.params.id);
    if (!subscription) return notFound(reply, 'subscription');
    const parsed = manageBody.safeParse(request.body);
    if (!parsed.success) return invalidBody(reply, request.body, parsed.error);
    const { action } = parsed.data;
    const from = subscription.status;
    const refuse = () =>
      invalid(reply, 'action_invalid', `action ${action} is not allowed on a ${from} subscription`);
    if (action === 'CANCEL') {
      if (!LIVE.includes(from)) return refuse();
      ops.move(subscription, 'CANCELLED');
    } else if (action === 'PAUSE') {
      if (from === 'PAUSED') return entity(subscription);
      if (from !== 'ACTIVE') return refuse();
      ops.move(subscription, 'PAUSED');
    } else if (action === 'ACTIVATE') {
      if (from === 'ACTIVE') return entity(subscription);
      // A pause in the UPI app is lifted there only.
      if (from !== 'PAUSED' && from !== 'ON_HOLD') return refuse();
      ops.move(subscription, 'ACTIVE');
    } else {
      return refuse();
    }
    return entity(subscription);
  });

  app.get<{ Params: { id: string } }>('/subscriptions/:id/payments', async (request, reply) => {
    const subscription = subscriptionOf(request.params.id);
    if (!subscription) return notFound(reply, 'subscription');
    return subscriptions.chargesOf(subscription.subscriptionId).map(chargeEntity);
  });

  const chargeOf = (subscriptionId: string, paymentId: string) => {
    const charge = subscriptions.charges.get(paymentId);
    return charge && charge.subscriptionId === subscriptionId ? charge : undefined;
  };

  app.get<{ Params: { id: string; payment_id: string } }>(
    '/subscriptions/:id/payments/:payment_id',
    async (request, reply) => {
      const charge = chargeOf(request.params.id, request.params.payment_id);
      return charge ? chargeEntity(charge) : notFound(reply, 'payment');
    },
  );

  app.post<{ Params: { id: string; payment_id: string } }>(
    '/subscriptions/:id/payments/:payment_id/manage',
    async (request, reply) => {
      const charge = chargeOf(request.params.id, request.params.payment_id);
      if (!charge) return notFound(reply, 'payment');
      const parsed = chargeManageBody.safeParse(request.body);
      if (!parsed.success) return invalidBody(reply, request.body, parsed.error);
      if (parsed.data.action !== 'CANCEL') {
        return invalid(reply, 'action_invalid', 'RETRY is for periodic charges only');
      }
      if (charge.status === 'CANCELLED') return chargeEntity(charge);
      if (charge.status === 'SUCCESS' || charge.executions.some((e) => e.status === 'PENDING')) {
        return invalid(reply, 'payment_not_cancellable', `the payment is ${charge.status}`);
      }
      ops.cancelCharge(charge);
      return chargeEntity(charge);
    },
  );

  app.post('/subscriptions/pay/controlled/notify-mandate', async (request, reply) => {
    const parsed = notifyBody.safeParse(request.body);
    if (!parsed.success) return invalidBody(reply, request.body, parsed.error);
    const body = parsed.data;
    const amountPaise = rupeesToPaiseOrNull(body.payment_amount)!;
    const earlier = subscriptions.charges.get(body.payment_id);
    if (earlier) {
      // The same notice again (a retry) is answered with the one it made.
      if (
        earlier.notification.notificationId === body.notification_id &&
        earlier.amountPaise === amountPaise &&
        earlier.subscriptionId === body.subscription_id
      ) {
        return notificationEntity(earlier);
      }
      return fail(
        reply,
        409,
        'invalid_request_error',
        'payment_already_exists',
        'payment with same payment_id is already present',
      );
    }
    const subscription = subscriptionOf(body.subscription_id);
    if (!subscription) return notFound(reply, 'subscription');
    if (subscription.status !== 'ACTIVE') {
      return invalid(
        reply,
        'subscription_not_active',
        `the subscription is ${subscription.status}`,
      );
    }
    const plan = subscriptions.plans.get(subscription.planId);
    if (plan && amountPaise > plan.maxAmountPaise) {
      return invalid(
        reply,
        'payment_amount_invalid',
        'payment_amount : exceeds the plan_max_amount',
      );
    }
    const charge: SandboxCharge = {
      paymentId: body.payment_id,
      cfPaymentId: numericId(),
      subscriptionId: subscription.subscriptionId,
      amountPaise,
      remarks: body.payment_remarks ?? null,
      status: 'INITIALIZED',
      notification: {
        notificationId: body.notification_id,
        cfNotificationId: numericId(),
        at: clock.now(),
        status: 'INITIALIZED',
      },
      executions: [],
    };
    subscriptions.charges.set(charge.paymentId, charge);
    const answer = notificationEntity(charge);
    ops.notified(charge);
    return reply.code(200).send(answer);
  });

  app.post('/subscriptions/pay/controlled/execute-mandate', async (request, reply) => {
    const parsed = executeBody.safeParse(request.body);
    if (!parsed.success) return invalidBody(reply, request.body, parsed.error);
    const { payment_id: paymentId, execution_id: executionId } = parsed.data;
    const charge = subscriptions.charges.get(paymentId);
    if (!charge) return notFound(reply, 'payment');
    const same = charge.executions.find((e) => e.executionId === executionId);
    if (same) return executionEntity(charge, same);
    if (charge.status === 'SUCCESS') {
      return invalid(reply, 'payment_already_successful', 'the payment is already successful');
    }
    if (charge.status === 'CANCELLED')
      return invalid(reply, 'payment_cancelled', 'the payment is cancelled');
    if (charge.executions.some((e) => e.status === 'PENDING')) {
      return fail(
        reply,
        409,
        'invalid_request_error',
        'execution_in_progress',
        'an execution of this payment is in progress',
      );
    }
    if (charge.executions.length >= DEBIT_ATTEMPTS) {
      return invalid(
        reply,
        'max_attempts_exceeded',
        `at most ${DEBIT_ATTEMPTS} executions per notification`,
      );
    }
    const now = clock.now();
    const opens = charge.notification.at.getTime() + NOTICE_MIN_MS;
    if (now.getTime() < opens) {
      return invalid(
        reply,
        'notification_window_not_elapsed',
        `execution permitted from ${toIstIsoString(new Date(opens))}`,
      );
    }
    const permitted = offPeakFrom(now);
    if (permitted.getTime() !== now.getTime()) {
      return invalid(reply, 'blackout_window', `next permitted at ${toIstIsoString(permitted)}`);
    }
    const subscription = subscriptionOf(charge.subscriptionId);
    if (!subscription || subscription.status !== 'ACTIVE') {
      return invalid(
        reply,
        'subscription_not_active',
        `the subscription is ${subscription?.status ?? 'gone'}`,
      );
    }
    const execution = ops.execute(charge, executionId);
    return reply.code(200).send(executionEntity(charge, execution));
  });

  app.get<{ Params: { payment_id: string; notification_id: string } }>(
    '/subscriptions/payments/:payment_id/controlled/notifications/:notification_id',
    async (request, reply) => {
      const charge = subscriptions.charges.get(request.params.payment_id);
      if (!charge || charge.notification.notificationId !== request.params.notification_id) {
        return notFound(reply, 'notification');
      }
      return notificationEntity(charge);
    },
  );

  app.get<{ Params: { payment_id: string; execution_id: string } }>(
    '/subscriptions/payments/:payment_id/controlled/executions/:execution_id',
    async (request, reply) => {
      const charge = subscriptions.charges.get(request.params.payment_id);
      const execution = charge?.executions.find(
        (e) => e.executionId === request.params.execution_id,
      );
      return charge && execution
        ? executionEntity(charge, execution)
        : notFound(reply, 'execution');
    },
  );

  app.post<{ Params: { id: string } }>('/subscriptions/:id/refunds', async (request, reply) => {
    const subscription = subscriptionOf(request.params.id);
    if (!subscription) return notFound(reply, 'subscription');
    const parsed = refundBody.safeParse(request.body);
    if (!parsed.success) return invalidBody(reply, request.body, parsed.error);
    const body = parsed.data;
    const amountPaise = rupeesToPaiseOrNull(body.refund_amount)!;
    const now = clock.now();
    const same = subscriptions.refunds.get(body.refund_id);
    if (same) {
      if (same.amountPaise === amountPaise && same.paymentId === body.payment_id) {
        return subscriptionRefundEntity(same, now);
      }
      return fail(
        reply,
        409,
        'invalid_request_error',
        'refund_already_exists',
        'refund with same refund_id is already present',
      );
    }
    const charge = chargeOf(subscription.subscriptionId, body.payment_id);
    if (!charge || charge.status !== 'SUCCESS') {
      return invalid(
        reply,
        'payment_not_successful',
        'refund can be initiated only for a successful payment',
      );
    }
    const refunded = [...subscriptions.refunds.values()]
      .filter((r) => r.paymentId === charge.paymentId)
      .reduce((sum, r) => sum + r.amountPaise, 0);
    if (amountPaise > charge.amountPaise - refunded) {
      return invalid(
        reply,
        'refund_amount_invalid',
        'refund_amount : should not exceed the amount paid minus the amount refunded',
      );
    }
    const refund = {
      refundId: body.refund_id,
      cfRefundId: numericId(),
      subscriptionId: subscription.subscriptionId,
      paymentId: charge.paymentId,
      amountPaise,
      note: body.refund_note ?? null,
      createdAt: now,
      processesAt: new Date(now.getTime() + SUBSCRIPTION_REFUND_PROCESSING_MS),
    };
    subscriptions.refunds.set(refund.refundId, refund);
    ops.refunded(subscription, refund.refundId);
    return reply.code(200).send(subscriptionRefundEntity(refund, now));
  });

  app.get<{ Params: { id: string; refund_id: string } }>(
    '/subscriptions/:id/refunds/:refund_id',
    async (request, reply) => {
      const refund = subscriptions.refunds.get(request.params.refund_id);
      if (!refund || refund.subscriptionId !== request.params.id) return notFound(reply, 'refund');
      return subscriptionRefundEntity(refund, clock.now());
    },
  );

  app.post<{ Params: { id: string } }>('/subscriptions/:id/simulate', async (request, reply) => {
    const subscription = subscriptionOf(request.params.id);
    if (!subscription) return notFound(reply, 'subscription');
    const parsed = simulateBody.safeParse(request.body ?? {});
    if (!parsed.success) return invalidBody(reply, request.body, parsed.error);
    const { customer_action: action, debits } = parsed.data;
    if (debits) {
      subscription.debits = { failWith: debits.fail_with, failAttempts: debits.fail_attempts ?? 0 };
    }
    const from = subscription.status;
    if (action === 'CANCEL') {
      if (!['ACTIVE', 'PAUSED', 'ON_HOLD', 'CUSTOMER_PAUSED'].includes(from)) {
        return invalid(reply, 'action_invalid', `the subscription is ${from}`);
      }
      ops.move(subscription, 'CUSTOMER_CANCELLED');
    } else if (action === 'PAUSE') {
      if (from !== 'ACTIVE') return invalid(reply, 'action_invalid', `the subscription is ${from}`);
      ops.move(subscription, 'CUSTOMER_PAUSED');
    } else if (action === 'RESUME') {
      if (from !== 'CUSTOMER_PAUSED') {
        return invalid(reply, 'action_invalid', `the subscription is ${from}`);
      }
      ops.move(subscription, 'ACTIVE');
    }
    return entity(subscription);
  });
}
