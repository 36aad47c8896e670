import { checkBeaconValue, verifyTrxRound, type BeaconValue, type TronBlockHeader } from '@colorplay/fair';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db';
import type { Clock } from '../../lib/clock';
import { withTransaction } from '../ledger';
import type { BeaconSource } from './beacon-source';
import { knownLink, LINK_RETIRED, type Chains } from './chains';
import * as repo from './repo';
import { decideDraw, type LotterySettings } from './rules';
import { digitColumnOf, engineGame, type EngineGame } from './games';
import type { Settlement } from './settle';
import type { TronBlock, TrxDrawVerdict } from '../tron';

/** Trx Win's block source as the draw uses it (modules/tron's service: `app.tron`). */
export type TrxBlockSource = {
  /** sandbox or fullnode: the fairness record's `network`. */
  readonly kind: 'sandbox' | 'fullnode';
  /** The engine's rule for a round whose draw time has come (decision 342): draw, wait or void. */
  decideDraw(round: { locksAtMs: number; drawsAtMs: number }): Promise<TrxDrawVerdict>;
};

export type DrawDeps = {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  settings: LotterySettings;
  /** Each game's chains (a room's chain is its game's). */
  chainsOf: (game: string) => Chains;
  beacon: BeaconSource;
  /** A round that cannot be drawn is voided in the draw's transaction (settle.ts). */
  voidRound: Settlement['voidRound'];
  /** A drawn round's result is announced in the draw's transaction (settle.ts). */
  announceDraw: Settlement['announceDraw'];
  /** Trx Win's TRON blocks; without it no game with a 'tron' source runs (service.ts). */
  tron?: TrxBlockSource | undefined;
};

/** A block as a node printed its header (what the round stores and publishes), or null without its header. */
export const headerOfBlock = (b: TronBlock): TronBlockHeader | null =>
  b.raw
    ? {
        blockID: b.blockId,
        raw_data: { ...b.raw },
        // The producer's signature, and the key it was checked against when the witness delegated signing (decision 385).
        ...(b.witnessSignature ? { witness_signature: b.witnessSignature } : {}),
        ...(b.witnessSigner ? { witness_signer: b.witnessSigner } : {}),
      }
    : null;

/**
 * The fair draw (docs/fairness.md): a round's result from its chain link, the game tag, its
 * period and its beacon value, and nothing else; or its void when that cannot be had.
 */
