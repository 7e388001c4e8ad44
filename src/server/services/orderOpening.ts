// Opening an order: exactly one gateway order per intended payment, with or without a key.
// A double click (no key, or a new key for the same terms) gets the caller's latest ACTIVE
// order with identical terms made in the last REUSE_WINDOW_MS and not paid. The check and the
// insert of a new order run under a per-payer advisory lock, and the order row exists
// (without a payment session) before the gateway is called, so a second click waits for the
// first click's gateway order instead of creating another. No transaction is held across the
// gateway call; a failed gateway call removes the row.
import { coded } from '../../domain/texts';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, desc, eq, gte, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { acceptanceVerdict } from '../../domain/acceptanceLimit';
import { apiMessages } from '../../domain/apiMessages';
import { computeBreakup } from '../../domain/fees';
import { messages } from '../../domain/messages';
import { bookingWindow } from '../../domain/schedule';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { orders, paymentAttempts, schedules, type OrderRow, type UserRow } from '../db/schema';
import type { PaymentGateway } from '../gateway/types';
import { displayName } from '../users';
import { heldAgainstCap, lockCap } from './acceptanceCap';
import { IN_FLIGHT_STALE_MS, WAIT_FOR_FIRST_MS, WAIT_STEP_MS } from './idempotency';
import { newOrderId } from './ids';
import {
  BASE_RATE,
  refused,
  type CheckedOrder,
  type CreateStatus,
  type OrderInput,
} from './orderChecks';
import { nextCheckAfter, type ReconcileTiming } from './reconcileSchedule';
import { refuse, success, type Refusal, type Result } from './results';

/** A double click within this window gets the same order. */
export const REUSE_WINDOW_MS = 2 * 60 * 1000;

export async function findOrder(db: Database, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
}

export interface OrderOpeningDeps {
  db: Database;
  clock: Clock;
  gateway: PaymentGateway;
  /** D111: when an open order is first re-read, and when its checkout ends at the gateway. */
  reconcile: ReconcileTiming;
  publicOrigin: string;
  apiPrefix: string;
  checkOrder: (caller: UserRow, input: OrderInput) => Promise<Result<CheckedOrder, CreateStatus>>;
}

