/** A limit typed in rupees: paise, null for an empty field (no limit), or 'invalid'. */
export function parseRupees(text: string): number | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(trimmed)) return 'invalid';
  const [whole, fraction = ''] = trimmed.split('.');
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return minor >= 100 ? minor : 'invalid';
}
