/**
 * The deposit order statuses and channels as plain constants, with no zod, so the web app can
 * list them (history filters) without pulling the schemas into its pages
 * (`@colorplay/contract/deposit-states`). The schemas in wallet.ts are built from these.
 */
export const DEPOSIT_STATUSES = [
  'created',
  'pending_payment',
  'utr_submitted',
  'succeeded',
  'failed',
  'cancelled',
  'expired',
] as const;

export const DEPOSIT_CHANNELS = ['upi', 'usdt'] as const;
