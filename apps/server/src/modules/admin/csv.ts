/**
 * CSV for spreadsheets. A cell that a spreadsheet would run as a formula (it starts with = + - @,
 * a tab or a carriage return) gets a leading apostrophe, so an attacker-chosen username or note
 * cannot execute in the reader's spreadsheet (OWASP "CSV injection"). Cells with a comma, quote or
 * line break are quoted, quotes doubled (RFC 4180). Lines end with CRLF.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  // Numbers are data, not formulas: a negative amount stays a number.
  if (typeof value !== 'number' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: string[], rows: unknown[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
