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

/** Each piece of text pdftotext finds, with its position. */
export function pdfWords(pdf: Buffer): PdfWord[] {
  const xhtml = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', '-', '-'], {
    input: pdf,
    encoding: 'utf8',
    timeout: 10_000,
  });
  return [...xhtml.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)].map(
    ([, x, y, text]) => ({ x: Number(x), y: Number(y), text: decode(text ?? '') }),
  );
}

/** The page's lines, top to bottom; the pieces of a line joined by ' | ', left to right. */
export function pdfLines(pdf: Buffer): string[] {
  const byLine = new Map<number, PdfWord[]>();
  for (const word of pdfWords(pdf)) {
    const y = Math.round(word.y);
    byLine.set(y, [...(byLine.get(y) ?? []), word]);
  }
  return [...byLine.entries()]
    .sort(([a], [b]) => b - a)
    .map(([, words]) =>
      words
        .sort((a, b) => a.x - b.x)
        .map((word) => word.text)
        .join(' | '),
    );
}
