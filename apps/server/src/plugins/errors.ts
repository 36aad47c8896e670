import type { ErrorCode, ErrorResponse, FieldIssue } from '@colorplay/contract';
import { ERROR_STATUS } from '@colorplay/contract';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/db';
import { AppError } from '../errors';
import { securityHeaders } from './security-headers';

function send(reply: FastifyReply, code: ErrorCode, message: string, issues?: FieldIssue[], details?: Record<string, string | number | null>) {
  return sendBody(reply, { code, message, ...(issues ? { issues } : {}), ...(details ? { details } : {}) });
}

function sendBody(reply: FastifyReply, error: ErrorResponse['error']) {
  return reply.status(ERROR_STATUS[error.code]).type('application/json; charset=utf-8').send({ error } satisfies ErrorResponse);
}

/**
 * The error body of a failure that is not the framework's own: an AppError's code, message,
 * issues and public details; a database outage (logged as a warning); anything else a generic
 * internal error (logged with its stack), so no detail leaks. The HTTP error handler answers with
 * it, and so does a bet over the live socket (decision 570), so both paths answer alike.
 */
export function errorBodyOf(err: unknown, log: FastifyBaseLogger): ErrorResponse['error'] {
  if (err instanceof AppError) {
    return { code: err.code, message: err.message, ...(err.issues ? { issues: err.issues } : {}), ...(err.publicDetails ? { details: err.publicDetails } : {}) };
  }
  if (isDatabaseUnavailable(err)) {
    log.warn({ err }, 'database unavailable');
    return { code: 'SERVICE_UNAVAILABLE', message: 'The service is briefly unavailable; try again in a moment' };
  }
  log.error({ err }, 'unhandled error');
  return { code: 'INTERNAL', message: 'Something went wrong on our side' };
}

/** Fastify's own 4xx errors, named by their stable codes. */
const FASTIFY_CODES: Record<string, [ErrorCode, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ['MALFORMED_JSON', 'The request body is not valid JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['MALFORMED_JSON', 'The request body is empty but JSON was declared'],
  FST_ERR_CTP_BODY_TOO_LARGE: ['PAYLOAD_TOO_LARGE', 'The request body is too large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['VALIDATION_FAILED', 'The Content-Length header is wrong'],
  FST_ERR_BAD_URL: ['MALFORMED_URL', 'The URL has a bad percent-escape'],
  FST_ERR_MAX_PARAM_LENGTH: ['URL_TOO_LONG', 'A part of the URL is too long'],
};

/**
 * Every error leaves the server as `{ error: { code, message } }`. Internal failures are logged
 * with their stack and answered with a generic message so no detail leaks.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return sendBody(reply, errorBodyOf(err, request.log));
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
    const body = errorBodyOf(err, request.log);
    // The database restarted or is out of reach. The request may work when retried (the pool
    // reconnects); money requests carry an idempotency key, so a retry after a connection cut
    // during COMMIT returns the first outcome instead of doing it twice.
    if (body.code === 'SERVICE_UNAVAILABLE') reply.header('retry-after', '1');
    return sendBody(reply, body);
  });
}

/** The 404 for API paths; the SPA plugin handles everything else. */
export function sendApiNotFound(reply: FastifyReply, method: string, url: string) {
  return send(reply, 'NOT_FOUND', `No such endpoint: ${method} ${url.split('?')[0]}`);
}

/**
 * Fastify answers a URL it cannot decode (`/api/%`) or an over-long path parameter before any
 * route or hook runs, with its own body. This puts those answers in the API shape too.
 */
export function frameworkErrorHandler(production: boolean): NonNullable<FastifyServerOptions['frameworkErrors']> {
  const headers = securityHeaders(production);
  return (err: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    const [code, message] = FASTIFY_CODES[err.code] ?? ['MALFORMED_REQUEST', 'The request could not be read'];
    reply.headers(headers);
    return send(reply, code, message);
  };
}

/**
 * Node's HTTP parser rejects some requests before Fastify sees them: bad or duplicate
 * Content-Length, bad chunking, NUL in a header, headers too large, a client too slow to send
 * its request. Only the raw socket is left, so this writes a complete HTTP/1.1 answer in the API
 * shape (with the security headers) and closes the connection, whose framing is now unknown.
 */
export function clientErrorHandler(production: boolean) {
  const headerLines = Object.entries(securityHeaders(production))
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return function onClientError(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket): void {
    // A reset connection has nobody left to answer.
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const [code, message]: [ErrorCode, string] =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? ['HEADERS_TOO_LARGE', 'The request headers are too large']
        : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? ['REQUEST_TIMEOUT', 'The request took too long to arrive']
          : ['MALFORMED_REQUEST', 'The request is not valid HTTP'];
    const status = ERROR_STATUS[code];
    const body = JSON.stringify({ error: { code, message } } satisfies ErrorResponse);
    this.log.debug({ err }, 'client error');
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
          'content-type: application/json; charset=utf-8\r\n' +
          `content-length: ${Buffer.byteLength(body)}\r\n` +
          headerLines +
          'connection: close\r\n\r\n' +
          body,
      );
    }
    socket.destroy();
  };
}

/**
 * An OPTIONS request without Origin and Access-Control-Request-Method is not a CORS preflight.
 * The CORS plugin would answer it with a text/plain 400; this hook, added before that plugin,
 * answers in the API shape instead.
 */
export function refuseInvalidPreflight(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (request.method !== 'OPTIONS') return;
    if (!request.headers.origin || !request.headers['access-control-request-method']) {
      throw new AppError('PREFLIGHT_INVALID', 'OPTIONS is only answered as a CORS preflight (Origin and Access-Control-Request-Method)');
    }
  });
}
