// The documents a payment gives (issue 50, D265), issued in the transaction that marks it PAID
// (gatewayState.ts) and, for a refund, in the one that marks the refund SUCCESS (refunds.ts):
//
// - the tutor's: a receipt without any GST when they are not registered, else a tax invoice
//   (CGST Rule 46) numbered in their own series for the financial year;
// - ours, for a card payment: a tax invoice for the platform fee and charges (D9), numbered in
//   TuitionPay's series;
// - for a refund (always the whole payment, D97), a credit note for each invoice (Rule 53),
//   in each issuer's credit-note series, pointing at its invoice.
//
// Serials come from tax_serials by INSERT ... ON CONFLICT DO UPDATE ... RETURNING in the same
// transaction (D264): the counter row is locked until it commits, so two payments at once take
// consecutive numbers, and one that rolls back gives its number back: none is skipped or used
// twice. Documents are kept as issued; receipts.ts shows them.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import { financialYearOf } from '../../domain/financialYear';
import { gstStateName, isGstStateCode } from '../../domain/gstStates';
import {
  GST_RATE_PERCENT,
  invoiceFigures,
  placeOfSupply,
  SAC_PLATFORM_FEE,
  SAC_TUITION,
  shareByWeights,
  supplyType,
} from '../../domain/gstTax';
import { paiseToRupees } from '../../domain/money';
import { taxSerial, type TaxSeries } from '../../domain/taxSerial';
import type { Database } from '../db/client';
import {
  paymentLinks,
  taxDocuments,
  taxSerials,
  users,
  type OrderRow,
  type RefundRow,
  type TaxDocumentKind,
  type TaxDocumentRow,
  type TaxLine,
  type TaxParty,
} from '../db/schema';
import { displayName } from '../users';
import { taxProfileOf } from './taxProfiles';

type ApiTaxDocument = components['schemas']['TaxDocument'];

/** TuitionPay as the supplier of its platform fee (config: PLATFORM_GSTIN and the rest). */
export interface PlatformSupplier {
  name: string;
  gstin: string;
  address: string;
}

/** The order documents are shown in: the tutor's, ours, then the credit notes. */
const KIND_ORDER: TaxDocumentKind[] = [
  'receipt',
  'tax_invoice',
  'platform_invoice',
  'credit_note',
  'platform_credit_note',
];

/** The next number of a series in a financial year, taken in `tx` (D264). */
async function nextNumber(tx: Database, seriesKey: string, fyStart: number): Promise<number> {
  const [row] = await tx
    .insert(taxSerials)
    .values({ seriesKey, fyStart, last: 1 })
    .onConflictDoUpdate({
      target: [taxSerials.seriesKey, taxSerials.fyStart],
      set: { last: sql`${taxSerials.last} + 1` },
    })
    .returning({ last: taxSerials.last });
  return row!.last;
}

const seriesKeyOf = (series: TaxSeries, tutorId: number) =>
  series === 'platformInvoice' || series === 'platformCreditNote'
    ? `platform:${series}`
    : `tutor:${tutorId}:${series}`;

type NewDocument = typeof taxDocuments.$inferInsert;

/** Numbers and inserts one document of a series. */
async function issue(
  tx: Database,
  series: TaxSeries,
  document: Omit<NewDocument, 'seriesKey' | 'fyStart' | 'number' | 'serial'>,
): Promise<TaxDocumentRow> {
  const year = financialYearOf(document.issuedAt);
  const seriesKey = seriesKeyOf(series, document.tutorId);
  const number = await nextNumber(tx, seriesKey, year.startYear);
  const [row] = await tx
    .insert(taxDocuments)
    .values({
      ...document,
      seriesKey,
      fyStart: year.startYear,
      number,
      serial: taxSerial(series, year, number),
    })
    .returning();
  return row!;
}

const party = (name: string, profile: Omit<TaxParty, 'name'>): TaxParty => ({ name, ...profile });

