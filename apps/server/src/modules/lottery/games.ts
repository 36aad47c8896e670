import { drawMessage, hexToBytes, periodBytes } from '@colorplay/fair';
import { hmacSha256Sync } from '@colorplay/fair/node';
import { FIVED, K3, TRX_WIN, WINGO_GAME, type AnyLotteryGame, type Room } from '@colorplay/lottery';
import { accountCodes } from '../ledger';
import { payoutTable } from './rules';

/**
 * The games the round engine runs (decision 330). The engine files (engine.ts, draw.ts,
 * settle.ts, placement.ts, bet-batch.ts, queries.ts) know a game only through this shape: its
 * rule table from `@colorplay/lottery` (selections, pricing, payouts, outcome from bytes), its
 * rooms and where its outcome's bytes come from. Adding a game is one entry in ENGINE_GAMES.
 */
export interface EngineGame {
  /** The game tag: the `game` column of chains, rounds and bets, the HMAC message's tag, the ledger's house account. */
  readonly id: string;
  readonly rules: AnyLotteryGame;
  readonly rooms: readonly Room[];
  readonly source: OutcomeSource;
}

/**
 * Where a round's outcome comes from: 'fair', the round's chain link, game tag, period and beacon
 * value (docs/fairness.md), read by the game's outcomeFromBytes; or 'tron', the id of the first
 * TRON block after the round's lock time (Trx Win, docs/fairness.md "Trx Win"; its branch in
 * draw.ts). A 'tron' game has no chains: its rounds are created without one.
 */
export type OutcomeSource = FairOutcomeSource | TronOutcomeSource;

export interface TronOutcomeSource {
  readonly kind: 'tron';
  /** The outcome (encoded) a deciding block's id gives, read by the game's rule table. */
  outcomeOfBlockId(blockIdHex: string): number[];
}

export interface FairOutcomeSource {
  readonly kind: 'fair';
  /**
   * The outcome (encoded, the `outcome` column) of a round: on a scheme-2 chain from
   * mac[0] = HMAC-SHA256(link, "<game>:<period>:" + beacon randomness), mac[r] = HMAC(link,
   * mac[r-1]); on a scheme-1 chain (Wingo's first chains) mac[0] = HMAC(link, period). The MACs
   * are concatenated and given to the rule table's outcomeFromBytes, one more each time it needs
   * more bytes (docs/fairness.md "Reading K3 and 5D").
   */
  outcomeOf(scheme: 1 | 2, link: string, period: string, beaconRandomness: string | null): number[];
}

// A hard stop never reached in practice (each further MAC is needed with probability below
// 10^-9 per game); it keeps a broken rule table from looping forever.
const MAX_MACS = 64;

/** The fair source of a game: the HMAC stream read by its rule table. */
export function fairSource(gameId: string, rules: AnyLotteryGame): FairOutcomeSource {
  return {
    kind: 'fair',
    outcomeOf(scheme, linkHex, period, beaconRandomness) {
      const link = hexToBytes(linkHex);
      if (!link || link.length !== 32) throw new Error('a link is 32 bytes');
      let mac: Uint8Array;
      if (scheme === 2) {
        const randomness = beaconRandomness === null ? null : hexToBytes(beaconRandomness);
        if (!randomness) throw new Error('a scheme-2 draw needs its beacon randomness');
        mac = hmacSha256Sync(link, drawMessage(gameId, period, randomness));
      } else {
        mac = hmacSha256Sync(link, periodBytes(period));
      }
      const macs: Uint8Array[] = [];
      for (let r = 0; r < MAX_MACS; r++) {
        macs.push(mac);
        const bytes = new Uint8Array(macs.length * 32);
        macs.forEach((m, i) => bytes.set(m, i * 32));
        const read = rules.outcomeFromBytes(bytes);
        if (read) return rules.encode(read.outcome);
        mac = hmacSha256Sync(link, mac);
      }
      throw new Error(`no outcome in ${MAX_MACS} MACs: the rule table is broken`);
    },
  };
}

