/**
 * A date as India writes it, day first ("17/05/1990"; "-" or "." also accepted), as the ISO date
 * the server takes ("1990-05-17"); null when it is not a real calendar date. The browser's date
 * input showed mm/dd/yyyy on an en-US phone (and the format again beside it), so the KYC form and
 * the bet history's day filter take typed text with the format as their one hint.
 */
export function parseDayFirstDate(text: string): string | null {
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${m[3]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
