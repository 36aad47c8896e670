import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiRequest } from './api-client';
import { CLOCK_SAMPLE_TTL_MS, noteServerDate, serverNow, serverOffsetMs, useServerNow, useServerTimeValue } from './server-clock';

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

  it('renders a value of the server time only when it changes, checked at every interval', () => {
    vi.useFakeTimers({ now: Date.parse('2026-01-15T10:00:00.000Z') });
    noteServerDate('Thu, 15 Jan 2026 10:05:00 GMT', Date.now(), Date.now());
    const drawsAtMs = Date.parse('2026-01-15T10:05:10.000Z');
    let renders = 0;
    const { result, rerender } = renderHook(
      ({ target }) => {
        renders += 1;
        return useServerTimeValue((nowMs) => ({ secondsLeft: Math.ceil((target - nowMs) / 1000) }), (a, b) => a.secondsLeft === b.secondsLeft, 250);
      },
      { initialProps: { target: drawsAtMs } },
    );
    // Server time 10:05:00.500: 9.5 s to go.
    expect(result.current.secondsLeft).toBe(10);
    expect(renders).toBe(1);
    // Checked 4 times a second: the whole second turns over within 250 ms, once a second.
    act(() => vi.advanceTimersByTime(250));
    expect(result.current.secondsLeft).toBe(10);
    act(() => vi.advanceTimersByTime(250));
    expect(result.current.secondsLeft).toBe(9);
    expect(renders).toBe(2);
    for (let tick = 0; tick < 12; tick++) act(() => vi.advanceTimersByTime(250));
    expect(result.current.secondsLeft).toBe(6);
    // One render for each of 10, 9, 8, 7, 6 (14 checks).
    expect(renders).toBe(5);
    // A new input shows at once, from the current time.
    rerender({ target: drawsAtMs + 60_000 });
    expect(result.current.secondsLeft).toBe(66);
    // A new offset too: the server's clock has jumped 3 s ahead (a sample taken after the old one aged out).
    const later = Date.now() + CLOCK_SAMPLE_TTL_MS;
    act(() => noteServerDate(new Date(later + serverOffsetMs() + 3_000).toUTCString(), later, later));
    expect(result.current.secondsLeft).toBe(Math.ceil((drawsAtMs + 60_000 - serverNow()) / 1000));
    expect(result.current.secondsLeft).toBeLessThan(64);
  });
});
