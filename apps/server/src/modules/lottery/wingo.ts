import { deriveDigitSync, deriveDrawDigitSync } from '@colorplay/fair/node';
import { WINGO_ROOMS, type Room } from '@colorplay/lottery';

/**
 * What only Wingo's own routes and socket need: its game tag and rooms (its reads keep their
 * shapes: digit, colours, size), and its digit rule from packages/fair. The engine itself runs
 * Wingo like any other game from games.ts (decision 330); a test checks the generic draw gives
 * exactly drawnDigit.
 */

export const GAME = 'wingo';
export const ROOMS: readonly Room[] = Object.values(WINGO_ROOMS);

export const roomOf = (id: string): Room => {
  const room = (WINGO_ROOMS as Record<string, Room>)[id];
  if (!room) throw new Error(`unknown room ${id}`);
  return room;
};

/**
 * The digit of a round from its link: on a scheme-2 chain with the game tag, the period and the
 * beacon value's randomness (decision 180), on a scheme-1 chain from the link and period alone.
 */
export function drawnDigit(scheme: 1 | 2, link: string, period: string, beaconRandomness: string | null): number {
  return scheme === 2 ? deriveDrawDigitSync(link, GAME, period, beaconRandomness!).digit : deriveDigitSync(link, period).digit;
}
