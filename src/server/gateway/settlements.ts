// The gateway's settlement APIs and webhooks (issue 50, D261, D268), as far as payouts need them:
//
//   POST /pg/settlements                   settlements by id, UTR or date, cursor-paged
//   POST /pg/settlement/recon              a settlement's events (payments, refunds,
//                                          adjustments), each naming its order, cursor-paged
//   GET  /pg/orders/{order_id}/settlements the settlement of one order's payment
//   SETTLEMENT_INITIATED / _SUCCESS / _FAILED / _REVERSED webhooks, signed like payment ones
//
// JSON over createGatewayHttp (the SDK's settlement types do not match Cashfree's answers),
// with the PG API's credentials. Amounts become paise here (D9). Answers are parsed
// defensively: fields the docs name differently across versions (`utr`/`settlement_utr`,
// `amount_settled`/`settlement_amount`, `payment_amount`/`total_transaction_amount`) are
// read under either name; which one production sends is *unverified*.
import { z } from 'zod';
import { rupeesToPaiseOrNull } from '../../domain/money';
import { toIstIsoString } from '../../domain/time';
import type { Config } from '../config';
import { createGatewayHttp } from './http';
import { verifiedWebhookJson, type SignedWebhook } from './signature';
import { GatewayError } from './types';
import type { LocalTransport } from './transport';

export const PG_API_VERSION = '2025-01-01';

export interface GatewaySettlement {
  cfSettlementId: string;
  /** As the gateway wrote it: SUCCESS, PENDING, PENDING_WITH_BANK, FAILED, REVERSED, ... */
  status: string;
  utr: string | null;
  /** Paise; null when the answer did not say. */
  gross: number | null;
  serviceCharge: number;
  serviceTax: number;
  adjustment: number;
  net: number;
  settlementType: string | null;
  initiatedAt: Date | null;
  settledAt: Date | null;
  paymentFrom: Date | null;
  paymentTill: Date | null;
  reason: string | null;
}

export type SettlementWebhookType =
  'SETTLEMENT_INITIATED' | 'SETTLEMENT_SUCCESS' | 'SETTLEMENT_FAILED' | 'SETTLEMENT_REVERSED';

export interface SettlementWebhook {
  type: SettlementWebhookType;
  eventTime: string | null;
  settlement: GatewaySettlement;
}

/** One event of a settlement's reconciliation. */
export interface ReconEvent {
  eventId: string;
  /** PAYMENT, REFUND, REFUND_REVERSAL, DISPUTE, CHARGEBACK, OTHER_ADJUSTMENT, ... */
  eventType: string;
  /** Paise: the payment's, the refund's... */
  amount: number;
  /** What it adds to the settlement (negative for a refund), paise. */
  settlementAmount: number;
  serviceCharge: number;
  serviceTax: number;
  eventTime: Date | null;
  orderId: string | null;
  cfPaymentId: string | null;
  refundId: string | null;
  cfSettlementId: string | null;
}

export interface OrderSettlement {
  cfSettlementId: string;
  orderId: string;
  transferUtr: string | null;
  transferTime: Date | null;
}

export interface Paged<T> {
  items: T[];
  /** The next page's cursor; null after the last page. */
  cursor: string | null;
}

export interface SettlementFilter {
  cfSettlementIds?: string[];
  from?: Date;
  to?: Date;
}

export interface SettlementsApi {
  fetchSettlements(
    filter: SettlementFilter,
    cursor?: string | null,
  ): Promise<Paged<GatewaySettlement>>;
  fetchRecon(cfSettlementId: string, cursor?: string | null): Promise<Paged<ReconEvent>>;
  /** The settlement of an order's payment; null when it has none yet (404). */
  fetchOrderSettlement(orderId: string): Promise<OrderSettlement | null>;
  verifyWebhook(input: SignedWebhook): SettlementWebhook | null;
}

/** Per page: the gateway allows 1000; a tutor's day fits in far fewer. */
export const SETTLEMENT_PAGE_LIMIT = 100;

// ---------------------------------------------------------------------------------------------

const money = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const paise = rupeesToPaiseOrNull(typeof value === 'string' ? Number(value) : value);
  if (paise === null) {
    ctx.addIssue({ code: 'custom', message: 'not a rupee amount' });
    return z.NEVER;
  }
  return paise;
});
const optionalMoney = money.nullish().transform((value) => value ?? null);
const id = z.union([z.string().min(1), z.number().int()]).transform(String);
const text = z
  .string()
  .nullish()
  .transform((value) => (value === undefined || value === null || value === '' ? null : value));
/** Cashfree writes '2025-01-16T17:00:00+05:30' and, in webhooks, '2025-01-16 12:00:00' (IST). */
const when = z
  .string()
  .nullish()
  .transform((value) => {
    if (!value) return null;
    const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(value)
      ? `${value.replace(' ', 'T')}+05:30`
      : value;
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? null : date;
  });

const settlementEntity = z
  .object({
    cf_settlement_id: id.nullish(),
    settlement_id: id.nullish(),
    status: z.string().min(1),
    utr: text,
    settlement_utr: text,
    payment_amount: optionalMoney,
    total_transaction_amount: optionalMoney,
    service_charge: optionalMoney,
    service_tax: optionalMoney,
    adjustment: optionalMoney,
    settlement_amount: optionalMoney,
    amount_settled: optionalMoney,
    settlement_type: text,
    settlement_initiated_on: when,
    settled_on: when,
    payment_from: when,
    payment_till: when,
    reason: text,
  })
  .refine((s) => s.cf_settlement_id ?? s.settlement_id, 'no settlement id');

