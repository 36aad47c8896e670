import {
  LAZY_API_PATHS,
  dataEnvelope,
  ErrorResponseSchema,
  ReconImportInputSchema,
  ReconImportSchema,
  ReconItemParamsSchema,
  ReconItemSchema,
  ReconItemsQuerySchema,
  ReconResolveInputSchema,
  ReconRunSchema,
  SETTLEMENT_FILE_MAX_BYTES,
} from '@colorplay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consoleGuard, originOf, type AdminService } from '../admin';
import type { ReconciliationService } from './service';

export type ReconciliationRoutesOptions = {
  reconciliation: ReconciliationService;
  /** The console's sessions and permission table: these are console routes (docs/admin.md). */
  admin: Pick<AdminService, 'authenticate' | 'authorize'>;
};

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema, 413: ErrorResponseSchema };
const doc = { tags: ['admin'] };

/**
 * The console's reconciliation page: import a settlement file (a JSON body with the file's text,
 * up to 1 MB; decision 415), list imports and work items, resolve an item. Same cookie session,
 * CSRF header and permission table as every console route.
 */
export const reconciliationRoutes: FastifyPluginAsyncZod<ReconciliationRoutesOptions> = async (app, { reconciliation, admin }) => {
  const guard = consoleGuard(admin);

  app.post(
    LAZY_API_PATHS.admin_recon_imports,
    {
      ...guard('reconciliation.manage'),
      // The file's text, JSON-escaped, plus the other fields: room for a file at its largest.
      bodyLimit: SETTLEMENT_FILE_MAX_BYTES * 2 + 16_384,
      schema: {
        ...doc,
        description: 'Imports a settlement file (docs/payments.md). A malformed file is refused whole (SETTLEMENT_FILE_INVALID, one issue per bad line); the same file again answers the first import with duplicate: true.',
        body: ReconImportInputSchema,
        response: { 200: dataEnvelope(ReconImportSchema), ...errors },
      },
    },
    async (request) => ({ data: await reconciliation.importFile(request.body, request.operator, originOf(request)) }),
  );

  app.get(
    LAZY_API_PATHS.admin_recon_imports,
    { ...guard('reconciliation.read'), schema: { ...doc, response: { 200: dataEnvelope(z.object({ items: z.array(ReconImportSchema) })), ...errors } } },
    async () => ({ data: { items: await reconciliation.imports() } }),
  );

  app.get(
    LAZY_API_PATHS.admin_recon_items,
    { ...guard('reconciliation.read'), schema: { ...doc, querystring: ReconItemsQuerySchema, response: { 200: dataEnvelope(z.object({ items: z.array(ReconItemSchema) })), ...errors } } },
    async (request) => ({ data: { items: await reconciliation.items(request.query) } }),
  );

  app.get(
    LAZY_API_PATHS.admin_recon_runs,
    { ...guard('reconciliation.read'), schema: { ...doc, response: { 200: dataEnvelope(z.object({ items: z.array(ReconRunSchema) })), ...errors } } },
    async () => ({ data: { items: await reconciliation.runs() } }),
  );

  app.post(
    LAZY_API_PATHS.admin_recon_resolve,
    {
      ...guard('reconciliation.manage'),
      schema: { ...doc, params: ReconItemParamsSchema, body: ReconResolveInputSchema, response: { 200: dataEnvelope(ReconItemSchema), ...errors } },
    },
    async (request) => ({ data: await reconciliation.resolve(request.params.itemId, request.body, request.operator, originOf(request)) }),
  );
};
