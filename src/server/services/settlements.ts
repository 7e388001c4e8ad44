// Settlements to tutors' banks (issue 50, D268), kept by the worker from the gateway so the
// Payouts view reads only our database:
//
// - the settlement webhook is stored with its job and answered at once (as D110 does for
//   payments);
// - `sync` (the settlement-sync job, keyed by settlement) applies the stored webhooks, reads
//   the settlement (`POST /pg/settlements` by id) and its events (`POST /pg/settlement/recon`,
//   every page), and writes them: the status only moves forward (initiated, then settled or
//   failed; settled, then reversed), the items are replaced by what the gateway lists, and
//   the tutor is the one whose orders the items name;
// - `poll` (every half hour) lists the last week's settlements and syncs any we do not have
//   as the gateway has it, and asks `GET /pg/orders/{id}/settlements` about paid orders that
//   should have been settled a day ago and are in no settlement: lost webhooks come back.
import { and, asc, eq, gte, inArray, isNull, lte, notExists, sql } from 'drizzle-orm';
import { nextSettlement } from '../../domain/settlement';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import {
  orders,
  refunds,
  settlementItems,
  settlements,
  settlementWebhooks,
  type SettlementRow,
} from '../db/schema';
import type {
  GatewaySettlement,
  ReconEvent,
  SettlementsApi,
  SettlementWebhook,
} from '../gateway/settlements';
import type { JobQueue } from '../jobs/queue';
import { SETTLEMENT_HOLIDAY_DATES } from './settlementHolidays';

export type PayoutStatus = SettlementRow['status'];

const RANK: Record<PayoutStatus, number> = { initiated: 0, settled: 1, failed: 1, reversed: 2 };
const FROM_WEBHOOK: Record<SettlementWebhook['type'], PayoutStatus> = {
  SETTLEMENT_INITIATED: 'initiated',
  SETTLEMENT_SUCCESS: 'settled',
  SETTLEMENT_FAILED: 'failed',
  SETTLEMENT_REVERSED: 'reversed',
};

/** Ours of the gateway's settlement status: anything still pending is initiated. */
export function payoutStatusOf(gatewayStatus: string): PayoutStatus {
  if (gatewayStatus === 'SUCCESS' || gatewayStatus === 'SETTLED') return 'settled';
  if (gatewayStatus === 'FAILED') return 'failed';
  if (gatewayStatus === 'REVERSED') return 'reversed';
  return 'initiated';
}

/** The status that moves forward from `now` to `next`, never back (D268). */
export const forward = (now: PayoutStatus, next: PayoutStatus): PayoutStatus =>
  RANK[next] > RANK[now] ? next : now;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** An initiated settlement is re-read this often until it is final. */
const INITIATED_CHECK_MS = 30 * MINUTE_MS;
/** A settled one is re-read once a day for this long: a reversal whose webhook was lost. */
const REVERSAL_WATCH_MS = 5 * DAY_MS;
/** Bounds on what one pass reads. */
const MAX_PAGES = 50;
const POLL_DAYS = 7;
const OVERDUE_ORDERS_PER_POLL = 20;
/** A payment is overdue for a settlement this long after its expected day (D5). */
const OVERDUE_AFTER_MS = DAY_MS;

async function allPages<T>(
  read: (cursor: string | null) => Promise<{ items: T[]; cursor: string | null }>,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer = await read(cursor);
    items.push(...answer.items);
    if (!answer.cursor || answer.items.length === 0) return items;
    cursor = answer.cursor;
  }
  throw new Error(`more than ${MAX_PAGES} pages of settlement data`);
}

function nextCheck(status: PayoutStatus, settledAt: Date | null, now: Date): Date | null {
  if (status === 'initiated') return new Date(now.getTime() + INITIATED_CHECK_MS);
  if (status === 'settled' && now.getTime() - (settledAt ?? now).getTime() < REVERSAL_WATCH_MS) {
    return new Date(now.getTime() + DAY_MS);
  }
  return null;
}

