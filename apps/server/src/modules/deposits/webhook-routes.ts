import { dataEnvelope, ErrorResponseSchema, SERVER_PATHS } from '@colorplay/contract';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { UpiGateway } from '../payments';
import type { DepositsService } from './service';

/**
 * The gateway's signed webhook, which applies notices to orders (so it lives with deposits). The
 * configured adapter (payments) knows its provider's signature scheme and
 * body format. The signature covers the exact bytes received, so this plugin parses JSON itself
 * from the raw body (encapsulated: other routes keep Fastify's parser).
 */
export const upiWebhookRoutes: FastifyPluginAsync<{ deposits: DepositsService; gateway: UpiGateway; clock: Clock }> = async (
  app,
  { deposits, gateway, clock },
) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  app.post(
    SERVER_PATHS.upi_webhook,
    {
      schema: {
        tags: ['payments'],
        description: `Payment gateway webhook (${gateway.name}). ${gateway.webhook.description} A notice for a payment no order carries yet is kept (outcome "parked") and applied when the order appears.`,
        response: {
          200: dataEnvelope(z.object({ outcome: z.enum(['applied', 'duplicate', 'ignored', 'parked']) })),
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const verdict = gateway.webhook.verify(request.headers, raw, clock.now());
      if (verdict !== 'ok') {
        request.log.warn({ verdict }, 'webhook refused');
        throw new AppError('WEBHOOK_SIGNATURE_INVALID', `Webhook signature ${verdict}`);
      }
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        throw new AppError('MALFORMED_JSON', 'The request body is not valid JSON');
      }
      const parsed = gateway.webhook.parse(json);
      if (!parsed.ok) throw new AppError('VALIDATION_FAILED', 'The webhook event is not valid', parsed.issues);
      if (parsed.notice === null) return { data: { outcome: 'ignored' as const } };
      return { data: await deposits.handleGatewayEvent(parsed.notice) };
    },
  );
};