function toSettlement(s: z.infer<typeof settlementEntity>): GatewaySettlement {
  return {
    cfSettlementId: (s.cf_settlement_id ?? s.settlement_id)!,
    status: s.status.toUpperCase(),
    utr: s.utr ?? s.settlement_utr,
    gross: s.payment_amount ?? s.total_transaction_amount,
    serviceCharge: s.service_charge ?? 0,
    serviceTax: s.service_tax ?? 0,
    adjustment: s.adjustment ?? 0,
    // What the payout is for; amount_settled is what reached the bank (0 when it failed).
    net: s.settlement_amount ?? s.amount_settled ?? 0,
    settlementType: s.settlement_type,
    initiatedAt: s.settlement_initiated_on,
    settledAt: s.settled_on,
    paymentFrom: s.payment_from,
    paymentTill: s.payment_till,
    reason: s.reason,
  };
}

const page = <T extends z.ZodType>(item: T) =>
  z.object({ cursor: text, data: z.array(item).nullish() });

const reconEntity = z.object({
  event_details: z.object({
    event_id: id,
    event_type: z.string().min(1),
    event_amount: money,
    event_settlement_amount: money,
    event_service_charge: optionalMoney,
    event_service_tax: optionalMoney,
    event_time: when,
  }),
  order_details: z.object({ order_id: text }).nullish(),
  payment_details: z.object({ cf_payment_id: id.nullish() }).nullish(),
  refund_details: z.object({ refund_id: text }).nullish(),
  settlement_details: z.object({ cf_settlement_id: id.nullish() }).nullish(),
});

const orderSettlementEntity = z.object({
  cf_settlement_id: id,
  order_id: z.string(),
  transfer_utr: text,
  transfer_time: when,
});

const webhookEnvelope = z.object({
  type: z.enum([
    'SETTLEMENT_INITIATED',
    'SETTLEMENT_SUCCESS',
    'SETTLEMENT_FAILED',
    'SETTLEMENT_REVERSED',
  ]),
  event_time: z.string().nullish(),
  data: z.object({ settlement: settlementEntity }),
});

export interface SettlementsOptions {
  baseUrl?: string;
  timeoutMs?: number;
  loopback?: LocalTransport;
}

export function createCashfreeSettlements(
  config: Pick<Config, 'cashfree'>,
  options: SettlementsOptions = {},
): SettlementsApi {
  const call = createGatewayHttp({
    baseUrl: (options.baseUrl ?? config.cashfree.pgBaseUrl).replace(/\/+$/, ''),
    headers: {
      'x-client-id': config.cashfree.clientId,
      'x-client-secret': config.cashfree.clientSecret,
      'x-api-version': PG_API_VERSION,
    },
    name: 'Cashfree settlements',
    timeoutMs: options.timeoutMs,
    ...(options.loopback ? { loopback: options.loopback } : {}),
  });

  return {
    async fetchSettlements(filter, cursor = null) {
      const answer = await call(
        'the settlements',
        {
          method: 'POST',
          path: '/settlements',
          body: {
            pagination: { limit: SETTLEMENT_PAGE_LIMIT, ...(cursor ? { cursor } : {}) },
            filters: {
              ...(filter.cfSettlementIds ? { cf_settlement_ids: filter.cfSettlementIds } : {}),
              ...(filter.from ? { start_date: toIstIsoString(filter.from) } : {}),
              ...(filter.to ? { end_date: toIstIsoString(filter.to) } : {}),
            },
          },
        },
        page(settlementEntity),
      );
      return { items: (answer.data ?? []).map(toSettlement), cursor: answer.cursor };
    },

    async fetchRecon(cfSettlementId, cursor = null) {
      const answer = await call(
        'the settlement reconciliation',
        {
          method: 'POST',
          path: '/settlement/recon',
          body: {
            pagination: { limit: SETTLEMENT_PAGE_LIMIT, ...(cursor ? { cursor } : {}) },
            filters: { cf_settlement_ids: [cfSettlementId] },
          },
        },
        page(reconEntity),
      );
      return {
        cursor: answer.cursor,
        items: (answer.data ?? []).map((entry) => ({
          eventId: entry.event_details.event_id,
          eventType: entry.event_details.event_type.toUpperCase(),
          amount: entry.event_details.event_amount,
          settlementAmount: entry.event_details.event_settlement_amount,
          serviceCharge: entry.event_details.event_service_charge ?? 0,
          serviceTax: entry.event_details.event_service_tax ?? 0,
          eventTime: entry.event_details.event_time,
          orderId: entry.order_details?.order_id ?? null,
          cfPaymentId: entry.payment_details?.cf_payment_id ?? null,
          refundId: entry.refund_details?.refund_id ?? null,
          cfSettlementId: entry.settlement_details?.cf_settlement_id ?? null,
        })),
      };
    },

    async fetchOrderSettlement(orderId) {
      try {
        const answer = await call(
          "the order's settlement",
          { method: 'GET', path: `/orders/${encodeURIComponent(orderId)}/settlements` },
          orderSettlementEntity,
        );
        return {
          cfSettlementId: answer.cf_settlement_id,
          orderId: answer.order_id,
          transferUtr: answer.transfer_utr,
          transferTime: answer.transfer_time,
        };
      } catch (error) {
        if (error instanceof GatewayError && error.status === 404) return null;
        throw error;
      }
    },

    verifyWebhook(input) {
      // Signed as payment webhooks are: HMAC of timestamp + raw body, keyed by the secret.
      const verified = verifiedWebhookJson(config.cashfree.clientSecret, input);
      if (!verified) return null;
      const parsed = webhookEnvelope.safeParse(verified.json);
      if (!parsed.success) return null;
      return {
        type: parsed.data.type,
        eventTime: parsed.data.event_time ?? null,
        settlement: toSettlement(parsed.data.data.settlement),
      };
    },
  };
}
