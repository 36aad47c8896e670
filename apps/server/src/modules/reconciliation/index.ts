/**
 * modules/reconciliation: the ledger against the money outside it (docs/payments.md,
 * "Reconciliation against the money"): gateway settlement files matched to orders, each
 * difference an audited work item. Its only public face.
 */
export { createReconciliationService, type ReconciliationDeps, type ReconciliationService } from './service';
export { reconciliationRoutes, type ReconciliationRoutesOptions } from './routes';
export { OWNED_TABLES } from './tables';