export function createSettlementService(deps: {
  db: Database;
  clock: Clock;
  api: SettlementsApi;
  jobs: Pick<JobQueue, 'send'>;
}) {
  const { db, clock, api, jobs } = deps;

  /** Writes what is known of a settlement (the gateway's fields, its events) forward only. */
  const write = async (
    cfSettlementId: string,
    seen: { status: PayoutStatus; fields: GatewaySettlement } | null,
    events: ReconEvent[] | null,
    applied: number[],
  ) => {
    const now = clock.now();
    await db.transaction(async (tx) => {
      await tx
        .insert(settlements)
        .values({
          cfSettlementId,
          status: seen?.status ?? 'initiated',
          gatewayStatus: seen?.fields.status ?? 'PENDING',
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing();
      const [row] = await tx
        .select()
        .from(settlements)
        .where(eq(settlements.cfSettlementId, cfSettlementId))
        .for('update');
      if (!row) throw new Error(`settlement ${cfSettlementId} vanished`);
      const status = seen ? forward(row.status, seen.status) : row.status;
      const f = seen?.fields;
      const items =
        events === null
          ? null
          : events
              .filter((e) => !e.cfSettlementId || e.cfSettlementId === cfSettlementId)
              .map((e) => ({
                settlementId: row.id,
                eventId: e.eventId,
                eventType: e.eventType,
                orderId: e.orderId,
                cfPaymentId: e.cfPaymentId,
                refundId: e.refundId,
                amount: e.amount,
                settlementAmount: e.settlementAmount,
                serviceCharge: e.serviceCharge,
                serviceTax: e.serviceTax,
                eventTime: e.eventTime,
              }));
      let tutorId = row.tutorId;
      if (items) {
        await tx.delete(settlementItems).where(eq(settlementItems.settlementId, row.id));
        if (items.length > 0) await tx.insert(settlementItems).values(items);
        const orderIds = [...new Set(items.map((i) => i.orderId).filter((o) => o !== null))];
        if (orderIds.length > 0) {
          const payees = await tx
            .selectDistinct({ payeeId: orders.payeeId })
            .from(orders)
            .where(inArray(orders.id, orderIds));
          // A settlement is one merchant's: the tutor whose orders it names, if only one.
          tutorId = payees.length === 1 ? payees[0]!.payeeId : null;
        }
      }
      const sumOf = (type: string) =>
        items?.filter((i) => i.eventType === type).reduce((s, i) => s + i.amount, 0) ?? null;
      const settledAt = f?.settledAt ?? row.settledAt;
      await tx
        .update(settlements)
        .set({
          tutorId,
          status,
          gatewayStatus: f?.status ?? row.gatewayStatus,
          settlementType: f?.settlementType ?? row.settlementType,
          utr: f?.utr ?? row.utr,
          gross: sumOf('PAYMENT') ?? f?.gross ?? row.gross,
          refunds: sumOf('REFUND') ?? row.refunds,
          serviceCharge: f?.serviceCharge ?? row.serviceCharge,
          serviceTax: f?.serviceTax ?? row.serviceTax,
          adjustment: f?.adjustment ?? row.adjustment,
          net: f?.net ?? row.net,
          reason: f?.reason ?? row.reason,
          initiatedAt: f?.initiatedAt ?? row.initiatedAt,
          settledAt,
          paymentFrom: f?.paymentFrom ?? row.paymentFrom,
          paymentTill: f?.paymentTill ?? row.paymentTill,
          nextCheckAt: nextCheck(status, settledAt, now),
          updatedAt: now,
        })
        .where(eq(settlements.id, row.id));
      if (applied.length > 0) {
        await tx
          .update(settlementWebhooks)
          .set({ appliedAt: now })
          .where(inArray(settlementWebhooks.id, applied));
      }
    });
  };

  return {
    /** D268: a verified webhook, stored with its job (a duplicate changes nothing). */
    async receiveWebhook(event: SettlementWebhook): Promise<{ result: 'stored' | 'duplicate' }> {
      const { cfSettlementId } = event.settlement;
      return db.transaction(async (tx) => {
        const [stored] = await tx
          .insert(settlementWebhooks)
          .values({
            cfSettlementId,
            eventType: event.type,
            eventTime: event.eventTime,
            payload: { type: event.type, eventTime: event.eventTime, settlement: event.settlement },
            receivedAt: clock.now(),
          })
          .onConflictDoNothing()
          .returning({ id: settlementWebhooks.id });
        if (!stored) return { result: 'duplicate' as const };
        await jobs.send('settlement-sync', { cfSettlementId }, { tx });
        return { result: 'stored' as const };
      });
    },

    /** The settlement-sync job: brings one settlement up to what the gateway says. */
    async sync(cfSettlementId: string): Promise<{ status: PayoutStatus; items: number }> {
      const stored = await db
        .select()
        .from(settlementWebhooks)
        .where(
          and(
            eq(settlementWebhooks.cfSettlementId, cfSettlementId),
            isNull(settlementWebhooks.appliedAt),
          ),
        )
        .orderBy(asc(settlementWebhooks.receivedAt), asc(settlementWebhooks.id));
      let seen: { status: PayoutStatus; fields: GatewaySettlement } | null = null;
      for (const hook of stored) {
        const payload = hook.payload as {
          type: SettlementWebhook['type'];
          settlement: GatewaySettlement;
        };
        const fields = reviveDates(payload.settlement);
        const status = FROM_WEBHOOK[payload.type] ?? payoutStatusOf(fields.status);
        seen = { status: seen ? forward(seen.status, status) : status, fields };
      }
      // The webhooks' news is written first, so the view has it even if the API is down.
      if (stored.length > 0) {
        await write(
          cfSettlementId,
          seen,
          null,
          stored.map((hook) => hook.id),
        );
      }
      const [remote] = (await api.fetchSettlements({ cfSettlementIds: [cfSettlementId] })).items;
      const events = await allPages((cursor) => api.fetchRecon(cfSettlementId, cursor));
      // A gateway that knows nothing (yet) of it changes nothing: no empty payout, no items lost.
      if (remote || events.length > 0) {
        await write(
          cfSettlementId,
          remote ? { status: payoutStatusOf(remote.status), fields: remote } : null,
          events.length > 0 ? events : null,
          [],
        );
      }
      const [row] = await db
        .select({ status: settlements.status })
        .from(settlements)
        .where(eq(settlements.cfSettlementId, cfSettlementId));
      return { status: row?.status ?? 'initiated', items: events.length };
    },

    /** The settlements-poll job: what the webhooks may have missed (D268). */
    async poll(): Promise<{ synced: number; asked: number }> {
      const now = clock.now();
      const listed = await allPages((cursor) =>
        api.fetchSettlements(
          { from: new Date(now.getTime() - POLL_DAYS * DAY_MS), to: now },
          cursor,
        ),
      );
      const known = listed.length
        ? await db
            .select({ id: settlements.cfSettlementId, status: settlements.status })
            .from(settlements)
            .where(
              inArray(
                settlements.cfSettlementId,
                listed.map((s) => s.cfSettlementId),
              ),
            )
        : [];
      const statusOf = new Map(known.map((row) => [row.id, row.status]));
      let synced = 0;
      for (const remote of listed) {
        const mine = statusOf.get(remote.cfSettlementId);
        if (mine === undefined || forward(mine, payoutStatusOf(remote.status)) !== mine) {
          await jobs.send('settlement-sync', { cfSettlementId: remote.cfSettlementId });
          synced += 1;
        }
      }
      // Paid orders a day past their expected settlement (D5) and in no settlement yet.
      const overdue = await db
        .select({ id: orders.id, paidAt: orders.paidAt })
        .from(orders)
        .where(
          and(
            eq(orders.status, 'PAID'),
            gte(orders.paidAt, new Date(now.getTime() - 2 * POLL_DAYS * DAY_MS)),
            lte(orders.paidAt, new Date(now.getTime() - 2 * DAY_MS)),
            notExists(
              db
                .select({ one: sql`1` })
                .from(settlementItems)
                .where(eq(settlementItems.orderId, orders.id)),
            ),
            notExists(
              db
                .select({ one: sql`1` })
                .from(refunds)
                .where(
                  and(
                    eq(refunds.orderId, orders.id),
                    inArray(refunds.status, ['PENDING', 'SUCCESS']),
                  ),
                ),
            ),
          ),
        )
        .orderBy(asc(orders.paidAt))
        .limit(OVERDUE_ORDERS_PER_POLL);
      let asked = 0;
      for (const order of overdue) {
        const expected = nextSettlement(order.paidAt!, SETTLEMENT_HOLIDAY_DATES);
        if (now.getTime() - expected.getTime() < OVERDUE_AFTER_MS) continue;
        asked += 1;
        const found = await api.fetchOrderSettlement(order.id);
        if (found) await jobs.send('settlement-sync', { cfSettlementId: found.cfSettlementId });
      }
      return { synced, asked };
    },
  };
}

export type SettlementService = ReturnType<typeof createSettlementService>;

/** A stored webhook's settlement, its dates back from JSON. */
function reviveDates(s: GatewaySettlement): GatewaySettlement {
  const date = (value: unknown) => (value ? new Date(value as string) : null);
  return {
    ...s,
    initiatedAt: date(s.initiatedAt),
    settledAt: date(s.settledAt),
    paymentFrom: date(s.paymentFrom),
    paymentTill: date(s.paymentTill),
  };
}
