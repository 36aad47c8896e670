import { vi } from 'vitest';

/**
 * Test helper (imported only by tests): a fetch stub that answers API endpoints from handlers
 * and records every call, so tests can check what a page sent.
 */

export interface RecordedCall {
  method: string;
  path: string;
  url: URL;
  body: unknown;
}

type Handler = (call: RecordedCall) => { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Installs a fetch stub; `handlers` are keyed "METHOD /path" (no query). Unknown calls answer 404. */
export function stubApi(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { method, path: url.pathname, url, body };
    calls.push(call);
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) return jsonResponse(404, { error: { code: 'NOT_FOUND', message: `no handler for ${method} ${url.pathname}` } });
    const { status = 200, body: answer } = await handler(call);
    return jsonResponse(status, answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path) };
}
