// Reads back what a PDF of src/server/services/pdfWriter.ts shows: checks the file's structure
// (header, cross-reference offsets, stream length) and returns its text lines, top to bottom,
// the pieces of a line left to right, as a reader would show them.
import { expect } from 'vitest';

/** Windows-1252's 0x80-0x9F (the rest is Latin-1); Node's TextDecoder may lack it. */
const WIN_ANSI_80_9F = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const winAnsi = {
  decode: (bytes: Uint8Array) =>
    [...bytes]
      .map((byte) =>
        byte >= 0x80 && byte <= 0x9f ? WIN_ANSI_80_9F[byte - 0x80]! : String.fromCharCode(byte),
      )
      .join(''),
};

/** The bytes of a PDF literal string's body, escapes undone. */
function unescape(body: string): Uint8Array {
  const bytes: number[] = [];
  for (let i = 0; i < body.length; i += 1) {
    const char = body[i]!;
    if (char !== '\\') {
      bytes.push(char.charCodeAt(0));
      continue;
    }
    const octal = /^[0-7]{1,3}/.exec(body.slice(i + 1))?.[0];
    if (octal) {
      bytes.push(parseInt(octal, 8));
      i += octal.length;
    } else {
      bytes.push(body.charCodeAt(i + 1));
      i += 1;
    }
  }
  return Uint8Array.from(bytes);
}

export interface PdfTextRun {
  x: number;
  y: number;
  text: string;
}

/** Every text run of the (single) content stream, with its position. */
export function pdfTextRuns(pdf: Buffer): PdfTextRun[] {
  const file = pdf.toString('latin1');
  expect(file.startsWith('%PDF-1.')).toBe(true);
  expect(file.endsWith('%%EOF\n')).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(file)?.[1]);
  expect(file.slice(startxref, startxref + 4)).toBe('xref');
  const [, first, countText] = /^xref\n(\d+) (\d+)\n/.exec(file.slice(startxref)) ?? [];
  const entries = file
    .slice(startxref)
    .split('\n')
    .slice(2, 2 + Number(countText));
  entries.forEach((entry, index) => {
    expect(entry).toMatch(/^\d{10} \d{5} [nf] $/);
    if (entry.endsWith('n ')) {
      const number = Number(first) + index;
      expect(file.slice(Number(entry.slice(0, 10))).startsWith(`${number} 0 obj\n`)).toBe(true);
    }
  });
  const stream = /<< \/Length (\d+) >>\nstream\n/.exec(file);
  if (!stream) throw new Error('no content stream');
  const start = stream.index + stream[0].length;
  const content = file.slice(start, start + Number(stream[1]));
  expect(file.slice(start + content.length)).toMatch(/^\nendstream\n/);
  const runs: PdfTextRun[] = [];
  const op = /1 0 0 1 ([\d.]+) ([\d.]+) Tm \(((?:[^()\\]|\\.|\\[0-7]{1,3})*)\) Tj/g;
  for (const match of content.matchAll(op)) {
    runs.push({
      x: Number(match[1]),
      y: Number(match[2]),
      text: winAnsi.decode(unescape(match[3]!)),
    });
  }
  return runs;
}

/** The page's lines, top to bottom; runs on one line joined by ' | ', left to right. */
export function pdfLines(pdf: Buffer): string[] {
  const byLine = new Map<number, PdfTextRun[]>();
  for (const run of pdfTextRuns(pdf)) byLine.set(run.y, [...(byLine.get(run.y) ?? []), run]);
  return [...byLine.entries()]
    .sort(([a], [b]) => b - a)
    .map(([, runs]) =>
      runs
        .sort((a, b) => a.x - b.x)
        .map((run) => run.text)
        .join(' | '),
    );
}
