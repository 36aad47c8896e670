import { API_PATHS, dataEnvelope, RuntimeConfigSchema, type RuntimeConfig } from '@colorplay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * GET /api/config: what the web app needs to know about this server before its first page, e.g.
 * whether to show the "demo: no real money" banner. Public and the same for everyone.
 */
export const runtimeConfigRoutes: FastifyPluginAsyncZod<{ runtime: RuntimeConfig }> = async (app, { runtime }) => {
  app.get(
    API_PATHS.get_runtime_config,
    {
      schema: {
        tags: ['config'],
        description: 'Public server settings the web app reads once at start (demo mode, which sandbox channels are on).',
        response: { 200: dataEnvelope(RuntimeConfigSchema) },
      },
    },
    async () => ({ data: runtime }),
  );
};
