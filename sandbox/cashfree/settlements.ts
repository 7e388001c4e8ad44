// Settlements in the sandbox (issue 50, D272): each working day, each tutor's payments
// captured the day before (and refunds processed since) are paid out to their bank in one
// settlement, and the settlement webhooks go to the app, as Cashfree does for a merchant.
//
//   POST /sandbox/cashfree/pg/settlements            settlements, filtered, cursor-paged
//   POST /sandbox/cashfree/pg/settlement/recon       a settlement's events, cursor-paged
//   GET  /sandbox/cashfree/pg/orders/:id/settlements an order's payment's settlement
//   POST /sandbox/cashfree/settlements/run           settles what is due at `at` (default now)
//   GET/POST/DELETE /sandbox/cashfree/settlements/faults
//                                                    {fail_for: [payee ids], reverse_for: [...]}
//
// A payment is due on the next working day after its IST day at 17:00 (D5, with the holidays
// the product publishes). A tutor is who the order's `payee_id` tag names (our server tags
// every order; on Cashfree it would be the tutor's own merchant account, *unverified*). Per
// payment the gateway keeps the payer's fee and charges (what was paid above `base_amount`):
// its service charge is that amount without 18% GST, its service tax the rest, so the tutor's
// net is the base amount (D274). A refund is deducted with its share of the fee given back. Faults: a
// payout to a closed account FAILS; a reversal comes after a SUCCESS. Either way the payments
// are paid out again by a later run. The run also happens every SANDBOX_SETTLE_EVERY_MS.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { paiseToRupees } from '../../src/domain/money';
import { nextSettlement } from '../../src/domain/settlement';
import { toIstIsoString } from '../../src/domain/time';
import type { Clock } from '../../src/server/clock';
import { SETTLEMENT_HOLIDAY_DATES } from '../../src/server/services/settlementHolidays';
import { fail } from './api';
import { numericId, type SandboxState } from './state';
import { createTimers } from './timers';
import type { WebhookDispatcher } from './webhooks';

export const SETTLEMENT_WEBHOOK_PATH = '/api/v1/payments/pg/settlement-webhook/';
export const CLOSED_ACCOUNT_REASON = 'ACCOUNT_CLOSED: the beneficiary bank account is closed';
export const REVERSAL_REASON = 'Credit returned by the beneficiary bank: account closed';
const GST_PERCENT = 18;

type Status = 'PENDING' | 'SUCCESS' | 'FAILED' | 'REVERSED';

interface SettledEvent {
  eventId: string;
  type: 'PAYMENT' | 'REFUND';
  orderId: string;
  orderAmount: number;
  cfPaymentId: string | null;
  refundId: string | null;
  amount: number;
  settlementAmount: number;
  serviceCharge: number;
  serviceTax: number;
  time: Date;
}

interface SandboxSettlement {
  cfSettlementId: string;
  payee: string;
  status: Status;
  utr: string | null;
  events: SettledEvent[];
  gross: number;
  serviceCharge: number;
  serviceTax: number;
  net: number;
  initiatedAt: Date;
  settledAt: Date | null;
  paymentFrom: Date;
  paymentTill: Date;
  reason: string | null;
}

/** The payer's fee and charges on `amount` of an order: the gateway's charge and its GST. */
function commission(amount: number, orderAmount: number, base: number) {
  const tutorPart = orderAmount === 0 ? 0 : Math.round((amount * base) / orderAmount);
  const kept = amount - tutorPart;
  const serviceCharge = Math.round((kept * 100) / (100 + GST_PERCENT));
  return { tutorPart, serviceCharge, serviceTax: kept - serviceCharge };
}

const rupees = (paise: number) => paiseToRupees(paise);
const iso = (date: Date | null) => (date ? toIstIsoString(date) : null);

/** `POST /settlements`, the webhook's `data.settlement`: one entity for both (D272). */
function settlementEntity(s: SandboxSettlement) {
  return {
    cf_settlement_id: s.cfSettlementId,
    settlement_id: Number(s.cfSettlementId.slice(-9)),
    status: s.status,
    utr: s.utr,
    settlement_utr: s.utr,
    payment_amount: rupees(s.gross),
    service_charge: rupees(s.serviceCharge),
    service_tax: rupees(s.serviceTax),
    adjustment: 0,
    settlement_amount: rupees(s.net),
    amount_settled: s.status === 'SUCCESS' ? rupees(s.net) : 0,
    settlement_charge: 0,
    settlement_tax: 0,
    settlement_type: 'STANDARD',
    settlement_initiated_on: iso(s.initiatedAt),
    settled_on: iso(s.settledAt),
    payment_from: iso(s.paymentFrom),
    payment_till: iso(s.paymentTill),
    reason: s.reason,
    remarks: null,
    settlement_currency: 'INR',
  };
}

