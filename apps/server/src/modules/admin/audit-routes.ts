import { LAZY_API_PATHS, AuditPageSchema, AuditQuerySchema, dataEnvelope, OperatorAlertSchema } from '@colorplay/contract';
import { z } from 'zod';
import { doc, errors, originOf, type AdminRouteKit } from './route-kit';

/** The audit log (page and CSV export) and the alerts list. */
export function auditRoutes({ app, admin, guard }: AdminRouteKit): void {
  app.get(
    LAZY_API_PATHS.admin_audit,
    { ...guard('audit.read'), schema: { ...doc, querystring: AuditQuerySchema, response: { 200: dataEnvelope(AuditPageSchema), ...errors } } },
    async (request) => ({ data: await admin.auditPage(request.query) }),
  );

  app.get(
    LAZY_API_PATHS.admin_audit_csv,
    { ...guard('audit.export'), schema: { ...doc, description: 'The filtered audit log as CSV (formula cells neutralised).', querystring: AuditQuerySchema } },
    async (request, reply) => {
      const { limit: _limit, before: _before, ...filters } = request.query;
      const csv = await admin.auditCsv(filters, request.operator, originOf(request));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-${new Date().toISOString().slice(0, 10)}.csv"`)
        .send(csv);
    },
  );

  app.get(
    LAZY_API_PATHS.admin_alerts,
    { ...guard('alerts.read'), schema: { ...doc, response: { 200: dataEnvelope(z.object({ items: z.array(OperatorAlertSchema) })), ...errors } } },
    async () => ({ data: { items: await admin.alerts() } }),
  );
}
