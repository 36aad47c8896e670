import { describe, expect, it } from 'vitest';
import { formatCountdown, remainingMs } from './countdown';

describe('formatCountdown', () => {
  it.each([
    [15 * 60_000, '15:00'],
    [14 * 60_000 + 59_001, '15:00'],
    [14 * 60_000 + 59_000, '14:59'],
    [61_000, '01:01'],
    [60_000, '01:00'],
    [59_999, '01:00'],
    [1_000, '00:01'],
    [1, '00:01'],
    [0, '00:00'],
    [-5_000, '00:00'],
    [Number.NaN, '00:00'],
    [100 * 60_000, '100:00'],
  ])('%i ms shows as %s', (ms, text) => {
    expect(formatCountdown(ms)).toBe(text);
  });
});

describe('remainingMs', () => {
  it('counts down to the expiry and stops at zero', () => {
    const expiresAt = '2026-01-15T04:45:00.000Z';
    const at = (iso: string) => Date.parse(iso);
    expect(remainingMs(expiresAt, at('2026-01-15T04:30:00.000Z'))).toBe(15 * 60_000);
    expect(remainingMs(expiresAt, at('2026-01-15T04:44:59.500Z'))).toBe(500);
    expect(remainingMs(expiresAt, at('2026-01-15T04:46:00.000Z'))).toBe(0);
  });
});
