// A person's data as a readable PDF (D324): the JSON export laid out in the reader's language,
// the profile as label and value rows, each list as one line per record, newest first, at most
// PDF_ROWS a list (the JSON has them all). pdfkit flows the text onto as many pages as it takes;
// the font and the ActualText marks are the receipt's (receiptPdf.ts).
import PDFDocument from 'pdfkit';
import { PRODUCT_NAME } from '../../domain/messages';
import { formatIstDate } from '../../domain/istDate';
import { localeTag, textLocale } from '../../domain/locale';
import { formatINR, rupeesToPaise } from '../../domain/money';
import { privacyTexts } from '../../domain/privacyTexts';
import { formatIstTime } from '../../domain/time';
import type { PersonalDataExport } from './personalData';
import { PDF_FONTS } from './receiptPdf';

const PDF_ROWS = 50;
const AMOUNT_KEYS = new Set(['amount', 'fee', 'charges', 'total']);

/** One record as a line: its values in order, dates in IST, amounts in rupees. */
function line(row: Record<string, string | number | boolean | null>): string {
  return Object.entries(row)
    .flatMap(([key, value]) => {
      if (value === null || value === '' || typeof value === 'boolean') return [];
      if (AMOUNT_KEYS.has(key) && typeof value === 'number') {
        return [formatINR(rupeesToPaise(value))];
      }
      if (key.endsWith('_at') && typeof value === 'string') {
        const at = new Date(value);
        return [`${formatIstDate(at, { withYear: true })} ${formatIstTime(at)}`];
      }
      return [String(value)];
    })
    .join(' · ');
}

export function personalDataPdf(data: PersonalDataExport): Promise<Buffer> {
  const t = privacyTexts.pdf;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    font: PDF_FONTS.regular,
    info: { Title: t.title, Producer: PRODUCT_NAME, Creator: PRODUCT_NAME },
    lang: localeTag(textLocale()),
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const write = (text: string, options: PDFKit.Mixins.TextOptions = {}) => {
    doc.markContent('Span', { actual: text });
    doc.text(text, options);
    doc.endMarkedContent();
  };
  const heading = (text: string) => {
    doc.moveDown(0.8).font(PDF_FONTS.bold).fontSize(13);
    write(text);
    doc.font(PDF_FONTS.regular).fontSize(10).moveDown(0.2);
  };

  doc.font(PDF_FONTS.bold).fontSize(20);
  write(PRODUCT_NAME);
  doc.fontSize(14);
  write(t.title);
  const generated = new Date(data.generated_at);
  doc.font(PDF_FONTS.regular).fontSize(10);
  write(t.generated(`${formatIstDate(generated, { withYear: true })} ${formatIstTime(generated)}`));

  const f = t.fields;
  const p = data.profile;
  heading(t.profile);
  const name = [p.first_name, p.last_name].filter(Boolean).join(' ');
  const profile: [string, string | null][] = [
    [f.name, name || null],
    [f.phone, p.phone],
    [f.pan, p.pan],
    [f.role, p.role],
    [f.username, p.username],
    [f.language, p.language],
    [f.joined, formatIstDate(new Date(p.created_at), { withYear: true })],
  ];
  for (const [label, value] of profile) if (value) write(`${label}: ${value}`);

  const lists: [string, Record<string, string | number | boolean | null>[]][] = [
    [t.consents, data.consents],
    [t.bankAccounts, data.bank_accounts],
    [t.paymentsMade, data.payments_made],
    [t.paymentsReceived, data.payments_received],
    [t.refunds, data.refunds],
    [t.links, data.payment_links],
    [t.schedules, data.sessions],
    [t.studentEntries, data.student_entries],
    [t.students, data.students],
    [t.texts, data.texts],
    [t.audit, data.audit],
  ];
  for (const [title, rows] of lists) {
    heading(title);
    if (rows.length === 0) write(t.none);
    for (const row of rows.slice(0, PDF_ROWS)) write(line(row));
    if (rows.length > PDF_ROWS) write(t.more(rows.length - PDF_ROWS));
  }
  doc.end();
  return done;
}