function reconEntity(s: SandboxSettlement, e: SettledEvent) {
  return {
    event_details: {
      event_id: e.eventId,
      event_type: e.type,
      event_amount: rupees(e.amount),
      event_settlement_amount: rupees(e.settlementAmount),
      event_service_charge: rupees(e.serviceCharge),
      event_service_tax: rupees(e.serviceTax),
      event_status: 'SUCCESS',
      event_time: toIstIsoString(e.time),
      event_currency: 'INR',
      sale_type: e.type === 'PAYMENT' ? 'CREDIT' : 'DEBIT',
      entity: 'recon',
    },
    order_details: {
      order_id: e.orderId,
      order_amount: rupees(e.orderAmount),
      order_currency: 'INR',
    },
    payment_details: { cf_payment_id: e.cfPaymentId, payment_amount: rupees(e.orderAmount) },
    refund_details: e.refundId ? { refund_id: e.refundId } : null,
    settlement_details: {
      cf_settlement_id: s.cfSettlementId,
      utr: s.utr,
      settlement_date: iso(s.settledAt),
      settlement_initiated_on: iso(s.initiatedAt),
      settlement_type: 'STANDARD',
      service_charge: rupees(s.serviceCharge),
      service_tax: rupees(s.serviceTax),
      reason: s.reason,
    },
  };
}

const cursorOf = (offset: number) => Buffer.from(JSON.stringify({ offset })).toString('base64');
function offsetOf(cursor: string | null | undefined): number | null {
  if (!cursor) return 0;
  try {
    const { offset } = JSON.parse(Buffer.from(cursor, 'base64').toString('utf8')) as {
      offset: unknown;
    };
    return Number.isInteger(offset) && (offset as number) >= 0 ? (offset as number) : null;
  } catch {
    return null;
  }
}

const listBody = z.object({
  pagination: z.object({
    limit: z.number().int().min(1).max(1000),
    cursor: z.string().max(500).nullish(),
  }),
  filters: z
    .object({
      cf_settlement_ids: z.array(z.string().max(40)).max(100).nullish(),
      settlement_utrs: z.array(z.string().max(40)).max(100).nullish(),
      settlement_status: z.array(z.string().max(40)).max(10).nullish(),
      start_date: z.string().max(40).nullish(),
      end_date: z.string().max(40).nullish(),
    })
    .default({}),
});

export const settlementFaultsPatch = z.strictObject({
  fail_for: z.array(z.string().max(20)).max(100).optional(),
  reverse_for: z.array(z.string().max(20)).max(100).optional(),
});

