// What a tax document shows, in the order it shows it (D265): the one home of CGST Rule 46's
// particulars on a tax invoice (supplier's name, address and GSTIN; a serial unique in the
// financial year; the date; the recipient's name, and address and state when on record;
// SAC; the taxable value, rate and amount of each tax; place of supply; reverse charge) and
// Rule 53's on a credit note (the invoice it is against). The receipt page and the PDF both
// lay these rows out, so the two never differ.
import type { SupplyType, TaxDocumentKind, TaxLineItem } from './gstTax';
import { formatIstDate } from './istDate';
import { formatINR, type Paise } from './money';
import { taxTexts } from './taxTexts';

export interface TaxPartyView {
  name: string;
  gstin: string | null;
  address: string | null;
  stateCode: string | null;
  stateName: string | null;
  phone?: string | null;
}

/** A tax document in the app's units (paise, ISO instants). */
export interface TaxDocumentView {
  kind: TaxDocumentKind;
  serial: string | null;
  issuedAt: string;
  supplier: TaxPartyView;
  recipient: TaxPartyView;
  placeOfSupply: string | null;
  placeOfSupplyName: string | null;
  supplyType: SupplyType | null;
  sac: string | null;
  rate: number;
  lines: {
    item: TaxLineItem;
    purpose: string | null;
    amount: Paise;
    taxable: Paise;
  }[];
  taxable: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
  total: Paise;
  original: { serial: string; issuedAt: string } | null;
}

export type SheetRow = [label: string, value: string];

export interface TaxDocumentSheet {
  title: string;
  /** Label and value rows, section by section; a label may be '' (a row under the last). */
  sections: SheetRow[][];
  /** The row that closes the figures (printed bold). */
  totalRow: SheetRow;
  notes: string[];
}

const date = (iso: string) => formatIstDate(new Date(iso), { withYear: true });
const isCredit = (kind: TaxDocumentKind) =>
  kind === 'credit_note' || kind === 'platform_credit_note';

function stateLine(name: string | null, code: string | null): string | null {
  if (!code) return null;
  return taxTexts.documents.stateWithCode(name ?? code, code);
}

function partyRows(heading: string, party: TaxPartyView): SheetRow[] {
  const t = taxTexts.documents;
  const rows: SheetRow[] = [[heading, party.phone ? `${party.name} (${party.phone})` : party.name]];
  if (party.gstin) rows.push([t.gstin, party.gstin]);
  if (party.address) rows.push([t.address, party.address]);
  const state = stateLine(party.stateName, party.stateCode);
  if (state) rows.push([t.state, state]);
  return rows;
}

function lineLabel(line: TaxDocumentView['lines'][number]): string {
  const t = taxTexts.documents;
  if (line.item === 'platformFee') return t.platformFee;
  if (line.item === 'charges') return t.charges;
  return line.purpose ? t.tuitionFor(line.purpose) : t.tuition;
}

/** The unregistered tutor's sentence on their receipt: no GST, and why. */
export function notRegisteredNote(doc: TaxDocumentView): string {
  return taxTexts.documents.notRegistered(doc.supplier.name);
}

/** A tax invoice's or credit note's rows (a receipt has none of its own: see notRegisteredNote). */
export function taxDocumentSheet(doc: TaxDocumentView): TaxDocumentSheet {
  const t = taxTexts.documents;
  const credit = isCredit(doc.kind);
  const half = `${doc.rate / 2}%`;
  const identity: SheetRow[] = [
    [credit ? t.creditNoteSerial : t.serial, doc.serial ?? ''],
    [t.issuedAt, date(doc.issuedAt)],
  ];
  if (doc.original) {
    identity.push([t.against, t.againstInvoice(doc.original.serial, date(doc.original.issuedAt))]);
  }
  const supply: SheetRow[] = [];
  const place = stateLine(doc.placeOfSupplyName, doc.placeOfSupply);
  if (place) supply.push([t.placeOfSupply, place]);
  if (doc.sac) supply.push([t.sac, doc.sac]);
  supply.push([t.reverseCharge, t.no]);
  const items: SheetRow[] = doc.lines.map((line, i) => [
    i === 0 ? t.items : '',
    `${lineLabel(line)}: ${formatINR(line.amount)}`,
  ]);
  const figures: SheetRow[] = [[t.taxableValue, formatINR(doc.taxable)]];
  if (doc.supplyType === 'inter') {
    figures.push([t.igst(`${doc.rate}%`), formatINR(doc.igst)]);
  } else {
    figures.push([t.cgst(half), formatINR(doc.cgst)], [t.sgst(half), formatINR(doc.sgst)]);
  }
  const notes = [t.gstIncluded];
  if (doc.kind === 'platform_invoice' || doc.kind === 'platform_credit_note') {
    notes.push(t.chargesNote);
  }
  if (credit) notes.push(t.creditNoteReason);
  notes.push(t.computerMade);
  return {
    title: t.titles[doc.kind],
    sections: [
      identity,
      partyRows(t.supplier, doc.supplier),
      partyRows(t.recipient, doc.recipient),
      supply,
      items,
      figures,
    ],
    totalRow: [credit ? t.creditTotal : t.total, formatINR(doc.total)],
    notes,
  };
}
