// The receipt's PDF with the payment's documents (issue 50, D265): the receipt page as
// before (receiptPdf.ts), with the unregistered tutor's no-GST sentence on it, then a page for
// each tax invoice and credit note, laid out from the same rows as the receipt page's
// (taxDocumentSheet.ts). A payment from before documents existed prints as it always did.
import type { components } from '../../../openapi/schema';
import { rupeesToPaise } from '../../domain/money';
import {
  notRegisteredNote,
  taxDocumentSheet,
  type TaxDocumentView,
  type TaxPartyView,
} from '../../domain/taxDocumentSheet';
import { receiptPdf, type PdfWriter } from './receiptPdf';

type Receipt = components['schemas']['Receipt'];
type ApiDocument = components['schemas']['TaxDocument'];
type ApiParty = components['schemas']['TaxParty'];

const LEFT = 56;
const VALUE_X = 230;
const RIGHT = 539;
const GAP = 6;

const partyOf = (p: ApiParty): TaxPartyView => ({
  name: p.name,
  gstin: p.gstin,
  address: p.address,
  stateCode: p.state_code,
  stateName: p.state_name,
  phone: p.phone ?? null,
});

/** The API's document in the app's units (paise), as the sheet takes it. */
export function documentViewOf(d: ApiDocument): TaxDocumentView {
  return {
    kind: d.kind,
    serial: d.serial,
    issuedAt: d.issued_at,
    supplier: partyOf(d.supplier),
    recipient: partyOf(d.recipient),
    placeOfSupply: d.place_of_supply,
    placeOfSupplyName: d.place_of_supply_name,
    supplyType: d.supply_type ?? null,
    sac: d.sac,
    rate: d.rate,
    lines: d.lines.map((line) => ({
      item: line.item,
      purpose: line.purpose,
      amount: rupeesToPaise(line.amount),
      taxable: rupeesToPaise(line.taxable),
    })),
    taxable: rupeesToPaise(d.taxable),
    cgst: rupeesToPaise(d.cgst),
    sgst: rupeesToPaise(d.sgst),
    igst: rupeesToPaise(d.igst),
    total: rupeesToPaise(d.total),
    original: d.original ? { serial: d.original.serial, issuedAt: d.original.issued_at } : null,
  };
}

function documentPage({ doc, regular, bold, write }: PdfWriter, document: TaxDocumentView) {
  const sheet = taxDocumentSheet(document);
  doc.addPage();
  doc.font(bold).fontSize(18);
  write(sheet.title, LEFT, 50);
  // Under the title, whose document it is: the tutor's, or ours for the platform fee.
  doc.font(regular).fontSize(11);
  write(document.supplier.name, LEFT, 76);
  let y = 108;
  const row = ([label, value]: [string, string], font = regular) => {
    doc.font(font).fontSize(10.5);
    if (label !== '') write(label, LEFT, y, VALUE_X - LEFT - 12);
    write(value, VALUE_X, y, RIGHT - VALUE_X);
    const height = Math.max(
      doc.heightOfString(label || ' ', { width: VALUE_X - LEFT - 12 }),
      doc.heightOfString(value || ' ', { width: RIGHT - VALUE_X }),
    );
    y += height + GAP;
  };
  for (const section of sheet.sections) {
    for (const line of section) row(line);
    y += GAP;
  }
  row(sheet.totalRow, bold);
  y += GAP;
  doc.font(regular).fontSize(9);
  for (const note of sheet.notes) {
    write(note, LEFT, y, RIGHT - LEFT);
    y += doc.heightOfString(note, { width: RIGHT - LEFT }) + 4;
  }
}

/** The receipt and its documents as one PDF, in the reader's language. */
export function documentsPdf(receipt: Receipt): Promise<Buffer> {
  const documents = receipt.documents.map(documentViewOf);
  const receiptDoc = documents.find((d) => d.kind === 'receipt');
  return receiptPdf(receipt, {
    notes: receiptDoc ? [notRegisteredNote(receiptDoc)] : [],
    morePages: (writer) => {
      for (const document of documents) {
        if (document.kind !== 'receipt') documentPage(writer, document);
      }
    },
  });
}
