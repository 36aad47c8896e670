/**
 * CSV for spreadsheets, by the OWASP "CSV injection" rule:
 * - a cell that a spreadsheet could run as a formula gets a leading apostrophe: it starts with
 *   = + - @, a tab or a carriage return, or with a separator that some locales read as the start
 *   of a formula or a new field (; , | and the full-width ＝ ＋ － ＠ that some spreadsheets fold
 *   to their ASCII forms), so an attacker-chosen username or note cannot run in the reader's
 *   spreadsheet;
 * - every cell is quoted and quotes inside are doubled (RFC 4180), so no separator in a value
 *   (comma, semicolon, tab, line break) can split it into a new cell whatever separator the
 *   reader's locale uses.
 * Lines end with CRLF.
 */
const FORMULA_START = /^[=+\-@\t\r\n;,|\uFF1D\uFF0B\uFF0D\uFF20]/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '""';
  let text = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  // Numbers are data, not formulas: a negative amount stays a number.
  if (typeof value !== 'number' && FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

export function toCsv(header: string[], rows: unknown[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