export function createOrderOpening(deps: OrderOpeningDeps) {
  const { db, clock, gateway, publicOrigin, apiPrefix, checkOrder } = deps;

  /**
   * Under the payer's lock: the reusable order with these terms, or a new order row (not yet
   * on the gateway) that this request now owns.
   */
  const reuseOrInsert = async (
    caller: UserRow,
    input: OrderInput,
    { base, capped }: Pick<CheckedOrder, 'base' | 'capped'>,
  ): Promise<{ order: OrderRow; owned: boolean } | { refusal: Refusal<400> }> => {
    const now = clock.now();
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`order:${caller.id}`}))`);
      const [recent] = await tx
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.payerId, caller.id),
            eq(orders.payeeId, input.payee_id),
            eq(orders.baseAmount, base),
            eq(orders.paymentMethod, input.payment_method),
            input.payment_link_id === undefined
              ? isNull(orders.paymentLinkId)
              : eq(orders.paymentLinkId, input.payment_link_id),
            eq(orders.bookSession, input.book_session === true),
            eq(orders.status, 'ACTIVE'),
            gte(orders.createdAt, new Date(now.getTime() - REUSE_WINDOW_MS)),
            // An order still without a session is someone's gateway call in flight, unless
            // that request died long ago.
            or(
              isNotNull(orders.paymentSessionId),
              gte(orders.createdAt, new Date(now.getTime() - IN_FLIGHT_STALE_MS)),
            ),
            sql`not exists (select 1 from ${paymentAttempts} where ${paymentAttempts.orderId} = ${orders.id} and ${paymentAttempts.status} = 'SUCCESS')`,
          ),
        )
        .orderBy(desc(orders.createdAt))
        .limit(1);
      if (recent) return { order: recent, owned: false };
      if (capped) {
        // D109: the cap counts this order from now on, so the check and the insert are one
        // step for every order to this tutor.
        await lockCap(tx, input.payee_id);
        const held = await heldAgainstCap(tx, input.payee_id, now);
        const verdict = acceptanceVerdict('MIN_KYC_APPROVED', held, base);
        if (!verdict.ok) return { refusal: refused(400, verdict.said) };
      }
      const breakup = computeBreakup({
        amount: base,
        method: input.payment_method,
        baseRate: BASE_RATE,
      });
      const [order] = await tx
        .insert(orders)
        .values({
          id: newOrderId(),
          payerId: caller.id,
          payeeId: input.payee_id,
          baseAmount: breakup.amount,
          fee: breakup.fee,
          charges: breakup.charges,
          total: breakup.total,
          paymentMethod: input.payment_method,
          settlementType: input.settlement_type,
          paymentLinkId: input.payment_link_id ?? null,
          bookSession: input.book_session === true,
          status: 'ACTIVE',
          nextCheckAt: nextCheckAfter(deps.reconcile, now, now),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!order) throw new Error('createOrder: the order was not inserted');
      return { order, owned: true };
    });
  };

  /** Waits for another request's gateway order: the order, or null if that request failed. */
  const waitForSession = async (orderId: string): Promise<OrderRow | null> => {
    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      const order = await findOrder(db, orderId);
      if (!order) return null;
      if (order.paymentSessionId !== null) return order;
      if (Date.now() >= deadline) return order;
      await sleep(WAIT_STEP_MS);
    }
  };

  /** Creates the gateway order of an order row this request owns; removes the row on failure. */
  const openOnGateway = async (
    order: OrderRow,
    payer: UserRow,
    payee: UserRow,
  ): Promise<Result<OrderRow, 502>> => {
    try {
      const created = await gateway.createOrder({
        orderId: order.id,
        amount: order.total,
        customer: { id: `user_${payer.id}`, phone: payer.phone, name: displayName(payer) },
        paymentMethod: order.paymentMethod,
        returnUrl: `${publicOrigin}/pay/redirect?order_id={order_id}`,
        notifyUrl: `${publicOrigin}${apiPrefix}/payments/pg/webhook/`,
        note: `Tuition fee for ${displayName(payee)}`,
        tags: { payee_id: String(payee.id), base_amount: String(order.baseAmount) },
        idempotencyKey: order.id,
        expiresAt: new Date(order.createdAt.getTime() + deps.reconcile.orderExpiryMs),
      });
      const now = clock.now();
      const attach = async (executor: Database) => {
        const [row] = await executor
          .update(orders)
          .set({
            cfOrderId: created.cfOrderId,
            paymentSessionId: created.paymentSessionId,
            gatewayExpiresAt: created.expiresAt ? new Date(created.expiresAt) : null,
            updatedAt: now,
          })
          .where(eq(orders.id, order.id))
          .returning();
        return row;
      };
      // One statement needs no transaction (issue 11: two round trips fewer per order).
      const opened = !order.bookSession
        ? await attach(db)
        : await db.transaction(async (tx) => {
            const row = await attach(tx);
            if (row) {
              // D20: the session is booked with the order.
              const window = bookingWindow(now);
              await tx.insert(schedules).values({
                subject: window.subject,
                title: window.title,
                teacherId: order.payeeId,
                studentId: order.payerId,
                amount: order.baseAmount,
                starttime: window.starttime,
                endtime: window.endtime,
                orderId: order.id,
                createdAt: now,
              });
            }
            return row;
          });
      if (!opened) throw new Error('createOrder: the order vanished');
      return success(opened);
    } catch (error) {
      await db.delete(orders).where(and(eq(orders.id, order.id), isNull(orders.paymentSessionId)));
      return { ...refuse(502, coded(messages).generic.somethingWrong), cause: error };
    }
  };

  /** The order for this request: checked, then reused, waited for or created. */
  return async function openOrder(
    caller: UserRow,
    input: OrderInput,
  ): Promise<Result<OrderRow, CreateStatus>> {
    const checked = await checkOrder(caller, input);
    if (!checked.ok) return checked;
    // A first click that failed at the gateway leaves no row: then this one tries itself.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const obtained = await reuseOrInsert(caller, input, checked.value);
      if ('refusal' in obtained) return obtained.refusal;
      const { order, owned } = obtained;
      if (owned) return openOnGateway(order, caller, checked.value.payee);
      if (order.paymentSessionId !== null) return success(order);
      const waited = await waitForSession(order.id);
      if (waited?.paymentSessionId) return success(waited);
      if (waited) return refuse(409, coded(apiMessages).orders.idempotencyInFlight);
    }
    return refuse(409, coded(apiMessages).orders.idempotencyInFlight);
  };
}
