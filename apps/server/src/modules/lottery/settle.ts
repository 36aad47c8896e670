import { ROUND_PLAYERS_PER_EVENT } from '@colorplay/contract';
import type { Db, Queryable } from '../../db/db';
import type { EventRecorder } from '../../events';
import type { Clock } from '../../lib/clock';
import { accountCodes, getBalances, HOUSE_ACCOUNTS, postTransfers, withTransaction, type PostTransferInput } from '../ledger';
import * as repo from './repo';
import { payoutShardOf, type LotterySettings } from './rules';
import { digitColumnOf, engineGame, payoutTableOf, stakeAccountOf, voidTableOf } from './games';

export type VoidReason = 'link_lost' | 'beacon_unavailable' | 'chain_retired' | 'tron_unavailable';

/** Where a bonus grant stands, its row share-locked in the caller's transaction (promotions' `lockGrantStatuses`). */
export type GrantStatus = 'active' | 'converted' | 'forfeited' | 'expired';
export type LockGrantStatuses = (tx: Queryable, grantIds: readonly string[]) => Promise<Map<string, GrantStatus>>;

/** A round's credit to one player: the whole amount and the bonus part of it per grant (decision 531). */
type PlayerCredit = { playerId: number; bets: number; amountMinor: number; bonusParts: Array<{ grantId: string; amountMinor: number }> };

export type SettlementDeps = {
  db: Db;
  clock: Clock;
  events: EventRecorder;
  settings: LotterySettings;
  /** Bonus money (decision 531): needed only to settle a round with bonus stakes. */
  lockGrantStatuses?: LockGrantStatuses;
  /** Tests only: runs inside the settlement transaction just before it commits (a crash there rolls it all back). */
  beforeSettleCommit?: (roundId: number) => Promise<void>;
};

/**
 * Where a round's money moves once its result is known: winnings and fees when it is settled,
 * every stake back when it is voided. Set-based over the round's bets, one ledger batch per
 * round, each transfer keyed so that a retried settlement or void posts it once.
 */
