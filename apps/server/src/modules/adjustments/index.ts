/**
 * Balance adjustments' public face (decision 421): an operator's credit or debit with a reason
 * code, a ledger transfer of kind `adjustment`, with a second independent approver from a set amount.
 */
export { createAdjustmentsService, type AdjustmentsDeps, type AdjustmentsService } from './service';