export function createTaxDocuments(deps: { platform: PlatformSupplier }) {
  const platformState = deps.platform.gstin.slice(0, 2);

  return {
    /**
     * The tutor's document and, for a card payment, ours: once per payment, in the PAID
     * transaction `tx` (the order row is locked by it).
     */
    async issueForPayment(tx: Database, order: OrderRow, paidAt: Date): Promise<void> {
      const existing = await tx
        .select({ kind: taxDocuments.kind })
        .from(taxDocuments)
        .where(eq(taxDocuments.orderId, order.id));
      if (existing.length > 0) return;
      const [[payee], [payer], tutorProfile, payerProfile, [link]] = await Promise.all([
        tx.select().from(users).where(eq(users.id, order.payeeId)),
        tx.select().from(users).where(eq(users.id, order.payerId)),
        taxProfileOf(tx, order.payeeId),
        taxProfileOf(tx, order.payerId),
        order.paymentLinkId
          ? tx
              .select({ purpose: paymentLinks.purpose })
              .from(paymentLinks)
              .where(eq(paymentLinks.id, order.paymentLinkId))
          : Promise.resolve([]),
      ]);
      if (!payee || !payer) throw new Error(`tax documents: a party of ${order.id} vanished`);
      const recipient = party(displayName(payer), {
        gstin: null,
        address: payerProfile.address,
        stateCode: payerProfile.stateCode,
        phone: payer.phone,
      });
      const purpose = link?.purpose ?? null;
      const common = { orderId: order.id, tutorId: order.payeeId, issuedAt: paidAt, recipient };

      if (!tutorProfile.registered || !tutorProfile.gstin || !tutorProfile.stateCode) {
        // An unregistered tutor collects no GST and may not show any: a plain receipt.
        await tx.insert(taxDocuments).values({
          ...common,
          kind: 'receipt',
          fyStart: financialYearOf(paidAt).startYear,
          supplier: party(tutorProfile.legalName ?? displayName(payee), {
            gstin: null,
            address: tutorProfile.address,
            stateCode: tutorProfile.stateCode,
          }),
          placeOfSupply: null,
          sac: null,
          rate: 0,
          taxable: order.baseAmount,
          cgst: 0,
          sgst: 0,
          igst: 0,
          total: order.baseAmount,
          lines: [
            { item: 'tuition', purpose, amount: order.baseAmount, taxable: order.baseAmount },
          ],
        });
      } else {
        const place = placeOfSupply(tutorProfile.stateCode, payerProfile.stateCode);
        const figures = invoiceFigures(
          [order.baseAmount],
          supplyType(tutorProfile.stateCode, place),
        );
        await issue(tx, 'invoice', {
          ...common,
          kind: 'tax_invoice',
          supplier: party(tutorProfile.legalName ?? displayName(payee), {
            gstin: tutorProfile.gstin,
            address: tutorProfile.address,
            stateCode: tutorProfile.stateCode,
          }),
          placeOfSupply: place,
          sac: SAC_TUITION,
          rate: GST_RATE_PERCENT,
          ...figures,
          lines: [{ item: 'tuition', purpose, ...figures.lines[0]! }],
        });
      }

      if (order.fee + order.charges > 0) {
        // D269: our fee and charges are one GST-inclusive price for our service to the payer.
        const place = placeOfSupply(platformState, payerProfile.stateCode);
        const figures = invoiceFigures(
          [order.fee, order.charges],
          supplyType(platformState, place),
        );
        const [fee, charges] = figures.lines as [TaxLine, TaxLine];
        await issue(tx, 'platformInvoice', {
          ...common,
          kind: 'platform_invoice',
          supplier: party(deps.platform.name, {
            gstin: deps.platform.gstin,
            address: deps.platform.address,
            stateCode: platformState,
          }),
          placeOfSupply: place,
          sac: SAC_PLATFORM_FEE,
          rate: GST_RATE_PERCENT,
          ...figures,
          lines: [
            { ...fee, item: 'platformFee' },
            { ...charges, item: 'charges' },
          ],
        });
      }
    },

    /**
     * A credit note for each invoice of a refunded payment, in the transaction `tx` that marks
     * the refund SUCCESS; once each. The refund is shared between the tutor's part (the base
     * amount) and ours (fee and charges) in proportion (D97 refunds the whole total: all of
     * each).
     */
    async issueCreditNotes(
      tx: Database,
      refund: RefundRow,
      order: OrderRow,
      at: Date,
    ): Promise<void> {
      const documents = await tx
        .select()
        .from(taxDocuments)
        .where(eq(taxDocuments.orderId, order.id))
        .orderBy(asc(taxDocuments.id));
      const has = (kind: TaxDocumentKind) => documents.some((d) => d.kind === kind);
      const refunded = Math.min(refund.amount, order.total);
      const [tutorShare, ourShare] = shareByWeights(refunded, [
        order.baseAmount,
        order.fee + order.charges,
      ]) as [number, number];
      const credit = async (
        invoice: TaxDocumentRow,
        kind: 'credit_note' | 'platform_credit_note',
        series: TaxSeries,
        share: number,
      ) => {
        const amounts = shareByWeights(
          share,
          invoice.lines.map((line) => line.amount),
        );
        const place = invoice.placeOfSupply!;
        const figures = invoiceFigures(amounts, supplyType(invoice.supplier.stateCode!, place));
        await issue(tx, series, {
          kind,
          orderId: order.id,
          refundId: refund.id,
          tutorId: invoice.tutorId,
          issuedAt: at,
          originalId: invoice.id,
          supplier: invoice.supplier,
          recipient: invoice.recipient,
          placeOfSupply: place,
          sac: invoice.sac,
          rate: invoice.rate,
          ...figures,
          lines: invoice.lines.map((line, i) => ({ ...line, ...figures.lines[i]! })),
        });
      };
      const tutorInvoice = documents.find((d) => d.kind === 'tax_invoice');
      if (tutorInvoice && !has('credit_note') && tutorShare > 0) {
        await credit(tutorInvoice, 'credit_note', 'creditNote', tutorShare);
      }
      const ourInvoice = documents.find((d) => d.kind === 'platform_invoice');
      if (ourInvoice && !has('platform_credit_note') && ourShare > 0) {
        await credit(ourInvoice, 'platform_credit_note', 'platformCreditNote', ourShare);
      }
    },
  };
}

