/** Why a typed UTR was refused. */
export type UtrProblem = 'empty' | 'format';

/** The UTR as the server wants it: spaces players copy along with it removed. */
export function normalizeUtr(text: string): string {
  return text.replace(/\s+/g, '');
}

/** A UPI transaction reference (UTR) is exactly 12 digits (contract: UtrSchema). */
export function validateUtr(text: string): UtrProblem | null {
  const utr = normalizeUtr(text);
  if (utr === '') return 'empty';
  return /^\d{12}$/.test(utr) ? null : 'format';
}
