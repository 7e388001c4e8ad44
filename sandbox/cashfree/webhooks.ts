// Webhooks as Cashfree sends them (gateway-contract.md, "Payment webhooks"): the 2025-01-01
// envelope, amounts written with 2 decimals (170.00), signed over the exact bytes sent,
// delivered at least once and retried on any non-2xx (3xx included) a bounded number of
// times. Delivery never blocks the checkout's redirect: it starts on a timer. Merchant
// onboarding webhooks (onboarding.ts) go through the same delivery, faults included.
//
// Webhooks go over HTTP to the URL the app gave (notify_url; the onboarding webhook on the
// app's origin). Tests that run the sandbox and the app in one process hand in `deliver`, a
// transport that reaches the app without a socket.
//
//   GET /sandbox/cashfree/webhooks?order_id=&merchant_id=&subscription_id=
//                                                           the delivery log, newest first
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { toIstIsoString } from '../../src/domain/time';
import type { Clock } from '../../src/server/clock';
import { signWebhook } from '../../src/server/gateway/signature';
import type { PaymentWebhook } from '../../src/server/gateway/types';
import type { Faults } from './faults';
import type { SandboxOrder, SandboxPayment } from './state';
import { createTimers } from './timers';

export const WEBHOOK_VERSION = '2025-01-01';
const DELIVERY_TIMEOUT_MS = 5_000;
const LOG_LIMIT = 200;

type WebhookType = PaymentWebhook['type'];

const TYPES: Partial<Record<SandboxPayment['status'], WebhookType>> = {
  SUCCESS: 'PAYMENT_SUCCESS_WEBHOOK',
  FAILED: 'PAYMENT_FAILED_WEBHOOK',
  USER_DROPPED: 'PAYMENT_USER_DROPPED_WEBHOOK',
};

export interface DeliveryAttempt {
  attempt: number;
  at: string;
  status: number | null;
  error: string | null;
}

/** What a webhook is about, as the delivery log shows it. */
export interface DeliverySubject {
  /** Payment webhooks. */
  order_id?: string;
  cf_payment_id?: string;
  payment_status?: string;
  /** Merchant onboarding webhooks. */
  merchant_id?: string;
  onboarding_status?: string;
  /** Subscription webhooks (issue 49). */
  subscription_id?: string;
  payment_id?: string;
  subscription_status?: string;
}

export interface Delivery extends DeliverySubject {
  id: string;
  type: string;
  url: string;
  state: 'queued' | 'held' | 'delivering' | 'delivered' | 'failed' | 'dropped';
  attempts: DeliveryAttempt[];
  /** The exact bytes sent (and signed). */
  body: string;
}

