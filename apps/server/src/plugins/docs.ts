import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * OpenAPI 3.1 generated from the zod contract of every route, served as JSON and through a
 * readable viewer. Must be registered before the routes it documents.
 */
export async function registerDocs(app: FastifyInstance): Promise<void> {
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
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  app.get('/api/docs/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: false },
  });
}
