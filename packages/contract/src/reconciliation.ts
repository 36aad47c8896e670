import { z } from 'zod';
import { DecisionNoteSchema } from './admin';
import { pgText } from './text';

/**
 * Reconciliation (docs/payments.md, "Reconciliation against the money"): a gateway's settlement
 * file imported by an operator and matched line by line to our orders, each difference a work
 * item resolved with a reason; and the daily checks of chain balances and payout records.
 */

/** The settlement file's header row, exactly (the columns in this order). */
export const SETTLEMENT_FILE_HEADER = ['order_id', 'utr', 'amount_minor', 'status', 'paid_at'] as const;
/** The largest settlement file accepted, in bytes of text, and its most lines. */
export const SETTLEMENT_FILE_MAX_BYTES = 1_000_000;
export const SETTLEMENT_FILE_MAX_LINES = 20_000;

/** One line of a settlement file once its columns are read (paid lines carry a UTR and a time). */
export const SettlementLineSchema = z
  .strictObject({
    orderId: pgText().regex(/^dep_[A-Za-z0-9_-]{6,40}$/, 'order_id is not one of our order numbers (dep_…)'),
    utr: z.union([z.string().regex(/^\d{12}$/, 'utr is 12 digits'), z.literal('')]),
    amountMinor: z.string().regex(/^[1-9]\d{0,12}$/, 'amount_minor is a whole number of paise above 0').transform(Number),
    status: z.enum(['paid', 'failed'], { error: 'status is paid or failed' }),
    paidAt: z.union([z.iso.datetime({ offset: true, error: 'paid_at is an ISO date and time' }), z.literal('')]),
  })
  .refine((l) => l.status !== 'paid' || (l.utr !== '' && l.paidAt !== ''), { error: 'a paid line needs its utr and paid_at' });
export type SettlementLine = z.infer<typeof SettlementLineSchema>;

export const ReconImportInputSchema = z.strictObject({
  fileName: pgText().trim().min(1).max(200),
  /** The day (India time) the file settles: orders credited that day and absent from it are differences. */
  settlementDate: z.iso.date(),
  csv: pgText().min(1).max(SETTLEMENT_FILE_MAX_BYTES),
});
export type ReconImportInput = z.infer<typeof ReconImportInputSchema>;

/** What a line (or a credited order) came to. */
export const RECON_KINDS = ['matched', 'paid_not_credited', 'credited_not_in_file', 'amount_mismatch', 'status_mismatch', 'utr_mismatch', 'unknown_order'] as const;
export const ReconKindSchema = z.enum(RECON_KINDS);
export type ReconKind = z.infer<typeof ReconKindSchema>;
/** matched: nothing to do; open: a work item; credited / explained: resolved by an operator. */
export const ReconItemStateSchema = z.enum(['matched', 'open', 'credited', 'explained']);
export type ReconItemState = z.infer<typeof ReconItemStateSchema>;

export const ReconItemSchema = z
  .object({
    id: z.string(),
    importId: z.string(),
    lineNo: z.number().int().nullable().describe('The line of the file (1 is the header); null for an order the file does not name'),
    kind: ReconKindSchema,
    state: ReconItemStateSchema,
    orderId: z.string(),
    file: z.object({ utr: z.string(), amountMinor: z.number().int(), status: z.string(), paidAt: z.string() }).nullable(),
    order: z.object({ status: z.string(), amountMinor: z.number().int(), gatewayUtr: z.string().nullable() }).nullable(),
    reason: z.string().nullable(),
    resolvedBy: z.number().int().nullable(),
    resolvedAt: z.iso.datetime().nullable(),
    transferId: z.string().nullable(),
  })
  .meta({ id: 'ReconItem' });
export type ReconItem = z.infer<typeof ReconItemSchema>;

export const ReconImportSchema = z
  .object({
    id: z.string(),
    fileName: z.string(),
    sha256: z.string(),
    settlementDate: z.string(),
    lineCount: z.number().int(),
    importedBy: z.number().int().nullable(),
    importedAt: z.iso.datetime(),
    counts: z.record(z.string(), z.number().int()).describe('Items per kind'),
    duplicate: z.boolean().describe('This file (by SHA-256) was imported before: nothing changed'),
  })
  .meta({ id: 'ReconImport' });
export type ReconImport = z.infer<typeof ReconImportSchema>;

export const ReconItemsQuerySchema = z.strictObject({
  importId: pgText().regex(/^rcn_[A-Za-z0-9_-]{6,40}$/).optional(),
  state: z.enum(['open', 'all']).default('open'),
});
export type ReconItemsQuery = z.infer<typeof ReconItemsQuerySchema>;

export const ReconItemParamsSchema = z.strictObject({ itemId: pgText().regex(/^rci_[A-Za-z0-9_-]{6,40}$/) });
export const ReconResolveInputSchema = z.strictObject({
  action: z.enum(['credit', 'explain']).describe('credit: through the normal deposit credit path (paid but not credited only); explain: closed with the reason'),
  reason: DecisionNoteSchema,
});
export type ReconResolveInput = z.infer<typeof ReconResolveInputSchema>;

/** One day's run of the daily checks (job `reconciliation.daily`). */
export const ReconRunSchema = z
  .object({
    day: z.string().describe('The India date the run is recorded under'),
    ranAt: z.iso.datetime(),
    differences: z.number().int().describe('USDT deposit addresses where the chain and our records differ, plus payouts the gateway records otherwise; above 0 raised an alert'),
    result: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'ReconRun' });
export type ReconRun = z.infer<typeof ReconRunSchema>;
