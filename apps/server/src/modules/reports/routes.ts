import {
  ErrorResponseSchema,
  LAZY_API_PATHS,
  LiabilitiesSchema,
  PlayerPnlQuerySchema,
  PlayerPnlSchema,
  ReportCsvQuerySchema,
  ReportRangeSchema,
  ReportSummarySchema,
  dataEnvelope,
} from '@colorplay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consoleGuard, originOf, type AdminService } from '../admin';
import type { ReportsService } from './service';

export type ReportRoutesOptions = {
  reports: ReportsService;
  /** The console's sessions, permission table and audit log. */
  admin: Pick<AdminService, 'authenticate' | 'authorize' | 'record'>;
};

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };
const doc = { tags: ['admin'] };

/**
 * The console's reports (docs/admin.md, "Reports"): finance and admin operators only
 * ('reports.read'); support gets 403. Reads only; a CSV export is written to the audit log, as
 * the audit log's own export is.
 */
export const reportRoutes: FastifyPluginAsyncZod<ReportRoutesOptions> = async (app, { reports, admin }) => {
  const guard = consoleGuard(admin);

  app.get(
    LAZY_API_PATHS.admin_reports,
    { ...guard('reports.read'), schema: { ...doc, description: 'The figures of a range of IST days, from the ledger.', querystring: ReportRangeSchema, response: { 200: dataEnvelope(ReportSummarySchema), ...errors } } },
    async (request) => ({ data: await reports.summary(request.query) }),
  );

  app.get(
    LAZY_API_PATHS.admin_reports_players,
    { ...guard('reports.read'), schema: { ...doc, description: 'Player P&L over a range of IST days.', querystring: PlayerPnlQuerySchema, response: { 200: dataEnvelope(z.object({ items: z.array(PlayerPnlSchema) })), ...errors } } },
    async (request) => ({ data: { items: await reports.players(request.query) } }),
  );

  app.get(
    LAZY_API_PATHS.admin_reports_liabilities,
    { ...guard('reports.read'), schema: { ...doc, description: 'What the house owes players against what it holds, now.', response: { 200: dataEnvelope(LiabilitiesSchema), ...errors } } },
    async () => ({ data: await reports.liabilities() }),
  );

  app.get(
    LAZY_API_PATHS.admin_reports_csv,
    { ...guard('reports.read'), schema: { ...doc, description: "One report's table as CSV.", querystring: ReportCsvQuerySchema } },
    async (request, reply) => {
      const { report, from, to } = request.query;
      const csv = await reports.csv(report, { from, to });
      await admin.record(request.operator, 'reports.export', `report:${report}`, originOf(request), { after: { report, from, to } });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${report}-${from}-${to}.csv"`)
        .send(csv);
    },
  );
};
