import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';

// Pino's loggers have it; Fastify's logger type does not name it.
type LevelAware = FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };

/**
 * One log line per request, written when the response is done: method, URL, status and
 * duration, beside the request id that the request's logger already carries. Fastify's default
 * writes two ("incoming request", then "request completed"), which doubled the logging work of
 * every request for no more facts. Fastify's other lines (errors, stream errors, 404s) stay.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    // Checked first so that above info a successful request builds no log object at all.
    if (!error && (reply.log as LevelAware).isLevelEnabled?.('info') === false) return;
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 100) / 100,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}
