// The receipt as a one-page PDF: the same figures as the JSON receipt (receipts.ts), laid out
// as label and value rows. Helvetica has no rupee sign, so amounts read 'Rs. 2,023.88' and a
// line says they are Indian rupees (pdfWriter.ts).
import type { components } from '../../../openapi/schema';
import { PRODUCT_NAME } from '../../domain/messages';
import { paidForLine } from '../../domain/duePeriod';
import { apiMessages } from '../../domain/apiMessages';
import { formatAmount, rupeesToPaise } from '../../domain/money';
import { formatIstDate, formatIstTime } from '../../domain/time';
import { writePdf, type PdfText } from './pdfWriter';

type Receipt = components['schemas']['Receipt'];

const LEFT = 56;
const VALUE_X = 230;
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
    [r.paidAt, r.at(formatIstDate(paidAt, { withYear: true }), formatIstTime(paidAt))],
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

export function receiptPdf(receipt: Receipt): Buffer {
  const texts: PdfText[] = [
    { x: LEFT, y: 780, size: 22, bold: true, text: PRODUCT_NAME },
    { x: LEFT, y: 750, size: 14, bold: true, text: apiMessages.receipts.title },
  ];
  let y = 710;
  for (const section of receiptRows(receipt)) {
    for (const [label, value] of section) {
      const isTotal = label === apiMessages.receipts.total;
      texts.push({ x: LEFT, y, size: 11, bold: isTotal, text: label });
      if (value !== '') texts.push({ x: VALUE_X, y, size: 11, bold: isTotal, text: clip(value) });
      y -= ROW_HEIGHT;
    }
    if (section.length > 0) y -= ROW_HEIGHT / 2;
  }
  texts.push({ x: LEFT, y, size: 9, text: apiMessages.receipts.rupeeNote });
  texts.push({ x: LEFT, y: y - 14, size: 9, text: apiMessages.receipts.footer(PRODUCT_NAME) });
  return writePdf(texts, { title: apiMessages.receipts.title, producer: PRODUCT_NAME });
}