export function createSettlement({ db, clock, events, settings, lockGrantStatuses, beforeSettleCommit }: SettlementDeps) {
  /**
   * A round's credit to one player (a win or a refund) from the player's stake shard, keyed so
   * that a retried settlement or void posts it once. The bonus part of it goes where its grant
   * stands (decision 531): the grant's own account while it is active, main once it converted
   * (it is cash now), house:bonuses once it was forfeited or expired.
   */
  function roundCredit(round: repo.RoundRow, credit: PlayerCredit, kind: 'lottery_payout' | 'lottery_refund', statuses: Map<string, GrantStatus>): PostTransferInput {
    const game = engineGame(round.game);
    const main = accountCodes.playerMain(credit.playerId);
    const credits = new Map<string, number>([[main, credit.amountMinor]]);
    // A player without bonus stakes (the common case) skips the loop: one credit to main.
    for (const part of credit.bonusParts) {
      const status = statuses.get(part.grantId);
      if (status === undefined) throw new Error(`bonus grant ${part.grantId} of round ${round.id} is unknown`);
      if (status === 'converted' || part.amountMinor === 0) continue;
      const to = status === 'active' ? accountCodes.playerBonus(credit.playerId, part.grantId) : HOUSE_ACCOUNTS.bonuses;
      credits.set(main, credits.get(main)! - part.amountMinor);
      credits.set(to, (credits.get(to) ?? 0) + part.amountMinor);
    }
    return {
      idempotencyKey: `${game.id}:${kind === 'lottery_payout' ? 'payout' : 'refund'}:${round.id}:${credit.playerId}`,
      kind,
      reference: `round_${round.id}`,
      metadata: { game: game.id, room: round.room_id, period: round.period },
      entries: [
        { accountCode: stakeAccountOf(game, payoutShardOf(credit.playerId, settings.stakeShards)), amountMinor: -credit.amountMinor },
        ...[...credits].filter(([, amountMinor]) => amountMinor > 0).map(([accountCode, amountMinor]) => ({ accountCode, amountMinor })),
      ],
    };
  }

  /**
   * Each player's credit of the round (a payout or a refund) with its bonus parts per grant, and
   * the statuses of those grants, share-locked so that no grant ends while its money comes back
   * (a grant's end locks it FOR UPDATE first). The bonus parts come with the per-player sums, from a
   * partial index: a round without bonus stakes runs no statement more and takes no grant lock.
   */
  async function creditsOf(
    tx: Queryable,
    round: repo.RoundRow,
    table: Parameters<typeof repo.settlementWithBonusParts>[2],
    of: 'payout' | 'refund',
  ): Promise<{ credits: PlayerCredit[]; statuses: Map<string, GrantStatus> }> {
    const { perPlayer, bonusParts: parts } = await repo.settlementWithBonusParts(tx, round.id, table);
    const credits = perPlayer.map((r) => ({ playerId: r.player_id, bets: r.bets, amountMinor: of === 'payout' ? r.payout_minor : r.total_minor, bonusParts: [] as PlayerCredit['bonusParts'] }));
    if (parts.length === 0) return { credits, statuses: new Map() };
    if (!lockGrantStatuses) throw new Error('a round with bonus stakes needs the bonus grants (lockGrantStatuses)');
    const byPlayer = new Map(credits.map((c) => [c.playerId, c]));
    for (const p of parts) byPlayer.get(p.player_id)!.bonusParts.push({ grantId: p.bonus_grant_id, amountMinor: of === 'payout' ? p.bonus_payout_minor : p.bonus_stake_minor });
    return { credits, statuses: await lockGrantStatuses(tx, [...new Set(parts.map((p) => p.bonus_grant_id))].sort()) };
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
      const { credits, statuses } = await creditsOf(tx, round, voidTableOf(game), 'refund');
      const transfers = credits.map((c) => roundCredit(round, c, 'lottery_refund', statuses));
      const posted = await postTransfers(tx, transfers);
      let wouldPayout: number | null = null;
      if (why.wouldOutcome !== null) {
        const wouldPay = await repo.settlementWithBonusParts(tx, round.id, payoutTableOf(game, why.wouldOutcome));
        wouldPayout = wouldPay.perPlayer.reduce((sum, p) => sum + p.payout_minor, 0);
      }
      await repo.insertVoidAudit(tx, {
        round_id: round.id,
        reason: why.reason,
        would_digit: why.wouldOutcome === null ? null : digitColumnOf(game, why.wouldOutcome),
        would_outcome: why.wouldOutcome,
        bets: credits.reduce((sum, c) => sum + c.bets, 0),
        stakes_minor: credits.reduce((sum, c) => sum + c.amountMinor, 0),
        would_payout_minor: wouldPayout,
        created_at: now,
      });
      await repo.markVoided(tx, round.id, link, now);
      // A drawn round's result goes out with its draw (announceDraw); a void's with its refunds.
      await recordRoundDrawn(tx, round, 'voided', null, round.drawn_at ?? now);
      await recordPlayersNews(tx, round, credits.map((c) => ({ playerId: c.playerId, bets: c.bets, payoutMinor: c.amountMinor })), posted.balancesMinor);
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
        const { credits, statuses } = await creditsOf(tx, round, payoutTableOf(game, outcome), 'payout');
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
        for (const c of credits) {
          if (c.amountMinor <= 0) continue;
          transfers.push(roundCredit(round, c, 'lottery_payout', statuses));
        }
        const posted = await postTransfers(tx, transfers);
        await repo.markSettled(tx, round.id, now);
        await recordPlayersNews(tx, round, credits.map((c) => ({ playerId: c.playerId, bets: c.bets, payoutMinor: c.amountMinor })), posted.balancesMinor);
        if (beforeSettleCommit) await beforeSettleCommit(round.id);
        return 'settled';
      });
    },
  };
}

export type Settlement = ReturnType<typeof createSettlement>;
