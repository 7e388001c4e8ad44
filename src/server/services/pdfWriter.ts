// A minimal PDF writer, no dependencies: one A4 page of text lines in the standard Helvetica
// fonts (every PDF reader has them, so nothing is embedded). Enough for a receipt; not a
// layout engine.
//
// Text is encoded as WinAnsi (Windows-1252): Latin letters print, the rupee sign becomes
// 'Rs.' (the font has no ₹ glyph) and any other character outside WinAnsi (e.g. a name in
// Devanagari) prints as '?'. Strings are written with octal escapes above ASCII, so the
// file is plain ASCII apart from the binary marker in its header.

/** A4 in PDF points (1/72 inch). */
export const A4 = { width: 595, height: 842 } as const;

export interface PdfText {
  /** From the page's left edge, in points. */
  x: number;
  /** From the page's bottom edge, in points (the text's baseline). */
  y: number;
  size: number;
  bold?: boolean;
  text: string;
}

/** The characters of Windows-1252 between 0x80 and 0x9F (the rest matches Latin-1). */
const WIN_ANSI_EXTRAS: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  ƒ: 0x83,
  '„': 0x84,
  '…': 0x85,
  '†': 0x86,
  '‡': 0x87,
  ˆ: 0x88,
  '‰': 0x89,
  Š: 0x8a,
  '‹': 0x8b,
  Œ: 0x8c,
  Ž: 0x8e,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '˜': 0x98,
  '™': 0x99,
  š: 0x9a,
  '›': 0x9b,
  œ: 0x9c,
  ž: 0x9e,
  Ÿ: 0x9f,
};

const QUESTION_MARK = 0x3f;

/** WinAnsi bytes of `text`: ₹ as 'Rs.', unknown characters as '?'. */
export function winAnsiBytes(text: string): number[] {
  const bytes: number[] = [];
  for (const char of text.normalize('NFC').replaceAll('₹', 'Rs.')) {
    const code = char.codePointAt(0) ?? QUESTION_MARK;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) bytes.push(code);
    else bytes.push(WIN_ANSI_EXTRAS[char] ?? QUESTION_MARK);
  }
  return bytes;
}

/** A PDF literal string: ( ) \ escaped, bytes outside printable ASCII as octal. */
function literal(text: string): string {
  const body = winAnsiBytes(text)
    .map((byte) => {
      if (byte === 0x28 || byte === 0x29 || byte === 0x5c) return `\\${String.fromCharCode(byte)}`;
      if (byte < 0x20 || byte > 0x7e) return `\\${byte.toString(8).padStart(3, '0')}`;
      return String.fromCharCode(byte);
    })
    .join('');
  return `(${body})`;
}

const points = (n: number) => String(Math.round(n * 100) / 100);

/** The page's content stream: one text object, each line placed absolutely. */
function contentStream(texts: PdfText[]): string {
  const ops = texts.map(
    (t) =>
      `/${t.bold ? 'F2' : 'F1'} ${points(t.size)} Tf 1 0 0 1 ${points(t.x)} ${points(t.y)} Tm ${literal(t.text)} Tj`,
  );
  return ['BT', ...ops, 'ET'].join('\n');
}

/** One A4 page with `texts`; `title` goes into the document information. */
export function writePdf(texts: PdfText[], info: { title: string; producer: string }): Buffer {
  const stream = contentStream(texts);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${A4.width} ${A4.height}] ` +
      '/Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Title ${literal(info.title)} /Producer ${literal(info.producer)} >>`,
  ];
  // The binary comment tells transfer tools the file is binary (PDF 1.4, 7.5.2).
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = chunks[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    const chunk = Buffer.from(`${index + 1} 0 obj\n${body}\nendobj\n`, 'latin1');
    offsets.push(offset);
    offset += chunk.length;
    chunks.push(chunk);
  });
  // Each cross-reference entry is exactly 20 bytes, its end of line included.
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n `),
  ].join('\n');
  const trailer =
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\n` +
    `startxref\n${offset}\n%%EOF\n`;
  chunks.push(Buffer.from(`${xref}\n${trailer}`, 'latin1'));
  return Buffer.concat(chunks);
}
