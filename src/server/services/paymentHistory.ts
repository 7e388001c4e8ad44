// The dashboards' payment lists: what a tutor received (with this month's total, the D10
// acceptance limit and a CSV export of a date range) and what a student paid (with 'pay
// again' and the refund window). Each caller sees only orders they are a party to.
import { coded } from '../../domain/texts';
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gte,
  inArray,
  lt,
  notExists,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import { ACCEPTANCE_LIMIT_PAISE } from '../../domain/constants';
import { apiMessages } from '../../domain/apiMessages';
import { paiseToRupees } from '../../domain/money';
import { refundDeadline } from '../../domain/refundWindow';
import type { PaymentStatus } from '../../domain/statuses';
import { addIstDays, fromIst, isIsoDate, istParts, toIstIsoString } from '../../domain/time';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import {
  orders,
  paymentAttempts,
  refunds,
  users,
  type OrderRow,
  type RefundRow,
  type UserRow,
} from '../db/schema';
import { displayName, shownPhone, type UserRepository } from '../users';
import { toCsv } from './csv';
import type { OrderService } from './orders';
import { offsetOf, pageOf, type PageRequest } from './pages';
import type { RefundService } from './refunds';
import { summaryOf } from './refunds';
import { refuse, success, type Result } from './results';
import { expectedSettlement, SETTLEMENT_HOLIDAY_DATES } from './settlementHolidays';
import { shownAttempts, shownFirst } from './shownAttempts';
import { payoutsOfOrders } from './payouts';

type PaymentReceived = components['schemas']['PaymentReceived'];
type PaymentsReceivedPage = components['schemas']['PaymentsReceivedPage'];
type PaymentsMadePage = components['schemas']['PaymentsMadePage'];
type Summary = components['schemas']['PaymentsReceivedSummary'];

/** The longest range the CSV export covers, in days (both ends included). */
export const EXPORT_MAX_DAYS = 366;
/** Refunds in these states took (or are taking) the money back. */
const MONEY_BACK = ['PENDING', 'SUCCESS'] as const;

interface DayRange {
  /** Inclusive start (00:00 IST of `from`), exclusive end (00:00 IST after `to`). */
  start: Date | null;
  end: Date | null;
}

const dayStart = (key: string): Date => {
  const [year, month, day] = key.split('-').map(Number) as [number, number, number];
  return fromIst(year, month, day);
};

/** IST days `from`..`to` (both optional) as instants; a reversed range is refused. */
export function dayRange(from: string | undefined, to: string | undefined): Result<DayRange, 400> {
  if ((from !== undefined && !isIsoDate(from)) || (to !== undefined && !isIsoDate(to))) {
    return refuse(400, coded(apiMessages).paymentHistory.dateInvalid);
  }
  if (from !== undefined && to !== undefined && from > to) {
    return refuse(400, coded(apiMessages).paymentHistory.rangeOrder);
  }
  return success({
    start: from === undefined ? null : dayStart(from),
    end: to === undefined ? null : dayStart(addIstDays(to, 1)),
  });
}

/** '2025-01-15 11:16:05' in IST, as a spreadsheet reads a date-time. */
export const istText = (date: Date) => toIstIsoString(date).slice(0, 19).replace('T', ' ');
export const rupeeText = (paise: number) => paiseToRupees(paise).toFixed(2);
const methodName = (method: OrderRow['paymentMethod']) =>
  method === 'upi' ? apiMessages.paymentHistory.methodUpi : apiMessages.paymentHistory.methodCard;

export interface PaymentHistoryDeps {
  db: Database;
  clock: Clock;
  users: UserRepository;
  orders: OrderService;
  refunds: RefundService;
}