export type TaxDocuments = ReturnType<typeof createTaxDocuments>;

const partyToApi = (p: TaxParty): components['schemas']['TaxParty'] => ({
  name: p.name,
  gstin: p.gstin,
  address: p.address,
  state_code: p.stateCode,
  state_name: p.stateCode && isGstStateCode(p.stateCode) ? gstStateName(p.stateCode) : null,
  phone: p.phone ?? null,
});

/** A payment's documents as the receipt shows them, tutor's first, credit notes last. */
export async function documentsOfOrder(db: Database, orderId: string): Promise<ApiTaxDocument[]> {
  const rows = await db
    .select()
    .from(taxDocuments)
    .where(eq(taxDocuments.orderId, orderId))
    .orderBy(asc(taxDocuments.id));
  const originals = new Map(rows.map((row) => [row.id, row]));
  const missing = rows
    .map((row) => row.originalId)
    .filter((id): id is number => id !== null && !originals.has(id));
  if (missing.length > 0) {
    for (const row of await db
      .select()
      .from(taxDocuments)
      .where(inArray(taxDocuments.id, missing))) {
      originals.set(row.id, row);
    }
  }
  return rows
    .sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind))
    .map((row) => toApiDocument(row, row.originalId ? originals.get(row.originalId) : undefined));
}

export function toApiDocument(row: TaxDocumentRow, original?: TaxDocumentRow): ApiTaxDocument {
  const place = row.placeOfSupply;
  return {
    kind: row.kind,
    serial: row.serial,
    issued_at: row.issuedAt.toISOString(),
    supplier: partyToApi(row.supplier),
    recipient: partyToApi(row.recipient),
    place_of_supply: place,
    place_of_supply_name: place && isGstStateCode(place) ? gstStateName(place) : null,
    supply_type: place && row.supplier.stateCode ? supplyType(row.supplier.stateCode, place) : null,
    sac: row.sac,
    rate: row.rate,
    reverse_charge: false,
    lines: row.lines.map((line) => ({
      item: line.item,
      purpose: line.purpose ?? null,
      amount: paiseToRupees(line.amount),
      taxable: paiseToRupees(line.taxable),
    })),
    taxable: paiseToRupees(row.taxable),
    cgst: paiseToRupees(row.cgst),
    sgst: paiseToRupees(row.sgst),
    igst: paiseToRupees(row.igst),
    total: paiseToRupees(row.total),
    original:
      original && original.serial
        ? { serial: original.serial, issued_at: original.issuedAt.toISOString() }
        : null,
  };
}

/** The documents of these kinds a tutor issued in a financial year, in issue order. */
export function documentsOfYear(
  db: Database,
  tutorId: number,
  fyStart: number,
  kinds: TaxDocumentKind[],
) {
  return db
    .select()
    .from(taxDocuments)
    .where(
      and(
        eq(taxDocuments.tutorId, tutorId),
        eq(taxDocuments.fyStart, fyStart),
        inArray(taxDocuments.kind, kinds),
      ),
    )
    .orderBy(asc(taxDocuments.issuedAt), asc(taxDocuments.id));
}
