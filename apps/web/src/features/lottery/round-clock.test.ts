import type { WingoRoundClock } from '@colorplay/contract';
import { roundAt, WINGO_ROOMS } from '@colorplay/lottery';
import { describe, expect, it } from 'vitest';
import { formatCountdown, roundView } from './round-clock';
import { randomSelection } from './selection';

const T = Date.UTC(2026, 10, 23, 7, 0, 0);
const round = roundAt(WINGO_ROOMS['30s'], T);
const clock: WingoRoundClock = { roomId: '30s', period: round.period, phase: 'open', opensAtMs: round.opensAtMs, locksAtMs: round.locksAtMs, drawsAtMs: round.drawsAtMs };

describe('roundView', () => {
  it('counts down to the draw and locks in the last 5 s', () => {
    expect(roundView('30s', clock, round.drawsAtMs - 12_300)).toMatchObject({ period: round.period, secondsLeft: 13, locked: false });
    expect(roundView('30s', clock, round.drawsAtMs - 5_000)).toMatchObject({ secondsLeft: 5, locked: true });
    expect(roundView('30s', clock, round.drawsAtMs - 1)).toMatchObject({ secondsLeft: 1, locked: true });
  });

  it('follows the next round of the schedule once the clock has run out', () => {
    const next = roundAt(WINGO_ROOMS['30s'], round.drawsAtMs);
    expect(next.period).not.toBe(round.period);
    expect(roundView('30s', clock, round.drawsAtMs + 200)).toMatchObject({ period: next.period, secondsLeft: 30, locked: false });
  });

  it("ignores another room's clock", () => {
    const view = roundView('1m', clock, T);
    expect(view.period).toBe(roundAt(WINGO_ROOMS['1m'], T).period);
  });

  it('formats mm:ss', () => {
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(59)).toBe('00:59');
    expect(formatCountdown(300)).toBe('05:00');
  });
});

describe('randomSelection', () => {
  it('spans all 15 selections', () => {
    expect(randomSelection(() => 0)).toBe('green');
    expect(randomSelection(() => 0.999999)).toBe('small');
    expect(randomSelection(() => 3 / 15)).toBe('0');
  });
});