export function createPaymentHistoryService(deps: PaymentHistoryDeps) {
  const { db, clock, users: repo } = deps;

  /** The tutor's paid orders on the days of `range`. */
  const receivedWhere = (tutorId: number, range: DayRange): SQL | undefined =>
    and(
      eq(orders.payeeId, tutorId),
      eq(orders.status, 'PAID'),
      range.start ? gte(orders.paidAt, range.start) : undefined,
      range.end ? lt(orders.paidAt, range.end) : undefined,
    );

  const receivedRows = (where: SQL | undefined) =>
    db
      .select({ order: orders, student: users, refund: refunds })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.payerId))
      .leftJoin(refunds, eq(refunds.orderId, orders.id))
      .where(where);

  type ReceivedRow = { order: OrderRow; student: UserRow; refund: RefundRow | null };

  /** The rows with their refunds re-read (bounded) and their shown payment attempts. */
  // Issue 11: a student's payments, built once and prepared per connection. A payment made is
  // a PAID order or one taken to the checkout (an attempt exists).
  const madeWhere = and(
    eq(orders.payerId, sql.placeholder('payerId')),
    or(
      eq(orders.status, 'PAID'),
      exists(
        db
          .select({ id: paymentAttempts.id })
          .from(paymentAttempts)
          .where(eq(paymentAttempts.orderId, orders.id)),
      ),
    ),
  );
  const madeCount = db.select({ n: count() }).from(orders).where(madeWhere).prepare('made_count');
  // The attempt the lists show (shownAttempts.ts) and the count of all rows: read with the
  // page, so the list is one round trip.
  const shownAttempt = sql<{ group: string | null; status: PaymentStatus } | null>`(
    select json_build_object('group', ${paymentAttempts.paymentGroup}, 'status', ${paymentAttempts.status})
    from ${paymentAttempts}
    where ${paymentAttempts.orderId} = ${orders.id}
    order by ${sql.join(shownFirst, sql`, `)}
    limit 1)`;
  const madePage = db
    .select({
      order: orders,
      tutor: users,
      refund: refunds,
      attempt: shownAttempt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.payeeId))
    .leftJoin(refunds, eq(refunds.orderId, orders.id))
    .where(madeWhere)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('made_page');

  /** Each row with the payment attempt the lists show. */
  const withAttempts = async <T extends { order: OrderRow }>(rows: T[]) => {
    const attempts = await shownAttempts(
      db,
      rows.map((row) => row.order.id),
    );
    return rows.map((row) => ({ ...row, attempt: attempts.get(row.order.id) ?? null }));
  };

  const paidAtOf = (order: OrderRow) => order.paidAt ?? order.updatedAt;

  /** D5, or null when a refund takes the money back instead. */
  const settlesAt = (order: OrderRow, refund: RefundRow | null) =>
    refund && (MONEY_BACK as readonly string[]).includes(refund.status)
      ? null
      : expectedSettlement(paidAtOf(order));

  const toReceived = (
    row: ReceivedRow & { attempt: { paymentGroup: string | null } | null },
  ): PaymentReceived => {
    const { order, student, refund } = row;
    const settles = settlesAt(order, refund);
    return {
      order_id: order.id,
      created_at: order.createdAt.toISOString(),
      paid_at: paidAtOf(order).toISOString(),
      student: { id: student.id, name: displayName(student), phone: shownPhone(student) },
      base_amount: paiseToRupees(order.baseAmount),
      fee: paiseToRupees(order.fee),
      charges: paiseToRupees(order.charges),
      total: paiseToRupees(order.total),
      payment_method: order.paymentMethod,
      payment_group: row.attempt?.paymentGroup ?? null,
      order_status: order.status,
      settles_at: settles?.toISOString() ?? null,
      refund: refund ? summaryOf(refund) : null,
      payout: null,
    };
  };

  /** This IST month's payments received (refunded ones left out) and the D10 limit. */
  const summary = async (tutor: UserRow): Promise<Summary> => {
    const { year, month } = istParts(clock.now());
    const [row] = await db
      .select({
        n: count(),
        received: sql<string>`coalesce(sum(${orders.baseAmount}), 0)`,
      })
      .from(orders)
      .where(
        and(
          receivedWhere(tutor.id, {
            start: fromIst(year, month, 1),
            end: fromIst(year, month + 1, 1),
          }),
          notExists(
            db
              .select({ id: refunds.id })
              .from(refunds)
              .where(and(eq(refunds.orderId, orders.id), inArray(refunds.status, [...MONEY_BACK]))),
          ),
        ),
      );
    const status = await repo.gatewayStatusOf(tutor.id);
    let acceptanceLimit: Summary['acceptance_limit'] = null;
    if (status === 'MIN_KYC_APPROVED') {
      const used = await deps.orders.paidSoFar(tutor.id);
      acceptanceLimit = {
        limit: paiseToRupees(ACCEPTANCE_LIMIT_PAISE),
        used: paiseToRupees(used),
        remaining: paiseToRupees(Math.max(0, ACCEPTANCE_LIMIT_PAISE - used)),
      };
    }
    return {
      this_month: {
        month: `${year}-${String(month).padStart(2, '0')}`,
        count: Number(row?.n ?? 0),
        received: paiseToRupees(Number(row?.received ?? 0)),
      },
      acceptance_limit: acceptanceLimit,
    };
  };

  return {
    /** `GET payments/received/`. */
    async received(
      caller: UserRow,
      query: PageRequest & { from?: string; to?: string },
    ): Promise<Result<PaymentsReceivedPage, 400 | 403>> {
      if (caller.role !== 'teacher')
        return refuse(403, coded(apiMessages).paymentHistory.onlyTutors);
      const range = dayRange(query.from, query.to);
      if (!range.ok) return range;
      const where = receivedWhere(caller.id, range.value);
      const [total] = await db.select({ n: count() }).from(orders).where(where);
      const rows = await receivedRows(where)
        .orderBy(desc(orders.paidAt), desc(orders.id))
        .limit(query.pageSize)
        .offset(offsetOf(query));
      // Issue 50: the payout that carried each payment, once the gateway has reported one.
      const payouts = await payoutsOfOrders(
        db,
        rows.map((row) => row.order.id),
      );
      const results = (await withAttempts(rows)).map((row) => ({
        ...toReceived(row),
        payout: payouts.get(row.order.id) ?? null,
      }));
      return success({
        ...pageOf(results, Number(total?.n ?? 0), query),
        summary: await summary(caller),
      });
    },

    /** `GET payments/received/export/`: the CSV of `from`..`to`, oldest first. */
    async exportCsv(
      caller: UserRow,
      query: { from: string; to: string },
    ): Promise<Result<{ fileName: string; csv: string }, 400 | 403>> {
      if (caller.role !== 'teacher')
        return refuse(403, coded(apiMessages).paymentHistory.onlyTutors);
      const range = dayRange(query.from, query.to);
      if (!range.ok) return range;
      if (addIstDays(query.from, EXPORT_MAX_DAYS - 1) < query.to) {
        return refuse(400, coded(apiMessages).paymentHistory.rangeTooLong(EXPORT_MAX_DAYS));
      }
      const rows = await receivedRows(receivedWhere(caller.id, range.value)).orderBy(
        asc(orders.paidAt),
        asc(orders.id),
      );
      const lines = rows.map(({ order, student, refund }) => {
        const settles = settlesAt(order, refund);
        return [
          order.id,
          istText(paidAtOf(order)),
          displayName(student),
          shownPhone(student) ?? '',
          rupeeText(order.baseAmount),
          rupeeText(order.fee),
          rupeeText(order.charges),
          rupeeText(order.total),
          methodName(order.paymentMethod),
          order.status,
          settles ? istText(settles) : '',
          refund ? apiMessages.refunds.statusLabels[refund.status] : '',
          refund ? rupeeText(refund.amount) : '',
        ];
      });
      return success({
        fileName: apiMessages.paymentHistory.csvFileName(query.from, query.to),
        csv: toCsv([apiMessages.paymentHistory.csvHeaders, ...lines]),
      });
    },

    /**
     * `GET payments/made/`: the student's orders that were paid or tried at the checkout,
     * newest first.
     */
    async made(caller: UserRow, query: PageRequest): Promise<Result<PaymentsMadePage, 403>> {
      if (caller.role !== 'student')
        return refuse(403, coded(apiMessages).paymentHistory.onlyStudents);
      const rows = await madePage.execute({
        payerId: caller.id,
        limit: query.pageSize,
        offset: offsetOf(query),
      });
      // A page past the last has no row to carry the count.
      const total =
        rows[0]?.total ??
        (offsetOf(query) > 0
          ? Number((await madeCount.execute({ payerId: caller.id }))[0]?.n ?? 0)
          : 0);
      const now = clock.now();
      const results = rows.map(({ order, tutor, refund, attempt }) => {
        const deadline =
          order.status === 'PAID' && order.paidAt && !refund
            ? refundDeadline(order.paidAt, SETTLEMENT_HOLIDAY_DATES)
            : null;
        return {
          order_id: order.id,
          created_at: order.createdAt.toISOString(),
          paid_at: order.paidAt?.toISOString() ?? null,
          tutor: {
            id: tutor.id,
            name: displayName(tutor),
            username: tutor.username,
            phone: shownPhone(tutor),
          },
          base_amount: paiseToRupees(order.baseAmount),
          fee: paiseToRupees(order.fee),
          charges: paiseToRupees(order.charges),
          total: paiseToRupees(order.total),
          payment_method: order.paymentMethod,
          payment_group: attempt?.group ?? null,
          order_status: order.status,
          latest_payment_status: attempt?.status ?? null,
          refund: refund ? summaryOf(refund) : null,
          refundable_until:
            deadline && now.getTime() < deadline.getTime() ? deadline.toISOString() : null,
        };
      });
      return success(pageOf(results, total, query));
    },
  };
}

export type PaymentHistoryService = ReturnType<typeof createPaymentHistoryService>;
