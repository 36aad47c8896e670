import type { ErrorCode, ErrorResponse, FieldIssue } from '@colorplay/contract';
import { ERROR_STATUS } from '@colorplay/contract';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors';

function send(reply: FastifyReply, code: ErrorCode, message: string, issues?: FieldIssue[]) {
  const body: ErrorResponse = { error: { code, message, ...(issues ? { issues } : {}) } };
  return reply.status(ERROR_STATUS[code]).type('application/json; charset=utf-8').send(body);
}

/** Fastify's own 4xx errors, named by their stable codes. */
const FASTIFY_CODES: Record<string, [ErrorCode, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ['MALFORMED_JSON', 'The request body is not valid JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['MALFORMED_JSON', 'The request body is empty but JSON was declared'],
  FST_ERR_CTP_BODY_TOO_LARGE: ['PAYLOAD_TOO_LARGE', 'The request body is too large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['VALIDATION_FAILED', 'The Content-Length header is wrong'],
};

/**
 * Every error leaves the server as `{ error: { code, message } }`. Internal failures are logged
 * with their stack and answered with a generic message so no detail leaks.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return send(reply, err.code, err.message, err.issues);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        path: [err.validationContext, ...v.instancePath.split('/').filter(Boolean)]
          .filter((p) => p && p !== 'body')
          .join('.'),
        message: v.message ?? 'is invalid',
      }));
      return send(reply, 'VALIDATION_FAILED', 'The request is not valid', issues);
    }
    const known = err.code ? FASTIFY_CODES[err.code] : undefined;
    if (known) return send(reply, known[0], known[1]);
    if (err.statusCode === 429) {
      return send(reply, 'RATE_LIMITED', 'Too many requests, try again later');
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      request.log.info({ err }, 'client error');
      return send(reply, err.statusCode === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED', err.message);
    }
    request.log.error({ err }, 'unhandled error');
    return send(reply, 'INTERNAL', 'Something went wrong on our side');
  });
}

/** The 404 for API paths; the SPA plugin handles everything else. */
export function sendApiNotFound(reply: FastifyReply, method: string, url: string) {
  return send(reply, 'NOT_FOUND', `No such endpoint: ${method} ${url.split('?')[0]}`);
}
