// A registered tutor's year-end register (issue 50, D270): `GET tax-documents/register/` as
// CSV, either one row per tax invoice and credit note they issued in a financial year, or the
// GSTR-1 table 7 (B2CS) summary of them. Every payment is at most ₹50,000 (D11), so none is
// B2CL (inter-State invoices above ₹1 lakh, Rule 59(4)); a credit note against a B2CS invoice
// reduces that place's row, as the portal's B2CS table nets them.
import { coded } from '../../domain/texts';
import { inArray } from 'drizzle-orm';
import { parseFinancialYear } from '../../domain/financialYear';
import { placeOfSupplyLabel } from '../../domain/gstStates';
import { gstr1Table, supplyType } from '../../domain/gstTax';
import { taxTexts } from '../../domain/taxTexts';
import { istDateKey } from '../../domain/time';
import type { Database } from '../db/client';
import { taxDocuments, type TaxDocumentRow, type UserRow } from '../db/schema';
import { toCsv } from './csv';
import { rupeeText } from './paymentHistory';
import { refuse, success, type Result } from './results';
import { documentsOfYear } from './taxDocuments';

type View = 'documents' | 'b2cs';

/** The GST portal's B2CS template headers, word for word (a format, not words to translate). */
const B2CS_HEADERS = [
  'Type',
  'Place Of Supply',
  'Rate',
  'Applicable % of Tax Rate',
  'Taxable Value',
  'Cess Amount',
  'E-Commerce GSTIN',
];

export function createTaxRegister(deps: { db: Database }) {
  const { db } = deps;

  return async function register(
    caller: UserRow,
    query: { fy: string; view?: View },
  ): Promise<Result<{ fileName: string; csv: string }, 400 | 403>> {
    if (caller.role !== 'teacher') return refuse(403, coded(taxTexts).api.onlyTutors);
    const year = parseFinancialYear(query.fy);
    if (!year) return refuse(400, coded(taxTexts).api.fyInvalid);
    const rows = await documentsOfYear(db, caller.id, year.startYear, [
      'tax_invoice',
      'credit_note',
    ]);
    const view = query.view ?? 'documents';
    const tableOf = (row: TaxDocumentRow) =>
      gstr1Table(supplyType(row.supplier.stateCode!, row.placeOfSupply!), row.total);
    const sign = (row: TaxDocumentRow) => (row.kind === 'credit_note' ? -1 : 1);
    const signed = (row: TaxDocumentRow, paise: number) => rupeeText(sign(row) * paise);
    let table: string[][];
    if (view === 'b2cs') {
      const byPlace = new Map<string, { rate: number; taxable: number }>();
      // B2CL invoices (none under D11 today) are reported one by one, not in this summary.
      for (const row of rows.filter((r) => tableOf(r) === 'B2CS')) {
        const key = `${row.placeOfSupply}:${row.rate}`;
        const entry = byPlace.get(key) ?? { rate: row.rate, taxable: 0 };
        entry.taxable += sign(row) * row.taxable;
        byPlace.set(key, entry);
      }
      table = [
        B2CS_HEADERS,
        ...[...byPlace.entries()]
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([key, { rate, taxable }]) => [
            'OE',
            placeOfSupplyLabel(key.split(':')[0]!),
            String(rate),
            '',
            rupeeText(taxable),
            rupeeText(0),
            '',
          ]),
      ];
    } else {
      const c = taxTexts.csv;
      const serials = new Map(rows.map((row) => [row.id, row]));
      // A credit note of April may be against an invoice of the March before.
      const earlier = rows
        .map((row) => row.originalId)
        .filter((id): id is number => id !== null && !serials.has(id));
      if (earlier.length > 0) {
        const found = await db.select().from(taxDocuments).where(inArray(taxDocuments.id, earlier));
        for (const row of found) serials.set(row.id, row);
      }
      table = [
        [
          c.docType,
          c.serial,
          c.date,
          c.originalSerial,
          c.originalDate,
          c.recipient,
          c.placeOfSupply,
          c.supplyType,
          c.sac,
          c.rate,
          c.taxable,
          c.cgst,
          c.sgst,
          c.igst,
          c.cess,
          c.total,
          c.table,
        ],
        ...rows.map((row) => {
          const original = row.originalId ? serials.get(row.originalId) : undefined;
          const place = row.placeOfSupply!;
          return [
            taxTexts.documents.titles[row.kind],
            row.serial ?? '',
            istDateKey(row.issuedAt),
            original?.serial ?? '',
            original ? istDateKey(original.issuedAt) : '',
            row.recipient.name,
            placeOfSupplyLabel(place),
            supplyType(row.supplier.stateCode!, place) === 'intra' ? c.intra : c.inter,
            row.sac ?? '',
            String(row.rate),
            signed(row, row.taxable),
            signed(row, row.cgst),
            signed(row, row.sgst),
            signed(row, row.igst),
            rupeeText(0),
            signed(row, row.total),
            tableOf(row),
          ];
        }),
      ];
    }
    return success({
      fileName: `tuitionpay-gst-${view === 'b2cs' ? 'b2cs' : 'register'}-${year.label}.csv`,
      csv: toCsv(table),
    });
  };
}

export type TaxRegister = ReturnType<typeof createTaxRegister>;
