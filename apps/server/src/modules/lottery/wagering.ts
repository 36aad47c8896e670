import { leastPayoutMinor, WINGO, type HedgeBet, type WingoDigit } from '@colorplay/lottery';
import type { Queryable } from '../../db/db';
import { engineGame } from './games';
import { payoutTable } from './rules';

/**
 * What of a player's Wingo stakes was not really at risk, for the withdrawals' wagering lock
 * (decision 192). Per round, a player's stakes can only be lost up to their net
 * exposure: the stake minus the smallest total payout any result would bring back. Big and
 * Small together (₹250 each) come back as ₹490 whatever the digit, so only ₹10 was at risk; a
 * lone Big stake can all be lost. The hedged part of a round is stake − exposure =
 * min(stake, least payout over the ten digits). The withdrawals module subtracts the sum of
 * these from the net stakes it reads in the ledger, so play = the sum of per-round exposures.
 *
 * Voided rounds are left out (their refunds already cancel the stake in the ledger). Rounds
 * still open count as soon as the stake is placed: exposure does not depend on the result.
 */

const DIGITS: WingoDigit[] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

/** The payout table of every digit flattened into parallel arrays for one SQL join. */
const TABLE = (() => {
  const digits: number[] = [];
  const selections: string[] = [];
  const nums: number[] = [];
  const dens: number[] = [];
  for (const d of DIGITS) {
    const t = payoutTable(WINGO, d);
    t.selections.forEach((s, i) => {
      if (t.nums[i] === 0) return;
      digits.push(d);
      selections.push(s);
      nums.push(t.nums[i]!);
      dens.push(t.dens[i]!);
    });
  }
  return { digits, selections, nums, dens };
})();

/**
 * The part of the player's lottery stakes (minor units) that no result could have lost: Wingo's
 * rounds in SQL below, the other games' (K3, 5D) from their rule tables (decision 335). The name
 * is kept for its caller (withdrawals); it covers every game. `since` (a bonus grant's wagering,
 * decision 490) counts only the bets placed from then on, hedged among themselves.
 */
export async function hedgedWingoStakeMinor(q: Queryable, playerId: number, since: Date | null = null, { cashOnly = false }: { cashOnly?: boolean } = {}): Promise<number> {
  return (await hedgedWingoOnlyMinor(q, playerId, since, cashOnly)) + (await hedgedOtherGamesMinor(q, playerId, since, cashOnly));
}

/**
 * `cashOnly` (the deposits' lock, which reads the main wallet's stakes only): a round's hedged part
 * scaled to the share of its stake that was cash, floored (decision 532), so that hedged bonus
 * play takes nothing off the cash play that counts toward a deposit.
 */
const cashShare = (hedgedMinor: number, stakeMinor: number, bonusMinor: number, cashOnly: boolean) =>
  !cashOnly || bonusMinor === 0 ? hedgedMinor : Math.floor((hedgedMinor * (stakeMinor - bonusMinor)) / stakeMinor);

async function hedgedWingoOnlyMinor(q: Queryable, playerId: number, since: Date | null, cashOnly: boolean): Promise<number> {
  const { rows } = await q.query<{ hedged_minor: string | number | null }>(
    `WITH covered AS (
       -- Every Wingo selection loses on some digit, so a round on one selection hedges nothing:
       -- only rounds with two or more selections are worth the ten-digit join.
       SELECT round_id FROM lottery_bets WHERE player_id = $1 AND game = 'wingo' AND ($6::timestamptz IS NULL OR placed_at >= $6::timestamptz)
        GROUP BY round_id HAVING count(DISTINCT selection) > 1
     ), bets AS (
       SELECT b.round_id, b.selection, b.total_minor, b.contract_minor, b.bonus_stake_minor
         FROM lottery_bets b JOIN covered c ON c.round_id = b.round_id JOIN lottery_rounds r ON r.id = b.round_id
        WHERE b.player_id = $1 AND b.game = 'wingo' AND r.status <> 'voided' AND ($6::timestamptz IS NULL OR b.placed_at >= $6::timestamptz)
     ), stakes AS (
       SELECT round_id, sum(total_minor) AS stake_minor, sum(bonus_stake_minor) AS bonus_minor FROM bets GROUP BY round_id
     ), per_digit AS (
       SELECT bets.round_id, d.digit, coalesce(sum((bets.contract_minor * p.num) / p.den), 0) AS payout_minor
         FROM bets CROSS JOIN generate_series(0, 9) AS d(digit)
         LEFT JOIN unnest($2::int[], $3::text[], $4::bigint[], $5::bigint[]) AS p(digit, selection, num, den)
           ON p.digit = d.digit AND p.selection = bets.selection
        GROUP BY bets.round_id, d.digit
     )
     SELECT sum(CASE WHEN $7::boolean AND s.bonus_minor > 0 THEN least(s.stake_minor, m.least_payout_minor) * (s.stake_minor - s.bonus_minor) / s.stake_minor
                     ELSE least(s.stake_minor, m.least_payout_minor) END)::bigint AS hedged_minor
       FROM stakes s JOIN (SELECT round_id, min(payout_minor) AS least_payout_minor FROM per_digit GROUP BY round_id) m USING (round_id)`,
    [playerId, TABLE.digits, TABLE.selections, TABLE.nums, TABLE.dens, since, cashOnly],
  );
  return Number(rows[0]?.hedged_minor ?? 0);
}

/** The hedged stakes of the player's K3 and 5D rounds: per round min(stake, least payout). */
async function hedgedOtherGamesMinor(q: Queryable, playerId: number, since: Date | null, cashOnly: boolean): Promise<number> {
  const { rows } = await q.query<{ round_id: number; game: string; selection: string; total_minor: number; contract_minor: number; bonus_stake_minor: number }>(
    `SELECT b.round_id, b.game, b.selection, b.total_minor, b.contract_minor, b.bonus_stake_minor
       FROM lottery_bets b JOIN lottery_rounds r ON r.id = b.round_id
      WHERE b.player_id = $1 AND b.game <> 'wingo' AND r.status <> 'voided' AND ($2::timestamptz IS NULL OR b.placed_at >= $2::timestamptz)
        AND b.round_id IN (SELECT round_id FROM lottery_bets WHERE player_id = $1 AND game <> 'wingo' AND ($2::timestamptz IS NULL OR placed_at >= $2::timestamptz)
                            GROUP BY round_id HAVING count(DISTINCT selection) > 1)`,
    [playerId, since],
  );
  const rounds = new Map<number, { game: string; stake: number; bonus: number; bets: HedgeBet[] }>();
  for (const r of rows) {
    const round = rounds.get(r.round_id) ?? { game: r.game, stake: 0, bonus: 0, bets: [] };
    round.stake += Number(r.total_minor);
    round.bonus += Number(r.bonus_stake_minor);
    round.bets.push({ selection: r.selection, contractMinor: Number(r.contract_minor) });
    rounds.set(r.round_id, round);
  }
  let hedged = 0;
  for (const round of rounds.values()) hedged += cashShare(Math.min(round.stake, leastPayoutMinor(engineGame(round.game).rules, round.bets)), round.stake, round.bonus, cashOnly);
  return hedged;
}

/** True when every selection loses on at least one digit (what the `covered` filter relies on). */
export const EVERY_SELECTION_CAN_LOSE = WINGO.selections.every((s) => DIGITS.some((d) => !WINGO.payoutRatio(s, d)));