/** The TRON source of a game: the block id's bytes read by its rule table (Trx Win's trxDigit). */
export function tronSource(rules: AnyLotteryGame): TronOutcomeSource {
  return {
    kind: 'tron',
    outcomeOfBlockId(blockIdHex) {
      const id = hexToBytes(blockIdHex);
      if (!id || id.length !== 32) throw new Error('a TRON block id is 32 bytes');
      const read = rules.outcomeFromBytes(id);
      if (!read) throw new Error('the rule table read no outcome from a block id');
      return rules.encode(read.outcome);
    },
  };
}

/** A game drawn from a fair chain (its source typed as such, so callers can use outcomeOf directly). */
export type FairEngineGame = EngineGame & { readonly source: FairOutcomeSource };

function fairGame(rules: AnyLotteryGame): FairEngineGame {
  return { id: rules.game, rules, rooms: Object.values(rules.rooms), source: fairSource(rules.game, rules) };
}

/** Wingo on the generic path: its digit is the one value of the same HMAC stream (a test checks it against drawnDigit). */
export const WINGO_ENGINE_GAME = fairGame(WINGO_GAME as unknown as AnyLotteryGame);
export const K3_ENGINE_GAME = fairGame(K3 as unknown as AnyLotteryGame);
export const FIVED_ENGINE_GAME = fairGame(FIVED as unknown as AnyLotteryGame);
const TRX_RULES = TRX_WIN as unknown as AnyLotteryGame;
/** Trx Win: Wingo's rule table, its digit read from the deciding TRON block's id (decision 351). */
export const TRX_ENGINE_GAME: EngineGame = { id: TRX_RULES.game, rules: TRX_RULES, rooms: Object.values(TRX_RULES.rooms), source: tronSource(TRX_RULES) };

/** Every game the engine runs, by tag. */
export const ENGINE_GAMES: ReadonlyMap<string, EngineGame> = new Map(
  [WINGO_ENGINE_GAME, K3_ENGINE_GAME, FIVED_ENGINE_GAME, TRX_ENGINE_GAME].map((g) => [g.id, g]),
);

/** True when the game's rounds are drawn from a fair chain (and so have chains). */
export const hasChains = (game: EngineGame): boolean => game.source.kind === 'fair';

/** The game of a tag, or throws (tags come from our own rows and validated routes). */
export function engineGame(id: string): EngineGame {
  const game = ENGINE_GAMES.get(id);
  if (!game) throw new Error(`unknown lottery game ${id}`);
  return game;
}

/** A game's room by id, or null. */
export const roomOfGame = (game: EngineGame, roomId: string): Room | null => game.rooms.find((r) => r.id === roomId) ?? null;

/** The house account a stake shard holds the game's stakes in (bets post to it, settlement pays from it). */
export const stakeAccountOf = (game: EngineGame, shard: number): string => accountCodes.houseLottery(game.id, shard);

/** Per selection, the multiple of the contract amount an outcome pays (repo.settlementWithBonusParts). */
export function payoutTableOf(game: EngineGame, outcome: readonly number[]) {
  const decoded = game.rules.decode(outcome);
  if (decoded === null) throw new Error(`outcome ${JSON.stringify(outcome)} is not a ${game.id} outcome`);
  return payoutTable(game.rules, decoded);
}

/** Every selection at zero: summed per player, what a void refunds (each bet's stake in full). */
export const voidTableOf = (game: EngineGame) => ({ selections: [...game.rules.selections], nums: game.rules.selections.map(() => 0), dens: game.rules.selections.map(() => 1) });

/** Wingo keeps its digit column: its one value; null for every other game. */
export const digitColumnOf = (game: EngineGame, outcome: readonly number[]): number | null => (game.id === 'wingo' ? outcome[0]! : null);
