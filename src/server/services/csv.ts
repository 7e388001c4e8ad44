// CSV for spreadsheets (RFC 4180), safe to open: every cell is quoted with inner quotes
// doubled, and a cell that a spreadsheet would run as a formula gets a leading ' (OWASP, CSV
// injection): one starting with = + - @, a tab or a carriage return, or (D214) their full-width
// forms ＝ ＋ － ＠, which spreadsheets set in East Asian locales read as the same, and any of
// these after leading spaces.

const FORMULA_START = /^\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^[\t\r\n]/u;
/** A plain negative amount ('-23.88') is a number, not a formula: it is left as it is (D270). */
const NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/;

/** One cell, quoted and defused. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) && !NEGATIVE_NUMBER.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

/**
 * The rows as a CSV text: CRLF line ends, and a byte-order mark first so spreadsheets read
 * UTF-8 (names in any script, D30) instead of guessing a legacy code page.
 */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
