import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';

/** At most one line a minute per node for clients' socket protocol faults. */
export const SOCKET_FAULT_LOG_INTERVAL_MS = 60_000;

/**
 * A sampler: true when a line may be written now, with how many were held back since the last
 * one. The clock is passed in, so the rule is tested without waiting.
 */
export function createLogSampler(intervalMs: number) {
  let lastAtMs = Number.NEGATIVE_INFINITY;
  let suppressed = 0;
  return (nowMs: number): { write: true; suppressedSinceLast: number } | { write: false } => {
    if (nowMs - lastAtMs < intervalMs) {
      suppressed++;
      return { write: false };
    }
    lastAtMs = nowMs;
    const held = suppressed;
    suppressed = 0;
    return { write: true, suppressedSinceLast: held };
  };
}

/**
 * The sockets' error handler (decision 403), in place of @fastify/websocket's default, which logs
 * every socket error at error level with its stack. A client's protocol fault (`ws` codes
 * `WS_ERR_*`: a message over the size cap, bad UTF-8, an unmasked frame) is the stranger's
 * problem, not the server's: `ws` has already begun closing the socket with the right code (1009
 * Message Too Big for an oversized message), so the handler leaves that handshake alone and
 * writes one info line a minute at most, with how many it held back. Anything else is still
 * an error of ours, logged and the socket terminated, as before.
 */
export function socketErrorHandler(now: () => number) {
  const sample = createLogSampler(SOCKET_FAULT_LOG_INTERVAL_MS);
  return (error: Error & { code?: string }, socket: WebSocket, request: FastifyRequest): void => {
    if (typeof error.code === 'string' && error.code.startsWith('WS_ERR_')) {
      const verdict = sample(now());
      if (verdict.write) {
        const msg = error.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' ? 'socket message too big, closed' : 'socket protocol fault, closed';
        request.log.info({ code: error.code, url: request.url, suppressedSinceLast: verdict.suppressedSinceLast }, msg);
      }
      return;
    }
    request.log.error(error);
    socket.terminate();
  };
}
