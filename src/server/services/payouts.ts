// The tutor's payouts (issue 50, D271): `GET payouts/`, `GET payouts/{id}/`, the payouts CSV
// (item by item) and the financial year's statement (payout by payout), all from what the
// worker keeps (settlements.ts), never from the gateway. A payment's payout, for the
// Payments tab, is the latest settlement that carried it.
import { coded } from '../../domain/texts';
import { and, asc, count, desc, eq, gte, inArray, lt, notExists, or, sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import { parseFinancialYear } from '../../domain/financialYear';
import { paiseToRupees } from '../../domain/money';
import { taxTexts } from '../../domain/taxTexts';
import { addIstDays } from '../../domain/time';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import {
  orders,
  refunds,
  settlementItems,
  settlements,
  users,
  type SettlementRow,
  type UserRow,
} from '../db/schema';
import { displayName } from '../users';
import { toCsv } from './csv';
import { offsetOf, pageOf, type PageRequest } from './pages';
import { dayRange, EXPORT_MAX_DAYS, istText, rupeeText } from './paymentHistory';
import { refuse, success, type Result } from './results';
import { expectedSettlement } from './settlementHolidays';
import { apiMessages } from '../../domain/apiMessages';

type Payout = components['schemas']['Payout'];
type PayoutItem = components['schemas']['PayoutItem'];
type PaymentPayout = components['schemas']['PaymentPayout'];

const m = taxTexts;
/** How far back 'upcoming' looks for payments in no payout. */
const UPCOMING_DAYS = 60;

const KINDS: Record<string, PayoutItem['kind']> = { PAYMENT: 'payment', REFUND: 'refund' };
const kindOf = (eventType: string): PayoutItem['kind'] => KINDS[eventType] ?? 'adjustment';

/** How many items a settlement carries, as a column of the settlements query. */
const itemCount = sql<number>`(select count(*)::int from "settlement_items" as "counted" where "counted"."settlement_id" = "settlements"."id")`;

const toPayout = (row: SettlementRow, items: number): Payout => ({
  id: row.id,
  settlement_id: row.cfSettlementId,
  status: row.status,
  utr: row.utr,
  reason: row.reason,
  initiated_at: row.initiatedAt?.toISOString() ?? null,
  settled_at: row.settledAt?.toISOString() ?? null,
  gross: paiseToRupees(row.gross),
  refunds: paiseToRupees(row.refunds),
  fees: paiseToRupees(row.serviceCharge),
  fees_gst: paiseToRupees(row.serviceTax),
  adjustment: paiseToRupees(row.adjustment),
  net: paiseToRupees(row.net),
  items: Number(items),
});

const onlyTutors = (caller: UserRow) =>
  caller.role === 'teacher' ? null : refuse(403, coded(m).api.onlyTutors);

/** The latest payout that carried each of these orders' payments. */
export async function payoutsOfOrders(
  db: Database,
  orderIds: string[],
): Promise<Map<string, PaymentPayout>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: settlementItems.orderId, settlement: settlements })
    .from(settlementItems)
    .innerJoin(settlements, eq(settlements.id, settlementItems.settlementId))
    .where(
      and(inArray(settlementItems.orderId, orderIds), eq(settlementItems.eventType, 'PAYMENT')),
    )
    .orderBy(asc(settlements.initiatedAt), asc(settlements.id));
  const found = new Map<string, PaymentPayout>();
  for (const { orderId, settlement } of rows) {
    found.set(orderId!, {
      id: settlement.id,
      status: settlement.status,
      utr: settlement.utr,
      initiated_at: settlement.initiatedAt?.toISOString() ?? null,
      settled_at: settlement.settledAt?.toISOString() ?? null,
    });
  }
  return found;
}

