import { SERVER_PATHS } from '@colorplay/contract';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * OpenAPI 3.1 generated from the zod contract of every route, served as JSON and through a
 * readable viewer. Must be registered before the routes it documents. With `serve` false (the
 * production default) the document is still built, for tools, but no /api/docs route exists.
 */
export async function registerDocs(app: FastifyInstance, { serve }: { serve: boolean }): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Colorplay API',
        version: '0.1.0',
        description:
          'Player API. Amounts are integers in minor units (paise for INR). Every error is ' +
          '`{ "error": { "code", "message" } }` with a stable code.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          // The operator console's session cookie (modules/admin).
          adminSession: { type: 'apiKey', in: 'cookie', name: 'cp_admin' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  if (!serve) return;
  app.get(SERVER_PATHS.openapi_json, { schema: { hide: true } }, async () => app.swagger());
  await app.register(fastifySwaggerUi, {
    routePrefix: SERVER_PATHS.api_docs,
    uiConfig: { docExpansion: 'list', deepLinking: false },
    // The viewer needs its own inline bootstrap; the plugin hashes it into a CSP for its pages.
    // Ours is stricter about framing, and plain http must keep working locally.
    staticCSP: true,
    transformStaticCSP: (header) =>
      header.replace("frame-ancestors 'self'", "frame-ancestors 'none'").replace(/\s*upgrade-insecure-requests;/, ''),
  });
}