export function createSettlementEngine(deps: {
  state: SandboxState;
  webhooks: WebhookDispatcher;
  clock: Clock;
  appOrigin: string;
}) {
  const { state, webhooks, clock } = deps;
  const settlements: SandboxSettlement[] = [];
  const faults = { failFor: new Set<string>(), reverseFor: new Set<string>() };

  /** Events in a settlement that went through or is on its way: not to be paid again. */
  const taken = () => {
    const ids = new Set<string>();
    for (const s of settlements) {
      if (s.status === 'FAILED' || s.status === 'REVERSED') continue;
      for (const e of s.events) ids.add(e.eventId);
    }
    return ids;
  };

  const notify = (s: SandboxSettlement, type: string) => {
    const body = JSON.stringify({
      data: { settlement: settlementEntity(s) },
      event_time: toIstIsoString(clock.now()),
      type,
    });
    webhooks.send({
      type,
      url: `${deps.appOrigin}${SETTLEMENT_WEBHOOK_PATH}`,
      body,
      subject: { merchant_id: s.payee },
    });
  };

  /** Settles every tutor's due payments and refunds at `at`; the new settlements. */
  function run(at: Date): SandboxSettlement[] {
    const done = taken();
    const due = new Map<string, SettledEvent[]>();
    const add = (payee: string, event: SettledEvent) =>
      due.set(payee, [...(due.get(payee) ?? []), event]);
    for (const payment of state.allPayments()) {
      if (payment.status !== 'SUCCESS') continue;
      const eventId = `pay_${payment.cfPaymentId}`;
      const order = state.order(payment.orderId);
      const payee = order?.tags?.payee_id;
      if (!order || !payee || done.has(eventId)) continue;
      if (nextSettlement(payment.time, SETTLEMENT_HOLIDAY_DATES).getTime() > at.getTime()) continue;
      const base = Number(order.tags?.base_amount ?? order.amountPaise);
      const c = commission(payment.amountPaise, order.amountPaise, base);
      add(payee, {
        eventId,
        type: 'PAYMENT',
        orderId: order.orderId,
        orderAmount: order.amountPaise,
        cfPaymentId: payment.cfPaymentId,
        refundId: null,
        amount: payment.amountPaise,
        settlementAmount: c.tutorPart,
        serviceCharge: c.serviceCharge,
        serviceTax: c.serviceTax,
        time: payment.time,
      });
    }
    for (const refund of state.allRefunds()) {
      const eventId = `rfd_${refund.cfRefundId}`;
      const order = state.order(refund.orderId);
      const payee = order?.tags?.payee_id;
      if (!order || !payee || done.has(eventId)) continue;
      if (refund.processesAt.getTime() > at.getTime()) continue;
      const base = Number(order.tags?.base_amount ?? order.amountPaise);
      const c = commission(refund.amountPaise, order.amountPaise, base);
      add(payee, {
        eventId,
        type: 'REFUND',
        orderId: order.orderId,
        orderAmount: order.amountPaise,
        cfPaymentId: null,
        refundId: refund.refundId,
        amount: refund.amountPaise,
        settlementAmount: -c.tutorPart,
        serviceCharge: -c.serviceCharge,
        serviceTax: -c.serviceTax,
        time: refund.processesAt,
      });
    }
    const made: SandboxSettlement[] = [];
    for (const [payee, events] of due) {
      const sum = (pick: (e: SettledEvent) => number) => events.reduce((t, e) => t + pick(e), 0);
      const net = sum((e) => e.settlementAmount);
      // Nothing to pay (refunds only): carried to a later day, as a negative balance is.
      if (net <= 0) continue;
      const times = events.map((e) => e.time.getTime());
      const settlement: SandboxSettlement = {
        cfSettlementId: numericId(),
        payee,
        status: 'PENDING',
        utr: null,
        events,
        gross: sum((e) => (e.type === 'PAYMENT' ? e.amount : 0)),
        serviceCharge: sum((e) => e.serviceCharge),
        serviceTax: sum((e) => e.serviceTax),
        net,
        initiatedAt: at,
        settledAt: null,
        paymentFrom: new Date(Math.min(...times)),
        paymentTill: new Date(Math.max(...times)),
        reason: null,
      };
      settlements.push(settlement);
      made.push(settlement);
      notify(settlement, 'SETTLEMENT_INITIATED');
      if (faults.failFor.has(payee)) {
        settlement.status = 'FAILED';
        settlement.reason = CLOSED_ACCOUNT_REASON;
        notify(settlement, 'SETTLEMENT_FAILED');
        continue;
      }
      settlement.status = 'SUCCESS';
      settlement.settledAt = new Date(at.getTime() + 5 * 60_000);
      const day = toIstIsoString(at).slice(2, 10).replaceAll('-', '');
      settlement.utr = `CFSBN${day}${settlement.cfSettlementId.slice(-6)}`;
      notify(settlement, 'SETTLEMENT_SUCCESS');
      if (faults.reverseFor.has(payee)) {
        settlement.status = 'REVERSED';
        settlement.reason = REVERSAL_REASON;
        notify(settlement, 'SETTLEMENT_REVERSED');
      }
    }
    return made;
  }

  return {
    run,
    faults,
    /** Newest first, as the filters say. */
    list(filters: z.infer<typeof listBody>['filters']): SandboxSettlement[] {
      const from = filters.start_date ? new Date(filters.start_date) : null;
      const to = filters.end_date ? new Date(filters.end_date) : null;
      return settlements
        .filter(
          (s) =>
            (!filters.cf_settlement_ids || filters.cf_settlement_ids.includes(s.cfSettlementId)) &&
            (!filters.settlement_utrs ||
              (s.utr !== null && filters.settlement_utrs.includes(s.utr))) &&
            (!filters.settlement_status || filters.settlement_status.includes(s.status)) &&
            (!from || Number.isNaN(from.getTime()) || s.initiatedAt >= from) &&
            (!to || Number.isNaN(to.getTime()) || s.initiatedAt <= to),
        )
        .reverse();
    },
    /** The latest settlement that paid the order's payment out (or is paying it). */
    ofOrder(orderId: string) {
      for (const s of [...settlements].reverse()) {
        if (s.status === 'FAILED' || s.status === 'REVERSED') continue;
        const event = s.events.find((e) => e.type === 'PAYMENT' && e.orderId === orderId);
        if (event) return { settlement: s, event };
      }
      return null;
    },
    settlementEntity,
    reconEntity,
  };
}

export type SettlementEngine = ReturnType<typeof createSettlementEngine>;

