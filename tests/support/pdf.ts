// Reads back the text of a PDF as a reader extracts it, with pdftotext (Debian's poppler-utils,
// installed by .ci/run): every piece of text with where it sits, grouped into the page's lines
// top to bottom, the pieces of a line left to right and joined by ' | '. Tests so compare what
// the receipt shows and reads as (copy, search, screen readers), not how the file is written.
import { execFileSync } from 'node:child_process';

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};
const decode = (xml: string) =>
  xml.replace(/&(\w+);/g, (all, name: string) => ENTITIES[name] ?? all);

export interface PdfWord {
  x: number;
  /** From the page's top. */
  y: number;
  text: string;
}

/** Each page's pieces of text pdftotext finds, with their positions. */
export function pdfPageWords(pdf: Buffer): PdfWord[][] {
  const xhtml = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', '-', '-'], {
    input: pdf,
    encoding: 'utf8',
    timeout: 10_000,
  });
  return xhtml
    .split(/<page\b/)
    .slice(1)
    .map((page) =>
      [...page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)].map(
        ([, x, y, text]) => ({ x: Number(x), y: Number(y), text: decode(text ?? '') }),
      ),
    );
}

/** Each piece of text pdftotext finds, with its position (every page's, in page order). */
export function pdfWords(pdf: Buffer): PdfWord[] {
  return pdfPageWords(pdf).flat();
}

function linesOf(words: PdfWord[]): string[] {
  const byLine = new Map<number, PdfWord[]>();
  for (const word of words) {
    const y = Math.round(word.y);
    byLine.set(y, [...(byLine.get(y) ?? []), word]);
  }
  return [...byLine.entries()]
    .sort(([a], [b]) => b - a)
    .map(([, line]) =>
      line
        .sort((a, b) => a.x - b.x)
        .map((word) => word.text)
        .join(' | '),
    );
}

/** Each page's lines; the pieces of a line joined by ' | ', left to right. */
export function pdfPages(pdf: Buffer): string[][] {
  return pdfPageWords(pdf).map(linesOf);
}

/** The first page's lines; the pieces of a line joined by ' | ', left to right. */
export function pdfLines(pdf: Buffer): string[] {
  return pdfPages(pdf)[0] ?? [];
}
