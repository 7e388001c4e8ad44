// payments/pg/ operations of the contract: fee settings (D5, D9), orders (D6, D9-D11, D19,
// D20, D32, D33) and the gateway's payment webhook.
import { coded } from '../../domain/texts';
import { CHARGES_RATE, PG_NAME } from '../../domain/constants';
import { apiMessages } from '../../domain/apiMessages';
import type { Handlers } from '../http/handler';
import { requireAuth } from '../http/handler';
import { BASE_RATE } from '../services/orderChecks';
import { settlementHolidays } from '../services/settlementHolidays';
import { refusal } from './replies';
import { readSignedWebhook } from './signedWebhook';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,64}$/;

const firstHeader = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value[0] : value;

export const paymentHandlers = {
  async getPgSettings({ services }) {
    return {
      status: 200,
      body: {
        pg_name: PG_NAME,
        base_rate: BASE_RATE,
        charges_rate: CHARGES_RATE,
        settlement_holidays: settlementHolidays(services.clock.now()),
      },
    };
  },

  async createOrder({ body, auth, services, request }) {
    const caller = requireAuth(auth).user;
    const key = firstHeader(request.headers['idempotency-key']);
    if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
      return { status: 400, body: coded(apiMessages).orders.idempotencyKey };
    }
    const result = await services.orders.create(caller, body, key);
    if (!result.ok) {
      if (result.cause) request.log.warn({ err: result.cause }, 'gateway order failed');
      return refusal(result);
    }
    return { status: 201, body: result.value };
  },

  async getOrder({ params, auth, services, request }) {
    const result = await services.orders.get(requireAuth(auth).user, params.orderId);
    if (!result.ok) return refusal(result);
    if (result.value.refreshError) {
      request.log.warn({ err: result.value.refreshError }, 'order re-read from the gateway failed');
    }
    return { status: 200, body: result.value.details };
  },

  /**
   * The gateway's webhook: signed raw body, 5-minute window, at-least-once delivery. Payment
   * and refund events come here (D330); a signed event of another type is acknowledged.
   */
  async receivePaymentWebhook({ services, request }) {
    const verified = readSignedWebhook(request, services.clock.now(), (input) =>
      services.gateway.verifyPaymentWebhook(input),
    );
    if (!verified) {
      return { status: 401, body: coded(apiMessages).webhooks.invalidSignature };
    }
    if (verified.kind === 'other') {
      request.log.warn({ type: verified.type }, 'gateway webhook of a type we do not act on');
      return { status: 200, body: { result: 'ignored' } };
    }
    if (verified.kind === 'refund') {
      const { refund } = verified.event;
      const { result } = await services.refunds.receiveWebhook(verified.event);
      if (result === 'ignored') {
        request.log.warn(
          { refundId: refund.refundId, orderId: refund.orderId },
          'refund webhook for an unknown refund',
        );
      }
      return { status: 200, body: { result } };
    }
    const event = verified.event;
    // Stored with its job and answered at once (D110): the job applies it.
    const { result } = await services.orders.receiveWebhook(event);
    if (result === 'ignored') {
      request.log.warn(
        { orderId: event.orderId, cfPaymentId: event.payment.cfPaymentId },
        'payment webhook for an unknown order',
      );
    }
    return { status: 200, body: { result } };
  },
} satisfies Handlers;
