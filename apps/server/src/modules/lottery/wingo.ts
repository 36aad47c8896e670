import { deriveDigitSync, deriveDrawDigitSync } from '@colorplay/fair/node';
import { WINGO, WINGO_ROOMS, type Room, type WingoDigit } from '@colorplay/lottery';
import { accountCodes } from '../ledger';
import { payoutTable } from './rules';

/**
 * What the round engine knows of Wingo, in one place: its game tag, its rooms, how a round's
 * digit comes from its link, and the settlement tables. The engine files (engine.ts, draw.ts,
 * settle.ts, placement.ts, queries.ts) take Wingo from here and nowhere else, so that another
 * game (K3, 5D, Trx Win: docs/games.md) is a second file like this one.
 */

export const GAME = 'wingo';
export const ROOMS: readonly Room[] = Object.values(WINGO_ROOMS);

export const roomOf = (id: string): Room => {
  const room = (WINGO_ROOMS as Record<string, Room>)[id];
  if (!room) throw new Error(`unknown room ${id}`);
  return room;
};

/** The house account a stake shard holds the game's stakes in (bets post to it, settlement pays from it). */
export const stakeAccount = (shard: number): string => accountCodes.houseLottery(GAME, shard);

/**
 * The digit of a round from its link: on a scheme-2 chain with the game tag, the period and the
 * beacon value's randomness (decision 180), on a scheme-1 chain from the link and period alone.
 */
export function drawnDigit(scheme: 1 | 2, link: string, period: string, beaconRandomness: string | null): number {
  return scheme === 2 ? deriveDrawDigitSync(link, GAME, period, beaconRandomness!).digit : deriveDigitSync(link, period).digit;
}

/** Per selection, the multiple of the contract amount a drawn digit pays (repo.settlementByPlayer). */
export const payoutTableOf = (digit: number) => payoutTable(WINGO, digit as WingoDigit);

/** Every selection at zero: summed per player, what a void refunds (each bet's stake in full). */
export const VOID_TABLE = { selections: [...WINGO.selections], nums: WINGO.selections.map(() => 0), dens: WINGO.selections.map(() => 1) };
