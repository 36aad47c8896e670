import { ROUND_PLAYERS_PER_EVENT } from '@colorplay/contract';
import type { Db, Queryable } from '../../db/db';
import type { EventRecorder } from '../../events';
import type { Clock } from '../../lib/clock';
import { accountCodes, getBalances, HOUSE_ACCOUNTS, postTransfers, withTransaction, type PostTransferInput } from '../ledger';
import * as repo from './repo';
import { payoutShardOf, type LotterySettings } from './rules';
import { digitColumnOf, engineGame, payoutTableOf, stakeAccountOf, voidTableOf } from './games';

export type VoidReason = 'link_lost' | 'beacon_unavailable' | 'chain_retired' | 'tron_unavailable';

export type SettlementDeps = {
  db: Db;
  clock: Clock;
  events: EventRecorder;
  settings: LotterySettings;
  /** Tests only: runs inside the settlement transaction just before it commits (a crash there rolls it all back). */
  beforeSettleCommit?: (roundId: number) => Promise<void>;
};

/**
 * Where a round's money moves once its result is known: winnings and fees when it is settled,
 * every stake back when it is voided. Set-based over the round's bets, one ledger batch per
 * round, each transfer keyed so that a retried settlement or void posts it once.
 */
export function createSettlement({ db, clock, events, settings, beforeSettleCommit }: SettlementDeps) {
  /**
   * A round's credit to one player (a win or a refund) from the player's stake shard, keyed so
   * that a retried settlement or void posts it once.
   */
  function roundCredit(round: repo.RoundRow, playerId: number, kind: 'lottery_payout' | 'lottery_refund', amountMinor: number): PostTransferInput {
    const game = engineGame(round.game);
    return {
      idempotencyKey: `${game.id}:${kind === 'lottery_payout' ? 'payout' : 'refund'}:${round.id}:${playerId}`,
      kind,
      reference: `round_${round.id}`,
      metadata: { game: game.id, room: round.room_id, period: round.period },
      entries: [
        { accountCode: stakeAccountOf(game, payoutShardOf(playerId, settings.stakeShards)), amountMinor: -amountMinor },
        { accountCode: accountCodes.playerMain(playerId), amountMinor },
      ],
    };
  }

  /** The RoundDrawn event: what the live sockets push as the round's result. */
  async function recordRoundDrawn(tx: Queryable, round: repo.RoundRow, status: 'drawn' | 'voided', outcome: number[] | null, drawnAt: Date): Promise<void> {
    const game = engineGame(round.game);
    const digit = outcome === null ? null : digitColumnOf(game, outcome);
    // A Trx Win result names its block, as the history does (the socket passes it on).
    const block = outcome !== null && game.source.kind === 'tron' ? ((await repo.selectTrxBlockFacts(tx, [round.id])).get(round.id) ?? null) : undefined;
    await events.record(tx, 'RoundDrawn', {
      game: game.id, roomId: round.room_id, period: round.period, status, digit, outcome, drawnAtMs: drawnAt.getTime(),
      ...(block === undefined ? {} : { block }),
    });
  }

  /** The players' news of a settled or voided round: what each got back and their balance after it. */
  async function recordPlayersNews(
    tx: Queryable,
    round: repo.RoundRow,
    players: Array<{ playerId: number; bets: number; payoutMinor: number }>,
    knownBalances: Map<string, number>,
  ): Promise<void> {
    const game = engineGame(round.game);
    const unknown = players.map((p) => accountCodes.playerMain(p.playerId)).filter((c) => !knownBalances.has(c));
    const balances = new Map([...knownBalances, ...(await getBalances(tx, unknown))]);
    // A few rows per round whatever its size (decision 312): the outbox delivers each event in a
    // transaction of its own, so one event per player made a big round's news queue behind it.
    const chunks = [];
    for (let i = 0; i < players.length; i += ROUND_PLAYERS_PER_EVENT) {
      const chunk = players.slice(i, i + ROUND_PLAYERS_PER_EVENT);
      chunks.push({
        game: game.id,
        roomId: round.room_id,
        period: round.period,
        playerIds: chunk.map((p) => p.playerId),
        bets: chunk.map((p) => p.bets),
        payoutsMinor: chunk.map((p) => p.payoutMinor),
        balancesMinor: chunk.map((p) => balances.get(accountCodes.playerMain(p.playerId)) ?? 0),
      });
    }
    await events.recordMany(tx, 'RoundPlayersSettled', chunks);
  }

  return {
    /**
     * Announces a round's result in the draw's transaction (decision 371): the result is final
     * once drawn, so the sockets get it as soon as the draw commits, not after the settlement,
     * which for a round of thousands of players takes a few hundred milliseconds more. The
     * players' own news (payouts, balances) follows with the settlement.
     */
    announceDraw(tx: Queryable, round: repo.RoundRow, outcome: number[], drawnAt: Date): Promise<void> {
      return recordRoundDrawn(tx, round, 'drawn', outcome, drawnAt);
    },

    /**
     * Refunds every stake of the round in full (fee included), marks it voided and writes its
     * public audit record: why, what it would have drawn (when known), its stakes and what that
     * outcome would have paid, so anyone can check that voids do not fall on the house's losses.
     * Runs in the caller's transaction (the draw's, which holds the round).
     */
    async voidRound(tx: Queryable, round: repo.RoundRow, link: string | null, now: Date, why: { reason: VoidReason; wouldOutcome: number[] | null }): Promise<void> {
      const game = engineGame(round.game);
      const perPlayer = await repo.settlementByPlayer(tx, round.id, voidTableOf(game));
      const transfers = perPlayer.map((p) => roundCredit(round, p.player_id, 'lottery_refund', p.total_minor));
      const posted = await postTransfers(tx, transfers);
      let wouldPayout: number | null = null;
      if (why.wouldOutcome !== null) {
        const wouldPay = await repo.settlementByPlayer(tx, round.id, payoutTableOf(game, why.wouldOutcome));
        wouldPayout = wouldPay.reduce((sum, p) => sum + p.payout_minor, 0);
      }
      await repo.insertVoidAudit(tx, {
        round_id: round.id,
        reason: why.reason,
        would_digit: why.wouldOutcome === null ? null : digitColumnOf(game, why.wouldOutcome),
        would_outcome: why.wouldOutcome,
        bets: perPlayer.reduce((sum, p) => sum + p.bets, 0),
        stakes_minor: perPlayer.reduce((sum, p) => sum + p.total_minor, 0),
        would_payout_minor: wouldPayout,
        created_at: now,
      });
      await repo.markVoided(tx, round.id, link, now);
      // A drawn round's result goes out with its draw (announceDraw); a void's with its refunds.
      await recordRoundDrawn(tx, round, 'voided', null, round.drawn_at ?? now);
      await recordPlayersNews(tx, round, perPlayer.map((p) => ({ playerId: p.player_id, bets: p.bets, payoutMinor: p.total_minor })), posted.balancesMinor);
    },

    /**
     * Settles a drawn round in one transaction: winnings per player computed set-based from the
     * rule table, posted as one ledger batch (one transfer per winning player and one for the
     * round's fees), the round marked settled, events recorded. Exactly once: the round row is
     * locked and must still be 'drawn'; a crash anywhere before COMMIT leaves it 'drawn' for the
     * next try, and every transfer's key makes a retry harmless even so.
     */
    async settleRound(roundId: number): Promise<'settled' | 'skipped'> {
      return withTransaction(db, async (tx) => {
        const round = await repo.selectRoundById(tx, roundId, 'FOR UPDATE');
        if (!round || round.status !== 'drawn') return 'skipped';
        const now = clock.now();
        const game = engineGame(round.game);
        const outcome = round.outcome!;
        const perPlayer = await repo.settlementByPlayer(tx, round.id, payoutTableOf(game, outcome));
        const fees = await repo.feesByShard(tx, round.id);
        const transfers: PostTransferInput[] = [];
        const feeTotal = fees.reduce((s, f) => s + f.fee_minor, 0);
        if (feeTotal > 0) {
          transfers.push({
            idempotencyKey: `${game.id}:fees:${round.id}`,
            kind: 'lottery_fee',
            reference: `round_${round.id}`,
            metadata: { game: game.id, room: round.room_id, period: round.period },
            entries: [...fees.map((f) => ({ accountCode: stakeAccountOf(game, f.shard), amountMinor: -f.fee_minor })), { accountCode: HOUSE_ACCOUNTS.fees, amountMinor: feeTotal }],
          });
        }
        for (const p of perPlayer) {
          if (p.payout_minor <= 0) continue;
          transfers.push(roundCredit(round, p.player_id, 'lottery_payout', p.payout_minor));
        }
        const posted = await postTransfers(tx, transfers);
        await repo.markSettled(tx, round.id, now);
        await recordPlayersNews(tx, round, perPlayer.map((p) => ({ playerId: p.player_id, bets: p.bets, payoutMinor: p.payout_minor })), posted.balancesMinor);
        if (beforeSettleCommit) await beforeSettleCommit(round.id);
        return 'settled';
      });
    },
  };
}

export type Settlement = ReturnType<typeof createSettlement>;
