import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiRequest } from './api-client';
import { CLOCK_SAMPLE_TTL_MS, noteServerDate, serverNow, serverOffsetMs, useServerNow } from './server-clock';

describe('server clock', () => {
  it('is the device clock until the server has answered', () => {
    expect(serverOffsetMs()).toBe(0);
  });

  it('takes the offset from a Date header, at the middle of the round trip and of the header’s second', () => {
    const sent = Date.parse('2026-01-15T10:00:00.000Z');
    // The server says 10:02:00 (so 10:02:00.000 to .999); the answer took 200 ms.
    noteServerDate('Thu, 15 Jan 2026 10:02:00 GMT', sent, sent + 200);
    expect(serverOffsetMs()).toBe(2 * 60_000 + 500 - 100);
  });

  it('prefers the sample of the shortest round trip, until it is old', () => {
    const t0 = Date.parse('2026-01-15T10:00:00.000Z');
    noteServerDate('Thu, 15 Jan 2026 10:00:10 GMT', t0, t0 + 40);
    const precise = serverOffsetMs();
    noteServerDate('Thu, 15 Jan 2026 10:00:20 GMT', t0 + 1000, t0 + 3000);
    expect(serverOffsetMs()).toBe(precise);
    const later = t0 + CLOCK_SAMPLE_TTL_MS + 1;
    noteServerDate('Thu, 15 Jan 2026 10:10:00 GMT', later, later + 3000);
    expect(serverOffsetMs()).not.toBe(precise);
  });

  it('ignores an answer without a readable Date', () => {
    noteServerDate(null, 0, 10);
    noteServerDate('not a date', 0, 10);
    expect(serverOffsetMs()).toBe(0);
  });

  it('is kept fresh by every API answer', async () => {
    const serverTime = Date.now() + 90_000;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"data":1}', { status: 200, headers: { 'Content-Type': 'application/json', Date: new Date(serverTime).toUTCString() } })),
    );
    await apiRequest('/api/anything', { baseUrl: 'http://api.test' });
    // Within the header's one-second resolution of the server's time.
    expect(Math.abs(serverNow() - serverTime)).toBeLessThan(1500);
  });

  it('gives components the server time, ticking', () => {
    vi.useFakeTimers({ now: Date.parse('2026-01-15T10:00:00.000Z') });
    noteServerDate('Thu, 15 Jan 2026 10:05:00 GMT', Date.now(), Date.now());
    const { result } = renderHook(() => useServerNow(1000));
    expect(result.current).toBe(Date.parse('2026-01-15T10:05:00.500Z'));
    act(() => vi.advanceTimersByTime(3000));
    expect(result.current).toBe(Date.parse('2026-01-15T10:05:03.500Z'));
  });
});
