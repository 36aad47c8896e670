import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { signInForTests } from '../test/render';
import { useAuthedResource } from './use-authed-resource';

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('useAuthedResource', () => {
  it('loads with the bearer token, then reloads on demand keeping the old data meanwhile', async () => {
    signInForTests('tok-1');
    let n = 0;
    const fetchMock = vi.fn(() => Promise.resolve(jsonResponse(200, { data: { n: ++n } })));
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useAuthedResource<{ data: { n: number } }>('/api/wallet/balance'));
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.data?.data.n).toBe(1));
    expect(result.current.loading).toBe(false);
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-1');

    act(() => result.current.reload());
    expect(result.current.loading).toBe(true);
    expect(result.current.data?.data.n).toBe(1);
    await waitFor(() => expect(result.current.data?.data.n).toBe(2));
  });

  it('reports a failure as an ApiError with the server code', async () => {
    signInForTests();
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'no such deposit' } }))));
    const { result } = renderHook(() => useAuthedResource('/api/wallet/get-deposits?id=x'));
    await waitFor(() => expect(result.current.error?.code).toBe('NOT_FOUND'));
    expect(result.current.loading).toBe(false);
  });

  it('loads nothing for a null path', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useAuthedResource(null));
    expect(result.current.loading).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
