// Receipts of paid orders (the student's dashboard): the same figures as JSON for the
// printable page and as a PDF download (receiptPdf.ts). The payer and the payee may read
// one; anyone else gets a 404, as with the order itself.
import { coded } from '../../domain/texts';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import { apiMessages } from '../../domain/apiMessages';
import { privacyTexts } from '../../domain/privacyTexts';
import { paiseToRupees } from '../../domain/money';
import type { Database } from '../db/client';
import {
  dues,
  feePlans,
  linkDues,
  orders,
  tutorStudents,
  type OrderRow,
  type UserRow,
} from '../db/schema';
import { displayName, shownPhone, type UserRepository } from '../users';
import { documentsPdf } from './documentsPdf';
import { documentsOfOrder } from './taxDocuments';
import { summaryOf, type RefundService } from './refunds';
import { refuse, success, type Result } from './results';
import { shownAttempts } from './shownAttempts';

export type Receipt = components['schemas']['Receipt'];

/** card or upi from the gateway's payment_group (upi_credit_card is UPI); else the order's. */
function methodOf(group: string | null, ordered: OrderRow['paymentMethod']): Receipt['method'] {
  if (group?.startsWith('upi')) return 'upi';
  if (group?.includes('card')) return 'card';
  return ordered === 'upi' ? 'upi' : 'card';
}

export interface ReceiptServiceDeps {
  db: Database;
  users: UserRepository;
  refunds: RefundService;
}

export function createReceiptService(deps: ReceiptServiceDeps) {
  const { db, users: repo, refunds } = deps;

  /** D147: what a link's payment put toward each of its dues, oldest first. */
  const duesPaidBy = async (linkId: string): Promise<Receipt['paid_for']> => {
    const rows = await db
      .select({
        student: tutorStudents.name,
        erasedAt: tutorStudents.erasedAt,
        plan: feePlans.name,
        period: dues.period,
        applied: linkDues.applied,
      })
      .from(linkDues)
      .innerJoin(dues, eq(dues.id, linkDues.dueId))
      .innerJoin(feePlans, eq(feePlans.id, dues.planId))
      .innerJoin(tutorStudents, eq(tutorStudents.id, dues.studentId))
      .where(and(eq(linkDues.linkId, linkId), gt(linkDues.applied, 0)))
      .orderBy(asc(dues.dueDate), asc(dues.id));
    return rows.map((row) => ({
      student_name: row.erasedAt ? privacyTexts.erased : row.student,
      plan_name: row.plan,
      period: row.period,
      amount: paiseToRupees(row.applied ?? 0),
    }));
  };

  /** `GET payments/pg/order/{orderId}/receipt/`. */
  const get = async (caller: UserRow, orderId: string): Promise<Result<Receipt, 404 | 409>> => {
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
    if (!order || (order.payerId !== caller.id && order.payeeId !== caller.id)) {
      return refuse(404, coded(apiMessages).orders.notFound);
    }
    if (order.status !== 'PAID') return refuse(409, coded(apiMessages).receipts.notPaid);
    const [payer, payee, attempts, [refund], documents] = await Promise.all([
      repo.findById(order.payerId),
      repo.findById(order.payeeId),
      shownAttempts(db, [order.id]),
      refunds.ofOrders([order.id]),
      documentsOfOrder(db, order.id),
    ]);
    if (!payer || !payee) throw new Error(`receipts: a party of ${order.id} vanished`);
    const attempt = attempts.get(order.id);
    const succeeded = attempt?.status === 'SUCCESS' ? attempt : undefined;
    const paidAt = succeeded?.paymentTime ?? order.paidAt ?? order.updatedAt;
    return success({
      receipt_number: order.id,
      order_id: order.id,
      payee: { name: displayName(payee), username: payee.username },
      payer: { name: displayName(payer), phone: shownPhone(payer) },
      paid_at: paidAt.toISOString(),
      method: methodOf(succeeded?.paymentGroup ?? null, order.paymentMethod),
      payment_group: succeeded?.paymentGroup ?? null,
      bank_reference: succeeded?.bankReference ?? null,
      base_amount: paiseToRupees(order.baseAmount),
      fee: paiseToRupees(order.fee),
      charges: paiseToRupees(order.charges),
      total: paiseToRupees(order.total),
      refund: refund ? summaryOf(refund) : null,
      paid_for: order.paymentLinkId ? await duesPaidBy(order.paymentLinkId) : [],
      documents,
    });
  };

  return {
    get,

    /** `GET payments/pg/order/{orderId}/receipt.pdf`: the same receipt as a PDF. */
    async pdf(
      caller: UserRow,
      orderId: string,
    ): Promise<Result<{ fileName: string; bytes: Buffer }, 404 | 409>> {
      const receipt = await get(caller, orderId);
      if (!receipt.ok) return receipt;
      return success({
        fileName: apiMessages.receipts.fileName(orderId),
        bytes: await documentsPdf(receipt.value),
      });
    },
  };
}

export type ReceiptService = ReturnType<typeof createReceiptService>;
