// The receipt as a one-page PDF: the same figures as the JSON receipt (receipts.ts), laid out
// as label and value rows, in the reader's language; names print in any Indian script the font
// has (issue 15: Devanagari printed as '?' before).
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { components } from '../../../openapi/schema';
import { PRODUCT_NAME } from '../../domain/messages';
import { paidForLine } from '../../domain/duePeriod';
import { apiMessages } from '../../domain/apiMessages';
import { formatAmount, rupeesToPaise } from '../../domain/money';
import { formatIstClock, formatIstDate } from '../../domain/istDate';
import { localeTag, textLocale } from '../../domain/locale';

type Receipt = components['schemas']['Receipt'];

const LEFT = 56;
const VALUE_X = 230;
const RIGHT = 539;
const ROW_HEIGHT = 22;
/** A value longer than this is cut, so it stays on the page. */
const VALUE_MAX_CHARS = 60;

const rupees = (amount: number) => apiMessages.receipts.rupees(formatAmount(rupeesToPaise(amount)));
const clip = (text: string) =>
  text.length > VALUE_MAX_CHARS ? `${text.slice(0, VALUE_MAX_CHARS - 3)}...` : text;

/** The label and value rows, section by section, in the order the page shows them. */
function receiptRows(receipt: Receipt): [string, string][][] {
  const r = apiMessages.receipts;
  const paidAt = new Date(receipt.paid_at);
  const method =
    receipt.method === 'upi'
      ? apiMessages.paymentHistory.methodUpi
      : apiMessages.paymentHistory.methodCard;
  const details: [string, string][] = [
    [r.receiptNumber, receipt.receipt_number],
    [r.paidTo, r.payee(receipt.payee.name, receipt.payee.username ?? null)],
    [r.paidBy, r.payer(receipt.payer.name, receipt.payer.phone)],
    // One row per due (a row's value is clipped): the label on the first only.
    ...receipt.paid_for.map((d, i): [string, string] => [
      i === 0 ? r.paidFor : '',
      clip(
        paidForLine({
          plan: d.plan_name,
          period: d.period,
          student: d.student_name,
          amount: rupees(d.amount),
        }),
      ),
    ]),
    [r.paidAt, r.at(formatIstDate(paidAt, { withYear: true }), formatIstClock(paidAt))],
    [r.method, method],
    ...(receipt.bank_reference
      ? [[r.bankReference, receipt.bank_reference] as [string, string]]
      : []),
  ];
  const breakup: [string, string][] = [
    [r.amount, rupees(receipt.base_amount)],
    ...(r.showsFees(receipt.method)
      ? ([
          [r.platformFee, rupees(receipt.fee)],
          [r.charges, rupees(receipt.charges)],
        ] as [string, string][])
      : []),
    [r.total, rupees(receipt.total)],
  ];
  const refund = receipt.refund;
  const after: [string, string][] = refund
    ? [[r.refund(apiMessages.refunds.statusLabels[refund.status], rupees(refund.amount)), '']]
    : [];
  return [details, breakup, after];
}

// Noto Sans Devanagari (Google Fonts' build: Latin, ₹ and Devanagari in one file), from a
// registry package. pdfkit shapes text with fontkit (conjuncts, vowel signs) and embeds only
// the glyphs a receipt uses.
const fontFile = (weight: '400Regular' | '700Bold') =>
  createRequire(import.meta.url).resolve(
    `@expo-google-fonts/noto-sans-devanagari/${weight}/NotoSansDevanagari_${weight}.ttf`,
  );
const REGULAR = fontFile('400Regular');
const BOLD = fontFile('700Bold');
/** The same fonts for every PDF we write (a person's data too, personalDataPdf.ts). */
export const PDF_FONTS = { regular: REGULAR, bold: BOLD };

/** What documentsPdf.ts draws with: the document, its fonts and the ActualText writer. */
export interface PdfWriter {
  doc: PDFKit.PDFDocument;
  regular: string;
  bold: string;
  write(text: string, x: number, top: number, width?: number): void;
}

/** What follows the receipt's rows: notes above its footer, and pages after it (issue 50). */
export interface ReceiptExtras {
  notes?: string[];
  morePages?: (writer: PdfWriter) => void;
}

/** The receipt as PDF bytes, in the language texts are read in (the reader's). */
export function receiptPdf(receipt: Receipt, extras: ReceiptExtras = {}): Promise<Buffer> {
  const r = apiMessages.receipts;
  const doc = new PDFDocument({
    size: 'A4',
    font: REGULAR,
    info: { Title: r.title, Producer: PRODUCT_NAME, Creator: PRODUCT_NAME },
    lang: localeTag(textLocale()),
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // Each text also as ActualText: Devanagari's glyphs are drawn in visual order (a vowel sign
  // before its consonant), so copy, search and screen readers need the text in logical order.
  const write = (text: string, x: number, top: number, width?: number) => {
    doc.markContent('Span', { actual: text });
    doc.text(text, x, top, width === undefined ? {} : { width });
    doc.endMarkedContent();
  };
  doc.font(BOLD).fontSize(22);
  write(PRODUCT_NAME, LEFT, 50);
  doc.fontSize(14);
  write(r.title, LEFT, 84);
  let y = 124;
  for (const section of receiptRows(receipt)) {
    for (const [label, value] of section) {
      doc.font(label === r.total ? BOLD : REGULAR).fontSize(11);
      if (label !== '') write(label, LEFT, y, VALUE_X - LEFT - 12);
      if (value !== '') write(clip(value), VALUE_X, y, RIGHT - VALUE_X);
      y += ROW_HEIGHT;
    }
    if (section.length > 0) y += ROW_HEIGHT / 2;
  }
  doc.font(REGULAR).fontSize(10);
  for (const note of extras.notes ?? []) {
    write(note, LEFT, y, RIGHT - LEFT);
    y = doc.y + 8;
  }
  doc.font(REGULAR).fontSize(9);
  write(r.rupeeNote, LEFT, y);
  write(r.footer(PRODUCT_NAME), LEFT, y + 14);
  extras.morePages?.({ doc, regular: REGULAR, bold: BOLD, write });
  doc.end();
  return done;
}
