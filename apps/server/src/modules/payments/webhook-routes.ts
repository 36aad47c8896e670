import { dataEnvelope, ErrorResponseSchema, UpiWebhookEventSchema } from '@colorplay/contract';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { DepositsService } from '../deposits/deposits-service';
import { SIGNATURE_HEADER, verifyWebhookSignature } from './webhook-signature';

export const UPI_WEBHOOK_PATH = '/api/payments/upi/webhook';

/**
 * The gateway's signed webhook. The signature covers the exact bytes received, so this plugin
 * parses JSON itself from the raw body (encapsulated: other routes keep Fastify's parser).
 */
export const upiWebhookRoutes: FastifyPluginAsync<{ deposits: DepositsService; secret: string; clock: Clock }> = async (
  app,
  { deposits, secret, clock },
) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  app.post(
    UPI_WEBHOOK_PATH,
    {
      schema: {
        tags: ['payments'],
        description: `Payment gateway webhook. Header ${SIGNATURE_HEADER}: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">; 5-minute window; redeliveries are recognised by eventId.`,
        response: {
          200: dataEnvelope(z.object({ outcome: z.enum(['applied', 'duplicate', 'ignored']) })),
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const verdict = verifyWebhookSignature(secret, request.headers[SIGNATURE_HEADER] as string | undefined, raw, clock.now());
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
      const parsed = UpiWebhookEventSchema.safeParse(json);
      if (!parsed.success) {
        throw new AppError(
          'VALIDATION_FAILED',
          'The webhook event is not valid',
          parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
        );
      }
      return { data: await deposits.handleGatewayEvent(parsed.data) };
    },
  );
};
