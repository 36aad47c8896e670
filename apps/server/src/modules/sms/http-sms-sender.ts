import type { FastifyBaseLogger } from 'fastify';
import type { HttpSmsConfig } from '../../config';
import { SmsDeliveryError, type SmsSender } from './sms-sender';

/**
 * The HTTP SMS gateway adapter (provider format in docs/sms-gateway.md): one JSON POST per
 * message carrying the DLT sender id, entity id and the message's template id, as Indian
 * operators require for transactional SMS. Transient failures (network, timeout, 429, 5xx) are
 * retried with the same `client_ref`, which the gateway uses to drop duplicates; refusals (4xx)
 * are not retried.
 */
export type HttpSmsOptions = {
  /** Waits before each retry; their count is the number of retries. */
  retryDelaysMs?: number[];
  /** A 429's Retry-After is honoured up to this wait, so a request never hangs for long. */
  maxRetryAfterMs?: number;
  sleep?: (ms: number) => Promise<void>;
};

type GatewayAnswer = { status?: unknown; message_id?: unknown; error?: { code?: unknown; message?: unknown } };

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function httpSmsSender(settings: HttpSmsConfig, log: FastifyBaseLogger, options: HttpSmsOptions = {}): SmsSender {
  const retryDelaysMs = options.retryDelaysMs ?? [300, 1200];
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 2000;
  const sleep = options.sleep ?? defaultSleep;

  async function attempt(body: string): Promise<{ done: true } | { done: false; code: string; waitMs?: number }> {
    let res: Response;
    try {
      res = await fetch(settings.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          authorization: `Bearer ${settings.apiKey}`,
        },
        body,
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
    } catch (err) {
      const timedOut = err instanceof Error && err.name === 'TimeoutError';
      return { done: false, code: timedOut ? 'TIMEOUT' : 'NETWORK_ERROR' };
    }
    const answer = (await res.json().catch(() => ({}))) as GatewayAnswer;
    // 409 `duplicate`: an earlier try with this client_ref was accepted, so the message is on its way.
    if (res.ok || (res.status === 409 && answer.status === 'duplicate')) return { done: true };
    const code = typeof answer.error?.code === 'string' ? answer.error.code : `HTTP_${res.status}`;
    if (res.status === 429 || res.status >= 500) {
      const retryAfterS = Number(res.headers.get('retry-after'));
      return { done: false, code, ...(Number.isFinite(retryAfterS) && retryAfterS > 0 ? { waitMs: retryAfterS * 1000 } : {}) };
    }
    const detail = typeof answer.error?.message === 'string' ? answer.error.message : res.statusText;
    throw new SmsDeliveryError('rejected', code, `SMS gateway refused the message: ${code} ${detail}`);
  }

  return {
    kind: 'provider',
    async send(phone, message, reference) {
      const body = JSON.stringify({
        sender: settings.senderId,
        route: 'transactional',
        dlt_entity_id: settings.entityId,
        dlt_template_id: settings.templateIds[message.template],
        recipient: `91${phone}`,
        message: message.body,
        client_ref: reference,
      });
      let lastCode = 'UNKNOWN';
      for (let tryNo = 0; tryNo <= retryDelaysMs.length; tryNo++) {
        const outcome = await attempt(body);
        if (outcome.done) return;
        lastCode = outcome.code;
        if (tryNo === retryDelaysMs.length) break;
        log.warn({ code: outcome.code, try: tryNo + 1 }, 'SMS gateway failed; retrying');
        await sleep(Math.max(retryDelaysMs[tryNo]!, Math.min(outcome.waitMs ?? 0, maxRetryAfterMs)));
      }
      throw new SmsDeliveryError('unavailable', lastCode, `SMS gateway unavailable: ${lastCode}`);
    },
  };
}
