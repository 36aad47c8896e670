import { describe, expect, it, vi } from 'vitest';
import { api, ApiError, apiRequest } from './api-client';

const BASE = 'http://api.test';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** A fetch that never answers on its own; it rejects only when its signal aborts, like the real one. */
function hangingFetch() {
  return vi.fn((_url: string, init: RequestInit) => {
    return new Promise<Response>((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
    });
  });
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('apiRequest', () => {
  it('sends JSON with credentials and a bearer token, and parses the JSON answer', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => jsonResponse(200, { data: { avatar: 7 } }));
    vi.stubGlobal('fetch', fetchMock);

    const result = await api.post<{ data: { avatar: number } }>('/api/update-user-info', { avatar: 7 }, { token: 'tok', baseUrl: BASE });

    expect(result).toEqual({ data: { avatar: 7 } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('http://api.test/api/update-user-info');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"avatar":7}');
    expect(init.headers).toEqual({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      Authorization: 'Bearer tok',
    });
  });

  it('sends no body, content type or authorization when there are none', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => jsonResponse(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);

    await api.get('/api/wallet/balance', { baseUrl: BASE });

    const init = fetchMock.mock.calls[0]![1];
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(init.headers).toEqual({ Accept: 'application/json' });
  });

  it('uses the spec’s API base by default', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => jsonResponse(200, {}));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/api/login');
    // jsdom runs on http://localhost:3000, so the rule picks the development API.
    expect(fetchMock.mock.calls[0]![0]).toBe('http://localhost:3002/api/login');
  });

  it('resolves undefined for an empty answer', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 204 })));
    await expect(apiRequest('/api/x', { baseUrl: BASE })).resolves.toBeUndefined();
  });

  it('turns the contract error shape into an ApiError with code, status and issues', async () => {
    const body = {
      error: { code: 'VALIDATION_FAILED', message: 'avatar must be 1 to 20', issues: [{ path: 'avatar', message: 'too big' }] },
    };
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(400, body)));

    const error = await failure(api.post('/api/update-user-info', { avatar: 99 }, { baseUrl: BASE }));

    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toBe('avatar must be 1 to 20');
    expect(error.status).toBe(400);
    expect(error.issues).toEqual([{ path: 'avatar', message: 'too big' }]);
  });

  it('keeps the status of a 401 so callers can log the player out', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(401, { error: { code: 'UNAUTHORIZED', message: 'expired' } })));
    const error = await failure(api.post('/api/refresh-token', undefined, { baseUrl: BASE }));
    expect(error).toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
  });

  it('reads Retry-After of a 429 in seconds', async () => {
    const limited = () =>
      new Response(JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'Too many attempts.' } }), {
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '754' },
      });
    vi.stubGlobal('fetch', vi.fn(async () => limited()));
    expect(await failure(api.post('/api/login', {}, { baseUrl: BASE }))).toMatchObject({ code: 'RATE_LIMITED', status: 429, retryAfterSeconds: 754 });
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(429, { error: { code: 'RATE_LIMITED', message: 'x' } })));
    expect((await failure(api.post('/api/login', {}, { baseUrl: BASE }))).retryAfterSeconds).toBeUndefined();
  });

  it('reports an error answer without the contract shape as UNEXPECTED_RESPONSE', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(502, { message: 'bad gateway' })));
    expect(await failure(apiRequest('/api/x', { baseUrl: BASE }))).toMatchObject({ code: 'UNEXPECTED_RESPONSE', status: 502 });

    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(500, { error: { code: 'NOT_A_CODE', message: 'x' } })));
    expect(await failure(apiRequest('/api/x', { baseUrl: BASE }))).toMatchObject({ code: 'UNEXPECTED_RESPONSE', status: 500 });
  });

  it('reports a body that is not JSON as UNEXPECTED_RESPONSE', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>proxy error</html>', { status: 502 })));
    expect(await failure(apiRequest('/api/x', { baseUrl: BASE }))).toMatchObject({ code: 'UNEXPECTED_RESPONSE', status: 502 });
  });

  it('reports a network failure as NETWORK with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const error = await failure(apiRequest('/api/x', { baseUrl: BASE }));
    expect(error).toMatchObject({ code: 'NETWORK', status: 0 });
    expect(error.message).toContain('Failed to fetch');
  });

  it('times out after 20 000 ms by default', async () => {
    vi.useFakeTimers();
    const fetchMock = hangingFetch();
    vi.stubGlobal('fetch', fetchMock);

    const pending = failure(apiRequest('/api/x', { baseUrl: BASE }));
    await vi.advanceTimersByTimeAsync(19_999);
    expect(fetchMock.mock.calls[0]![1].signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);

    expect(await pending).toMatchObject({ code: 'TIMEOUT', status: 0 });
  });

  it('takes a per-call timeout', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', hangingFetch());
    const pending = failure(apiRequest('/api/x', { baseUrl: BASE, timeoutMs: 500 }));
    await vi.advanceTimersByTimeAsync(500);
    expect(await pending).toMatchObject({ code: 'TIMEOUT' });
  });

  it('times out a server that sends headers and then stalls the body', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const body = new ReadableStream({
          start(controller) {
            init.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
          },
        });
        return new Response(body, { status: 200 });
      }),
    );
    const pending = failure(apiRequest('/api/x', { baseUrl: BASE, timeoutMs: 1000 }));
    await vi.advanceTimersByTimeAsync(1000);
    expect(await pending).toMatchObject({ code: 'TIMEOUT' });
  });

  it('reports a cancel by the caller as ABORTED', async () => {
    vi.stubGlobal('fetch', hangingFetch());
    const controller = new AbortController();
    const pending = failure(apiRequest('/api/x', { baseUrl: BASE, signal: controller.signal }));
    controller.abort();
    expect(await pending).toMatchObject({ code: 'ABORTED', status: 0 });
  });

  it('clears its timer once answered', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, { ok: true })));
    await apiRequest('/api/x', { baseUrl: BASE });
    expect(vi.getTimerCount()).toBe(0);
  });
});