/** The PG API's settlement calls, added to the PG API's scope (pg.ts: its credentials, faults). */
export function addSettlementApi(app: FastifyInstance, engine: SettlementEngine): void {
  const paged = <T>(items: T[], limit: number, cursor: string | null | undefined) => {
    const offset = offsetOf(cursor);
    if (offset === null) return null;
    const page = items.slice(offset, offset + limit);
    const next = offset + limit < items.length ? cursorOf(offset + limit) : null;
    return { cursor: next, limit, data: page };
  };

  app.post('/settlements', async (request, reply) => {
    const parsed = listBody.safeParse(request.body ?? {});
    if (!parsed.success) {
      return fail(
        reply,
        400,
        'invalid_request_error',
        'request_invalid',
        parsed.error.issues[0]!.message,
      );
    }
    const { pagination, filters } = parsed.data;
    const page = paged(
      engine.list(filters).map(engine.settlementEntity),
      pagination.limit,
      pagination.cursor,
    );
    if (!page)
      return fail(
        reply,
        400,
        'invalid_request_error',
        'cursor_invalid',
        'cursor : invalid value provided',
      );
    return page;
  });

  app.post('/settlement/recon', async (request, reply) => {
    const parsed = listBody.safeParse(request.body ?? {});
    if (!parsed.success) {
      return fail(
        reply,
        400,
        'invalid_request_error',
        'request_invalid',
        parsed.error.issues[0]!.message,
      );
    }
    const { pagination, filters } = parsed.data;
    const events = engine
      .list(filters)
      .reverse()
      .flatMap((s) => s.events.map((e) => engine.reconEntity(s, e)));
    const page = paged(events, pagination.limit, pagination.cursor);
    if (!page)
      return fail(
        reply,
        400,
        'invalid_request_error',
        'cursor_invalid',
        'cursor : invalid value provided',
      );
    return page;
  });

  app.get<{ Params: { order_id: string } }>(
    '/orders/:order_id/settlements',
    async (request, reply) => {
      const found = engine.ofOrder(request.params.order_id);
      if (!found) {
        return fail(
          reply,
          404,
          'invalid_request_error',
          'settlement_not_found',
          'settlement not found for the order',
        );
      }
      const { settlement: s, event: e } = found;
      return {
        cf_payment_id: e.cfPaymentId,
        cf_settlement_id: s.cfSettlementId,
        settlement_currency: 'INR',
        order_id: e.orderId,
        entity: 'settlement',
        order_amount: rupees(e.orderAmount),
        payment_time: toIstIsoString(e.time),
        service_charge: rupees(e.serviceCharge),
        service_tax: rupees(e.serviceTax),
        settlement_amount: rupees(e.settlementAmount),
        settlement_id: Number(s.cfSettlementId.slice(-9)),
        transfer_id: Number(s.cfSettlementId.slice(-8)),
        transfer_time: iso(s.settledAt),
        transfer_utr: s.utr,
      };
    },
  );
}

/** The sandbox's own switches: run the settlements now (or at a time), and their faults. */
export async function settlementControlRoutes(
  app: FastifyInstance,
  deps: { engine: SettlementEngine; clock: Clock; everyMs: number },
) {
  const { engine, clock } = deps;
  const timers = createTimers();
  app.addHook('onClose', async () => timers.close());
  if (deps.everyMs > 0) {
    const tick = () => {
      engine.run(clock.now());
      timers.later(deps.everyMs, tick);
    };
    timers.later(deps.everyMs, tick);
  }

  app.post('/settlements/run', async (request, reply) => {
    const parsed = z
      .object({ at: z.iso.datetime({ offset: true }).optional() })
      .safeParse(request.body ?? {});
    if (!parsed.success) {
      return reply.code(400).send({ message: 'at: an ISO 8601 date-time', code: 'run_invalid' });
    }
    const at = parsed.data.at ? new Date(parsed.data.at) : clock.now();
    return { settlements: engine.run(at).map(engine.settlementEntity) };
  });

  const faultsNow = () => ({
    fail_for: [...engine.faults.failFor],
    reverse_for: [...engine.faults.reverseFor],
  });
  app.get('/settlements/faults', async () => faultsNow());
  app.post('/settlements/faults', async (request, reply) => {
    const parsed = settlementFaultsPatch.safeParse(request.body ?? {});
    if (!parsed.success) {
      return reply
        .code(400)
        .send({ message: 'fail_for, reverse_for: lists of payee ids', code: 'faults_invalid' });
    }
    if (parsed.data.fail_for) engine.faults.failFor = new Set(parsed.data.fail_for);
    if (parsed.data.reverse_for) engine.faults.reverseFor = new Set(parsed.data.reverse_for);
    return faultsNow();
  });
  app.delete('/settlements/faults', async () => {
    engine.faults.failFor.clear();
    engine.faults.reverseFor.clear();
    return faultsNow();
  });
}
