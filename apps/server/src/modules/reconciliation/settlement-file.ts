import {
  SETTLEMENT_FILE_HEADER,
  SETTLEMENT_FILE_MAX_LINES,
  SettlementLineSchema,
  type FieldIssue,
  type ReconKind,
  type SettlementLine,
} from '@colorplay/contract';

/**
 * The settlement file's rules, pure: reading the CSV (strictly, refusing a bad file whole with
 * the line of each problem), and matching one line to the order it names (docs/payments.md,
 * "Settlement file"). No I/O and no clock.
 */

/** A line of the file as read, with its line number (the header is line 1). */
export type NumberedLine = SettlementLine & { lineNo: number };

/** What matching needs of our order. */
export type OrderFacts = { status: string; amountMinor: number; gatewayUtr: string | null };

/**
 * Reads a settlement file: the exact header, then one line per payment with the five columns.
 * The columns never need quoting (ids, digits, a word, an ISO time), so a quote, a missing or an
 * extra column is an error of that line rather than something to guess at. An order or a UTR
 * named twice is refused too: the file would say two things about one payment.
 */
export function parseSettlementFile(csv: string): { lines: NumberedLine[] } | { issues: FieldIssue[] } {
  const rows = csv.replace(/\r\n/g, '\n').split('\n');
  // One final newline is usual; an empty line elsewhere is an error of that line.
  if (rows.at(-1) === '') rows.pop();
  const issues: FieldIssue[] = [];
  const problem = (lineNo: number, message: string) => {
    // A wholly bad file says what is wrong with its first lines, not with every one of 20,000.
    if (issues.length < 50) issues.push({ path: `line ${lineNo}`, message });
  };
  if (rows[0]?.replace(/^\uFEFF/, '') !== SETTLEMENT_FILE_HEADER.join(',')) {
    return { issues: [{ path: 'line 1', message: `The first line must be the header ${SETTLEMENT_FILE_HEADER.join(',')}` }] };
  }
  if (rows.length - 1 > SETTLEMENT_FILE_MAX_LINES) {
    return { issues: [{ path: 'csv', message: `At most ${SETTLEMENT_FILE_MAX_LINES} lines in one file` }] };
  }
  const lines: NumberedLine[] = [];
  const orders = new Map<string, number>();
  const utrs = new Map<string, number>();
  rows.slice(1).forEach((row, i) => {
    const lineNo = i + 2;
    const cells = row.split(',');
    if (cells.length !== SETTLEMENT_FILE_HEADER.length) {
      problem(lineNo, `Expected ${SETTLEMENT_FILE_HEADER.length} columns, found ${cells.length}`);
      return;
    }
    const [orderId, utr, amountMinor, status, paidAt] = cells as [string, string, string, string, string];
    const parsed = SettlementLineSchema.safeParse({ orderId, utr, amountMinor, status, paidAt });
    if (!parsed.success) {
      problem(lineNo, parsed.error.issues.map((x) => x.message).join('; '));
      return;
    }
    const line = parsed.data;
    const seen = orders.get(line.orderId);
    if (seen !== undefined) return problem(lineNo, `order ${line.orderId} is already on line ${seen}`);
    orders.set(line.orderId, lineNo);
    if (line.utr !== '') {
      const utrSeen = utrs.get(line.utr);
      if (utrSeen !== undefined) return problem(lineNo, `utr ${line.utr} is already on line ${utrSeen}`);
      utrs.set(line.utr, lineNo);
    }
    lines.push({ ...line, lineNo });
  });
  return issues.length > 0 ? { issues } : { lines };
}

/**
 * What one line of the file comes to against our order (undefined: no such order of ours).
 * A paid line: the order credited with the same amount and UTR is matched; not credited is
 * `paid_not_credited`; another amount is `amount_mismatch`; credited under another UTR is
 * `utr_mismatch`. A failed line: matched while the order is unpaid, `status_mismatch` when we
 * credited it.
 */
export function matchLine(line: Pick<SettlementLine, 'status' | 'amountMinor' | 'utr'>, order: OrderFacts | undefined): ReconKind {
  if (!order) return 'unknown_order';
  const credited = order.status === 'succeeded';
  if (line.status === 'failed') return credited ? 'status_mismatch' : 'matched';
  if (line.amountMinor !== order.amountMinor) return 'amount_mismatch';
  if (!credited) return 'paid_not_credited';
  return order.gatewayUtr !== null && order.gatewayUtr !== line.utr ? 'utr_mismatch' : 'matched';
}

/** India's settlement day `YYYY-MM-DD` as the instants [from, to) (IST is UTC+05:30, no DST). */
export function istDayWindow(date: string): { from: Date; to: Date } {
  const from = new Date(`${date}T00:00:00+05:30`);
  return { from, to: new Date(from.getTime() + 24 * 3600_000) };
}

/** The India (IST) date of an instant, `YYYY-MM-DD`: the day a daily run is recorded under. */
export function istDate(at: Date): string {
  return new Date(at.getTime() + 5.5 * 3600_000).toISOString().slice(0, 10);
}