export function createDraw({ db, clock, log, settings, chainsOf, beacon: source, voidRound, announceDraw, tron }: DrawDeps) {
  /**
   * The verified beacon value of a round of a scheme-2 chain: from the table, else from the
   * source, checked against the chain's published key before it is stored. Null when it is not
   * available yet or did not verify: the draw waits (decision 181).
   */
  async function beaconValueOf(chain: repo.ChainRow, round: number): Promise<BeaconValue | null> {
    const publicKey = chain.beacon_public_key!;
    const stored = await repo.selectBeaconValue(db, publicKey, round);
    if (stored) return { round, signature: stored.signature, randomness: stored.randomness };
    if (publicKey !== source.params.publicKey) {
      log.error({ chainId: chain.id, round }, 'the chain names another beacon key than the configured source');
      return null;
    }
    const value = await source.fetch(round);
    if (!value) return null;
    const checked = await checkBeaconValue(publicKey, value);
    if (!checked.ok) {
      log.error({ chainId: chain.id, round, detail: checked.detail }, 'beacon value refused: the draw waits');
      return null;
    }
    await repo.insertBeaconValue(db, { public_key: publicKey, round, signature: value.signature, randomness: value.randomness, fetched_at: clock.now() });
    return value;
  }

  /**
   * The outcome of a round from its link (and beacon value on a scheme-2 chain), read by its
   * game's rule table from the fair HMAC stream (games.ts). Trx Win's branch is drawTron below.
   */
  const outcomeOf = (game: EngineGame, chain: repo.ChainRow, round: repo.RoundRow, link: string, beacon: BeaconValue | null): number[] => {
    if (game.source.kind !== 'fair') throw new Error(`${game.id} is not drawn from a chain`);
    return game.source.outcomeOf(chain.scheme, link, round.period, chain.scheme === 2 ? beacon!.randomness : null);
  };

  /**
   * A Trx Win round (docs/fairness.md "Trx Win"): the TRON source decides outside the transaction
   * (a slow node must not hold the round's lock), then the transaction draws it from the deciding
   * block, or leaves it waiting, or voids it after the give-up time. Nobody chooses the result:
   * the block is the one the lock time names, and the pair is checked again here (both ids are
   * their headers' hashes, they link, the parent is at or before the lock and the block after it)
   * with the same verifier players run, before anything is written.
   */
  async function drawTron(before: repo.RoundRow, game: EngineGame): Promise<'drawn' | 'voided' | 'waiting' | 'skipped'> {
    if (game.source.kind !== 'tron') throw new Error(`${game.id} is not drawn from TRON blocks`);
    if (!tron) return 'waiting';
    const locksAtMs = before.locks_at.getTime();
    const verdict = await tron.decideDraw({ locksAtMs, drawsAtMs: before.draws_at.getTime() });
    if (verdict.kind === 'wait') {
      if (verdict.reason !== 'not_produced') log.warn({ period: before.period, room: before.room_id, reason: verdict.reason, detail: verdict.detail }, 'Trx Win round waits for its TRON block');
      return 'waiting';
    }
    let drawn: { block: TronBlockHeader; parent: TronBlockHeader; outcome: number[] } | null = null;
    if (verdict.kind === 'draw') {
      const block = headerOfBlock(verdict.block);
      const parent = headerOfBlock(verdict.parent);
      // The verifier's checks include the deciding-block rule (linked, parent at or before the lock, block after it).
      const checked = block && parent ? verifyTrxRound({ locksAtMs, block, parent }) : null;
      if (!block || !parent || !checked?.ok) {
        log.error({ period: before.period, room: before.room_id, reason: checked?.reason ?? 'a block came without its header' }, 'TRON block refused at the draw: the round waits');
        return 'waiting';
      }
      const outcome = game.source.outcomeOfBlockId(block.blockID);
      if (outcome.length !== 1 || outcome[0] !== checked.digit) throw new Error('the rule table and the verifier read different digits');
      drawn = { block, parent, outcome };
    }
    return withTransaction(db, async (tx) => {
      // Waits for the bets in flight on this round to commit (they hold the lock shared).
      await repo.holdRoundForDraw(tx, before.id);
      const round = await repo.selectRoundById(tx, before.id, 'FOR UPDATE');
      if (!round || (round.status !== 'open' && round.status !== 'locked')) return 'skipped';
      const now = clock.now();
      if (!drawn) {
        log.warn({ period: round.period, room: round.room_id, detail: verdict.kind === 'void' ? verdict.detail : undefined }, 'Trx Win round voided: no TRON block for the give-up time');
        // No would-be outcome: the block was never had (anyone can name it from the lock time).
        await voidRound(tx, round, null, now, { reason: 'tron_unavailable', wouldOutcome: null });
        return 'voided';
      }
      // The block pair first: the round guard refuses a drawn Trx Win round without it (022).
      await repo.insertTrxBlocks(tx, round.id, drawn.block, drawn.parent, now);
      await repo.markDrawn(tx, round.id, digitColumnOf(game, drawn.outcome), null, now, drawn.outcome);
      await announceDraw(tx, round, drawn.outcome, now);
      return 'drawn';
    });
  }

  return {
    /**
     * Draws one round whose draw time has come, however late (decision 181): the digit from its
     * link, the game tag, its period and its beacon value, nothing else. Without its beacon value
     * it waits; voided only when its link is lost (the chain is then retired) or the beacon value
     * is still missing beaconGiveUpMs after the draw time. The row lock and the status check make
     * it happen once however many nodes try.
     */
    async drawRound(roundId: number): Promise<'drawn' | 'voided' | 'waiting' | 'skipped'> {
      const before = await repo.selectRoundById(db, roundId);
      if (!before || (before.status !== 'open' && before.status !== 'locked')) return 'skipped';
      const game = engineGame(before.game);
      if (game.source.kind === 'tron') return drawTron(before, game);
      const chains = chainsOf(game.id);
      const chain = (await repo.selectChain(db, before.chain_id!))!;
      // Fetched outside the transaction: a slow beacon must not hold the round's lock.
      const beacon = chain.scheme === 2 && before.beacon_round !== null ? await beaconValueOf(chain, before.beacon_round) : null;
      return withTransaction(db, async (tx) => {
        // Waits for the bets in flight on this round to commit (they hold the lock shared).
        await repo.holdRoundForDraw(tx, roundId);
        const round = await repo.selectRoundById(tx, roundId, 'FOR UPDATE');
        if (!round || (round.status !== 'open' && round.status !== 'locked')) return 'skipped';
        const now = clock.now();
        // The link stored with the row since its creation (decision 380): no secret needed. Only a
        // row from before 027 that never got it is computed here, and may be lost or retired.
        const link = round.link ?? (await chains.linkOf(tx, chain, round.round_index!));
        const known = knownLink(link);
        const decision = decideDraw(
          { drawsAtMs: round.draws_at.getTime() },
          now.getTime(),
          { link: known === null ? 'lost' : 'available', beacon: chain.scheme === 1 ? 'not_needed' : beacon ? 'available' : 'missing' },
          settings,
        );
        if (decision.kind === 'wait') return 'waiting';
        if (decision.kind === 'void') {
          // The operator retired the chain (audited) because this node cannot open its link: the
          // log and the published record name the same reason (decision 384).
          const reason = decision.reason === 'link_lost' && link === LINK_RETIRED ? 'chain_retired' : decision.reason;
          log.warn({ period: round.period, room: round.room_id, reason }, 'lottery round voided');
          await voidRound(tx, round, known, now, {
            reason,
            wouldOutcome: known !== null && (chain.scheme === 1 || beacon) ? outcomeOf(game, chain, round, known, beacon) : null,
          });
          // The rest of a chain whose link is lost can never be drawn: retire it, so the next
          // engine run publishes a new chain for the coming rounds.
          if (reason === 'link_lost') await chains.retire(tx, chain, round.ordinal, 'link lost');
          return 'voided';
        }
        const outcome = outcomeOf(game, chain, round, known!, beacon);
        await repo.markDrawn(tx, round.id, digitColumnOf(game, outcome), known!, now, outcome);
        await announceDraw(tx, round, outcome, now);
        return 'drawn';
      });
    },
  };
}
