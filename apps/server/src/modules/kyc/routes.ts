import { API_PATHS, dataEnvelope, ErrorResponseSchema, KycStatusSchema, KycSubmitInputSchema } from '@colorplay/contract';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { KycService } from './types';

export type KycRoutesOptions = {
  kyc: KycService;
  requireAuth: preHandlerAsyncHookHandler;
  /** The largest document accepted: the submit route's body limit follows from it. */
  maxDocumentBytes: number;
};

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 409: ErrorResponseSchema, 413: ErrorResponseSchema };

/** The player's KYC status and submission (operators decide through the KYC service). */
export const kycRoutes: FastifyPluginAsyncZod<KycRoutesOptions> = async (app, { kyc, requireAuth, maxDocumentBytes }) => {
  const doc = { tags: ['kyc'], security: [{ bearer: [] }] };
  app.get(
    API_PATHS.kyc_status,
    { preHandler: requireAuth, schema: { ...doc, response: { 200: dataEnvelope(KycStatusSchema), ...errors } } },
    async (request) => ({ data: await kyc.status(request.auth.playerId) }),
  );
  app.post(
    API_PATHS.kyc_submit,
    {
      preHandler: requireAuth,
      // Base64 is a third larger than the file; a little more for the other fields. A larger
      // body is refused by Fastify before it is read (PAYLOAD_TOO_LARGE).
      bodyLimit: Math.ceil(maxDocumentBytes / 3) * 4 + 16_384,
      schema: {
        ...doc,
        description: 'Submits name, date of birth, PAN and one document (JPEG, PNG or PDF, base64). Status becomes pending.',
        body: KycSubmitInputSchema,
        response: { 200: dataEnvelope(KycStatusSchema), ...errors },
      },
    },
    async (request) => ({ data: await kyc.submit(request.auth.playerId, request.body) }),
  );
};