/** Rupees with exactly 2 decimals from integer paise: 17000 → '170.00'. */
export function rupeeText(paise: number): string {
  return `${Math.trunc(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
}

/**
 * The webhook's raw body. JSON.stringify would write 170 for 170.00, so amounts go in as
 * unique placeholders and are replaced by their 2-decimal text afterwards.
 */
export function webhookBody(
  order: SandboxOrder,
  payment: SandboxPayment,
  type: WebhookType,
  now: Date,
): string {
  const marker = randomBytes(8).toString('hex');
  const amounts: string[] = [];
  const amount = (paise: number) => {
    amounts.push(rupeeText(paise));
    return `@@${marker}:${amounts.length - 1}@@`;
  };
  const envelope = {
    data: {
      order: {
        order_id: order.orderId,
        order_amount: amount(order.amountPaise),
        order_currency: 'INR',
        order_tags: order.tags,
      },
      payment: {
        cf_payment_id: payment.cfPaymentId,
        payment_status: payment.status,
        payment_amount: amount(payment.amountPaise),
        payment_currency: 'INR',
        payment_message: payment.message,
        payment_time: toIstIsoString(payment.time),
        bank_reference: payment.bankReference,
        auth_id: null,
        payment_method: payment.method,
        payment_group: payment.group,
        international_payment: { international: false },
        payment_surcharge: null,
      },
      customer_details: {
        customer_name: order.customer.customer_name,
        customer_id: order.customer.customer_id,
        customer_email: order.customer.customer_email,
        customer_phone: order.customer.customer_phone,
      },
      payment_gateway_details: {
        gateway_name: 'CASHFREE',
        gateway_order_id: order.cfOrderId,
        gateway_payment_id: payment.cfPaymentId,
        gateway_status_code: null,
        gateway_settlement: 'CASHFREE',
      },
      payment_offers: null,
      ...(payment.error ? { error_details: payment.error } : {}),
    },
    event_time: toIstIsoString(now),
    type,
  };
  return JSON.stringify(envelope).replace(
    new RegExp(`"@@${marker}:(\\d+)@@"`, 'g'),
    (_, index: string) => amounts[Number(index)]!,
  );
}

/** Sends one POST and answers its status (a transport other than HTTP, for tests). */
export type Deliver = (
  url: URL,
  request: { headers: Record<string, string>; body: string },
) => Promise<number>;

export interface DispatcherDeps {
  clock: Clock;
  faults: Faults;
  secret: string;
  log: FastifyBaseLogger;
  deliver?: Deliver;
}

/** One event to deliver: its type, where to, the exact body, what it is about. */
export interface WebhookEvent {
  type: string;
  url: string;
  body: string;
  subject: DeliverySubject;
  /** The signing key when it is not the dispatcher's (`secret`). */
  secret?: string;
}

export function createWebhookDispatcher(deps: DispatcherDeps) {
  const { clock, faults, log } = deps;
  const deliveries: Delivery[] = [];
  const held: Delivery[] = [];
  // Kept apart from the deliveries, which the log shows.
  const keys = new Map<string, string>();
  const timers = createTimers();
  const later = timers.later;
  const inFlight = new Set<AbortController>();

  async function post(delivery: Delivery, attempt: number): Promise<number> {
    const timestamp = String(clock.now().getTime());
    const secret = keys.get(delivery.id) ?? deps.secret;
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'x-webhook-signature': signWebhook(secret, timestamp, delivery.body),
      'x-webhook-timestamp': timestamp,
      'x-webhook-version': WEBHOOK_VERSION,
      'x-webhook-attempt': String(attempt),
      'x-idempotency-key': createHash('sha256').update(delivery.id).digest('base64'),
    };
    const url = new URL(delivery.url);
    if (deps.deliver) return deps.deliver(url, { headers, body: delivery.body });
    const controller = new AbortController();
    inFlight.add(controller);
    const timer = setTimeout(() => controller.abort(), DELIVERY_TIMEOUT_MS);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers,
        body: delivery.body,
        redirect: 'manual',
        signal: controller.signal,
      });
      await response.arrayBuffer().catch(() => undefined);
      return response.status;
    } finally {
      clearTimeout(timer);
      inFlight.delete(controller);
    }
  }

  /** One attempt; resolves once its answer is recorded (a retry, if any, is scheduled). */
  function attempt(delivery: Delivery, n: number): Promise<void> {
    delivery.state = 'delivering';
    const record: DeliveryAttempt = {
      attempt: n,
      at: clock.now().toISOString(),
      status: null,
      error: null,
    };
    delivery.attempts.push(record);
    return post(delivery, n)
      .then((status) => {
        record.status = status;
      })
      .catch((error: unknown) => {
        record.error = error instanceof Error ? error.message : String(error);
      })
      .finally(() => {
        if (record.status !== null && record.status >= 200 && record.status < 300) {
          delivery.state = 'delivered';
          return;
        }
        const delays = faults.webhookRetryDelaysMs;
        if (n <= delays.length && !timers.closed) {
          delivery.state = 'queued';
          later(delays[n - 1]!, () => attempt(delivery, n + 1));
        } else {
          delivery.state = 'failed';
          log.warn(
            {
              webhook: delivery.id,
              order_id: delivery.order_id,
              merchant_id: delivery.merchant_id,
              attempts: n,
            },
            'sandbox webhook not delivered',
          );
        }
      });
  }

  /** First attempts one after another, so the receiver sees them in this order. */
  async function sendInTurn(list: Delivery[]): Promise<void> {
    for (const delivery of list) {
      if (timers.closed) return;
      await attempt(delivery, 1);
    }
  }

  function record(event: WebhookEvent): Delivery {
    const delivery: Delivery = {
      id: `whk_${randomBytes(8).toString('hex')}`,
      type: event.type,
      ...event.subject,
      url: event.url,
      state: 'queued',
      attempts: [],
      body: event.body,
    };
    if (event.secret !== undefined) keys.set(delivery.id, event.secret);
    deliveries.unshift(delivery);
    if (deliveries.length > LOG_LIMIT) {
      for (const old of deliveries.splice(LOG_LIMIT)) keys.delete(old.id);
    }
    return delivery;
  }

  /** Queues the event, as the fault switches say (dropped, held, sent twice). */
  function send(event: WebhookEvent): void {
    if (timers.closed) return;
    const copies = faults.duplicateWebhooks ? 2 : 1;
    const batch: Delivery[] = [];
    for (let i = 0; i < copies; i += 1) {
      const delivery = record(event);
      const dropped = faults.dropWebhooks || Math.random() < faults.dropWebhookRate;
      if (dropped) delivery.state = 'dropped';
      else if (faults.reorderWebhooks) {
        delivery.state = 'held';
        held.push(delivery);
      } else batch.push(delivery);
    }
    if (batch.length > 0) later(faults.webhookDelayMs, () => void sendInTurn(batch));
  }

  return {
    send,
    /** Sends the webhook for the payment's status (if it has one) to the order's notify_url. */
    paymentChanged(order: SandboxOrder, payment: SandboxPayment): void {
      const type = TYPES[payment.status];
      if (!type || !order.notifyUrl) return;
      send({
        type,
        url: order.notifyUrl,
        body: webhookBody(order, payment, type, clock.now()),
        subject: {
          order_id: order.orderId,
          cf_payment_id: payment.cfPaymentId,
          payment_status: payment.status,
        },
      });
    },
    /** Sends the held webhooks, newest first. */
    releaseHeld(): void {
      const list = held.splice(0).reverse();
      for (const delivery of list) delivery.state = 'queued';
      if (list.length > 0) later(0, () => void sendInTurn(list));
    },
    /** The log, newest first; with a filter only the deliveries about that order or merchant. */
    list(
      filter: { orderId?: string; merchantId?: string; subscriptionId?: string } = {},
    ): Delivery[] {
      return deliveries.filter(
        (d) =>
          (filter.orderId === undefined || d.order_id === filter.orderId) &&
          (filter.merchantId === undefined || d.merchant_id === filter.merchantId) &&
          (filter.subscriptionId === undefined || d.subscription_id === filter.subscriptionId),
      );
    },
    close(): void {
      timers.close();
      for (const controller of inFlight) controller.abort();
    },
  };
}

export type WebhookDispatcher = ReturnType<typeof createWebhookDispatcher>;
