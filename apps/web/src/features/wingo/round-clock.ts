import type { WingoRoomId, WingoRoundClock } from '@colorplay/contract';
import { roundAt, WINGO_ROOMS } from '@colorplay/lottery';

/**
 * Where the room's round stands at server time `nowMs`. The server's clock message is the
 * authority; between two messages (or while the socket is down and the last poll is a few seconds
 * old) a round that has ended is followed by the next one of the same room schedule
 * (`@colorplay/lottery`'s round table, which the server uses too), so the countdown never stalls
 * at zero.
 */
export interface RoundView {
  period: string;
  /** Whole seconds until the draw, rounded up (what the countdown shows). */
  secondsLeft: number;
  locked: boolean;
  drawsAtMs: number;
  locksAtMs: number;
}

export function roundView(room: WingoRoomId, clock: WingoRoundClock | null, nowMs: number): RoundView {
  if (clock && clock.roomId === room && nowMs < clock.drawsAtMs) return view(clock.period, clock.locksAtMs, clock.drawsAtMs, nowMs);
  const round = roundAt(WINGO_ROOMS[room], nowMs);
  return view(round.period, round.locksAtMs, round.drawsAtMs, nowMs);
}

function view(period: string, locksAtMs: number, drawsAtMs: number, nowMs: number): RoundView {
  return {
    period,
    secondsLeft: Math.max(0, Math.ceil((drawsAtMs - nowMs) / 1000)),
    locked: nowMs >= locksAtMs,
    drawsAtMs,
    locksAtMs,
  };
}

/** mm:ss of a number of seconds. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, seconds);
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
