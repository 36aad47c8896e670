import type { LotteryRoomId, LotteryRoundClock, WingoRoomId, WingoRoundClock } from '@colorplay/contract';
import { MINUTE_ROOMS, roundAt, WINGO_ROOMS, type Room } from '@colorplay/lottery';

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

/** The schedule of a room of any game: Wingo's rooms (30s-5m), or the other games' (1m-10m). */
export const roomSchedule = (game: 'wingo' | 'minute', room: string): Room =>
  game === 'wingo' ? WINGO_ROOMS[room as WingoRoomId] : MINUTE_ROOMS[room as LotteryRoomId];

/** A room's round length in seconds (the rules say it). */
export const roundSecondsOf = (game: 'wingo' | 'minute', room: string) => roomSchedule(game, room).roundMs / 1000;

export function roundView(room: string, clock: WingoRoundClock | LotteryRoundClock | null, nowMs: number, rooms: 'wingo' | 'minute' = 'wingo'): RoundView {
  if (clock && clock.roomId === room && nowMs < clock.drawsAtMs) return view(clock.period, clock.locksAtMs, clock.drawsAtMs, nowMs);
  const round = roundAt(roomSchedule(rooms, room), nowMs);
  return view(round.period, round.locksAtMs, round.drawsAtMs, nowMs);
}

/** Whether two views show the same: the page renders again only when they differ. */
export function sameRoundView(a: RoundView, b: RoundView): boolean {
  return a.period === b.period && a.secondsLeft === b.secondsLeft && a.locked === b.locked && a.drawsAtMs === b.drawsAtMs && a.locksAtMs === b.locksAtMs;
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