export function createPayoutService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;
  const mine = (tutorId: number) => eq(settlements.tutorId, tutorId);

  /** Paid and kept, in no payout that went through or is on its way. */
  const upcoming = async (
    tutorId: number,
  ): Promise<components['schemas']['PayoutsPage']['upcoming']> => {
    const since = new Date(clock.now().getTime() - UPCOMING_DAYS * 86_400_000);
    const [row] = await db
      .select({
        n: count(),
        amount: sql<string>`coalesce(sum(${orders.baseAmount}), 0)`,
        first: sql<Date | string | null>`min(${orders.paidAt})`,
      })
      .from(orders)
      .where(
        and(
          eq(orders.payeeId, tutorId),
          eq(orders.status, 'PAID'),
          gte(orders.paidAt, since),
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
          notExists(
            db
              .select({ one: sql`1` })
              .from(settlementItems)
              .innerJoin(settlements, eq(settlements.id, settlementItems.settlementId))
              .where(
                and(
                  eq(settlementItems.orderId, orders.id),
                  eq(settlementItems.eventType, 'PAYMENT'),
                  or(eq(settlements.status, 'initiated'), eq(settlements.status, 'settled')),
                ),
              ),
          ),
        ),
      );
    const first = row?.first ? new Date(row.first) : null;
    return {
      count: Number(row?.n ?? 0),
      amount: paiseToRupees(Number(row?.amount ?? 0)),
      expected_at: first ? expectedSettlement(first).toISOString() : null,
    };
  };

  const itemsOf = (settlementIds: number[]) =>
    db
      .select({ item: settlementItems, paidAt: orders.paidAt, student: users })
      .from(settlementItems)
      .leftJoin(orders, eq(orders.id, settlementItems.orderId))
      .leftJoin(users, eq(users.id, orders.payerId))
      .where(inArray(settlementItems.settlementId, settlementIds))
      .orderBy(
        asc(settlementItems.settlementId),
        asc(settlementItems.eventTime),
        asc(settlementItems.id),
      );

  type ItemRow = Awaited<ReturnType<typeof itemsOf>>[number];
  const toItem = ({ item, paidAt, student }: ItemRow): PayoutItem => ({
    kind: kindOf(item.eventType),
    order_id: item.orderId,
    student_name: student ? displayName(student) : null,
    paid_at: paidAt?.toISOString() ?? null,
    amount: paiseToRupees(item.amount),
    fees: paiseToRupees(item.serviceCharge),
    fees_gst: paiseToRupees(item.serviceTax),
    net: paiseToRupees(item.settlementAmount),
  });

  /** Settlements initiated in [start, end), oldest first. */
  const inRange = (tutorId: number, start: Date, end: Date) =>
    db
      .select()
      .from(settlements)
      .where(
        and(mine(tutorId), gte(settlements.initiatedAt, start), lt(settlements.initiatedAt, end)),
      )
      .orderBy(asc(settlements.initiatedAt), asc(settlements.id));

  const statusLabel = (row: SettlementRow) => m.payouts.statuses[row.status];

  return {
    async list(
      caller: UserRow,
      query: PageRequest,
    ): Promise<Result<components['schemas']['PayoutsPage'], 403>> {
      const refused = onlyTutors(caller);
      if (refused) return refused;
      const [total] = await db.select({ n: count() }).from(settlements).where(mine(caller.id));
      const rows = await db
        .select({ settlement: settlements, items: itemCount })
        .from(settlements)
        .where(mine(caller.id))
        .orderBy(sql`${settlements.initiatedAt} desc nulls last`, desc(settlements.id))
        .limit(query.pageSize)
        .offset(offsetOf(query));
      return success({
        ...pageOf(
          rows.map((r) => toPayout(r.settlement, r.items)),
          Number(total?.n ?? 0),
          query,
        ),
        upcoming: await upcoming(caller.id),
      });
    },

    async get(
      caller: UserRow,
      id: number,
      query: PageRequest,
    ): Promise<Result<components['schemas']['PayoutDetail'], 403 | 404>> {
      const refused = onlyTutors(caller);
      if (refused) return refused;
      const [row] = await db
        .select({ settlement: settlements, items: itemCount })
        .from(settlements)
        .where(and(eq(settlements.id, id), mine(caller.id)));
      if (!row) return refuse(404, coded(m).api.payoutNotFound);
      const items = await itemsOf([id]).limit(query.pageSize).offset(offsetOf(query));
      return success({
        payout: toPayout(row.settlement, row.items),
        ...pageOf(items.map(toItem), Number(row.items), query),
      });
    },

    /** `GET payouts/export/`: every item of the payouts initiated from..to, oldest first. */
    async exportCsv(
      caller: UserRow,
      query: { from: string; to: string },
    ): Promise<Result<{ fileName: string; csv: string }, 400 | 403>> {
      const refused = onlyTutors(caller);
      if (refused) return refused;
      const range = dayRange(query.from, query.to);
      if (!range.ok) return range;
      if (addIstDays(query.from, EXPORT_MAX_DAYS - 1) < query.to) {
        return refuse(400, coded(apiMessages).paymentHistory.rangeTooLong(EXPORT_MAX_DAYS));
      }
      const payouts = await inRange(caller.id, range.value.start!, range.value.end!);
      const byId = new Map(payouts.map((p) => [p.id, p]));
      const items = payouts.length ? await itemsOf(payouts.map((p) => p.id)) : [];
      const c = m.csv;
      const lines = items.map((row) => {
        const payout = byId.get(row.item.settlementId)!;
        const item = toItem(row);
        return [
          payout.initiatedAt ? istText(payout.initiatedAt) : '',
          payout.cfSettlementId,
          payout.utr ?? '',
          statusLabel(payout),
          m.payouts.itemKinds[item.kind],
          item.order_id ?? '',
          item.student_name ?? '',
          row.paidAt ? istText(row.paidAt) : '',
          rupeeText(row.item.amount),
          rupeeText(row.item.serviceCharge),
          rupeeText(row.item.serviceTax),
          rupeeText(row.item.settlementAmount),
        ];
      });
      return success({
        fileName: `tuitionpay-payouts-${query.from}-to-${query.to}.csv`,
        csv: toCsv([
          [
            c.payoutDate,
            c.settlementId,
            c.utr,
            c.status,
            c.kind,
            c.orderId,
            c.student,
            c.paidAt,
            c.amount,
            c.fees,
            c.feesGst,
            c.net,
          ],
          ...lines,
        ]),
      });
    },

    /** `GET payouts/statement/`: the year's payouts and the totals of those settled. */
    async statement(
      caller: UserRow,
      fy: string,
    ): Promise<Result<{ fileName: string; csv: string }, 400 | 403>> {
      const refused = onlyTutors(caller);
      if (refused) return refused;
      const year = parseFinancialYear(fy);
      if (!year) return refuse(400, coded(m).api.fyInvalid);
      const payouts = await inRange(caller.id, year.start, year.end);
      const c = m.csv;
      const money = (row: SettlementRow) => [
        rupeeText(row.gross),
        rupeeText(row.refunds),
        rupeeText(row.serviceCharge),
        rupeeText(row.serviceTax),
        rupeeText(row.adjustment),
        rupeeText(row.net),
      ];
      const settled = payouts.filter((p) => p.status === 'settled');
      const sum = (pick: (row: SettlementRow) => number) =>
        rupeeText(settled.reduce((total, row) => total + pick(row), 0));
      return success({
        fileName: `tuitionpay-payouts-${year.label}.csv`,
        csv: toCsv([
          [
            c.payoutDate,
            c.settlementId,
            c.utr,
            c.status,
            c.gross,
            c.refunds,
            c.fees,
            c.feesGst,
            c.adjustment,
            c.net,
            c.reason,
          ],
          ...payouts.map((row) => [
            row.initiatedAt ? istText(row.initiatedAt) : '',
            row.cfSettlementId,
            row.utr ?? '',
            statusLabel(row),
            ...money(row),
            row.reason ?? '',
          ]),
          [
            c.totals,
            '',
            '',
            m.payouts.statuses.settled,
            sum((r) => r.gross),
            sum((r) => r.refunds),
            sum((r) => r.serviceCharge),
            sum((r) => r.serviceTax),
            sum((r) => r.adjustment),
            sum((r) => r.net),
            '',
          ],
        ]),
      });
    },
  };
}

export type PayoutService = ReturnType<typeof createPayoutService>;
