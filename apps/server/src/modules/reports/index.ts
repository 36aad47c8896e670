/**
 * modules/reports: the business's figures for the console (docs/admin.md, "Reports"; decision
 * 410): a job folds ledger entries into daily tables, and reports read them with the entries past
 * the fold live, so every figure is a sum of ledger entries. Its only public face.
 */
export { createReportsService, DEFAULT_REPORTS_SETTINGS, type ReportsDeps, type ReportsService, type ReportsSettings } from './service';
export { reportRoutes, type ReportRoutesOptions } from './routes';
export { OWNED_TABLES } from './tables';
/** India days, for modules that sum by day as the reports do (home's figures, decision 518). */
export { addDays, istDayOf, istDayStart } from './rules';
