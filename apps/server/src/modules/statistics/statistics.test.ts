import { LAZY_API_PATHS, type PlayerStatistics } from '@colorplay/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { PlayerClient } from '../../../test/helpers/player-client';
import { asOwner } from '../../../test/helpers/test-db';
import { fakeClock } from '../../lib/clock';
import { HOUSE_ACCOUNTS, accountCodes, checkInvariants, ensureAccount, postTransfer } from '../ledger';
import { istDayStart, statisticsWindows } from './periods';

/**
 * Account › Statistics (decision 459) against the ledger: play placed on both sides of India
 * midnights, through the ledger's own transfers, must come back per period and per game exactly
 * as the ledger's sums say, with what is not play (a deposit) and what is older than 30 days left out.
 */
// 11:30 in India on 5 March; today began at 2026-03-04T18:30Z.
const clock = fakeClock(new Date('2026-03-05T06:00:00Z'));
const HOUSE = HOUSE_ACCOUNTS.deposits;
let t: TestApp;
let player: PlayerClient;
let playerId: number;
let vendorGame: { game_uid: string; title: string };
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  player = new PlayerClient(t.app, '203.0.113.91');
  expect((await player.register('9844440001')).statusCode).toBe(200);
  playerId = (await t.db.query<{ id: number }>(`SELECT id FROM players WHERE phone = '9844440001'`)).rows[0]!.id;
  vendorGame = (await t.db.query<{ game_uid: string; title: string }>(`SELECT game_uid, title FROM games WHERE game_uid <> '' ORDER BY id LIMIT 1`)).rows[0]!;
  const main = accountCodes.playerMain(playerId);
  await ensureAccount(t.db, { code: main, kind: 'player', owner: playerId });
  await ensureAccount(t.db, { code: HOUSE, kind: 'house' });

  // Each movement at an instant (the ledger stamps entries with the database's now(): moved after).
  const placed: { transferId: string; at: Date }[] = [];
  const move = async (kind: string, amountMinor: number, at: string, metadata: Record<string, unknown> = {}) => {
    const toPlayer = !['lottery_bet', 'vendor_bet'].includes(kind);
    const from = toPlayer ? HOUSE : main;
    const to = toPlayer ? main : HOUSE;
    const posted = await postTransfer(t.db, {
      idempotencyKey: `stats-${++seq}`,
      kind: kind as 'deposit',
      metadata,
      entries: [
        { accountCode: from, amountMinor: -amountMinor },
        { accountCode: to, amountMinor },
      ],
    });
    placed.push({ transferId: posted.id, at: new Date(at) });
  };
  const wingo = { game: 'wingo' };
  const k3 = { game: 'k3' };
  const vendor = { gameUid: vendorGame.game_uid };
  await move('deposit', 5_000_00, '2026-01-01T00:00:00Z');
  // 40 days ago: outside every period.
  await move('lottery_bet', 999_00, '2026-01-24T06:00:00Z', wingo);
  // 20 days ago: a vendor stake the ledger cannot tie to a game.
  await move('vendor_bet', 5_00, '2026-02-13T06:00:00Z');
  // 5 days ago.
  await move('lottery_bet', 40_00, '2026-02-28T06:00:00Z', wingo);
  // Yesterday, up to its last minute: a voided K3 bet (refunded), a vendor stake rolled back, a Wingo win.
  await move('lottery_bet', 30_00, '2026-03-03T18:30:00Z', k3);
  await move('lottery_refund', 30_00, '2026-03-04T10:00:00Z', k3);
  await move('vendor_bet', 10_00, '2026-03-04T11:00:00Z', vendor);
  await move('vendor_rollback', 10_00, '2026-03-04T11:01:00Z', vendor);
  await move('lottery_bet', 20_00, '2026-03-04T18:29:59Z', wingo);
  // Today, from its first instant: a Wingo bet and its win, a vendor bet, a win and a free-round win, a deposit.
  await move('lottery_bet', 100_00, '2026-03-04T18:30:00Z', wingo);
  await move('lottery_payout', 196_00, '2026-03-05T01:00:00Z', wingo);
  await move('vendor_bet', 50_00, '2026-03-05T02:00:00Z', vendor);
  await move('vendor_win', 20_00, '2026-03-05T02:01:00Z', vendor);
  await move('vendor_free_round', 7_00, '2026-03-05T02:02:00Z', vendor);
  await move('deposit', 300_00, '2026-03-05T03:00:00Z');
  await asOwner(t.db, (owner) =>
    owner.transaction(async (tx) => {
      await tx.query('ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_append_only');
      await tx.query(`UPDATE ledger_entries e SET created_at = p.at FROM unnest($1::text[], $2::timestamptz[]) AS p(id, at) WHERE e.transfer_id = p.id`, [
        placed.map((p) => p.transferId),
        placed.map((p) => p.at),
      ]);
      await tx.query('ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_append_only');
    }),
  );
});
afterAll(async () => t.app.close());

/** The ledger's own sums of the player's entries in [from, to): by kind, straight from its tables. */
async function ledgerSums(from: string, to: string): Promise<Record<string, { n: number; sum: number }>> {
  const { rows } = await t.db.query<{ kind: string; n: number; sum: string }>(
    `SELECT t.kind, count(*)::int AS n, SUM(e.amount_minor)::bigint AS sum FROM ledger_entries e
       JOIN ledger_accounts a ON a.id = e.account_id JOIN ledger_transfers t ON t.id = e.transfer_id
      WHERE a.owner = $1 AND a.kind = 'player' AND e.created_at >= $2 AND e.created_at < $3 GROUP BY t.kind`,
    [String(playerId), from, to],
  );
  return Object.fromEntries(rows.map((r) => [r.kind, { n: r.n, sum: Number(r.sum) }]));
}

describe('Account › Statistics', () => {
  it('gives each period per game and in total, equal to the ledger', async () => {
    const res = await player.call('GET', LAZY_API_PATHS.player_statistics);
    expect(res.statusCode, res.body).toBe(200);
    const stats = res.json().data as PlayerStatistics;
    expect(stats.periods.map((p) => [p.period, p.from, p.to])).toEqual([
      ['today', '2026-03-04T18:30:00.000Z', '2026-03-05T06:00:00.000Z'],
      ['yesterday', '2026-03-03T18:30:00.000Z', '2026-03-04T18:30:00.000Z'],
      ['last7Days', '2026-02-26T18:30:00.000Z', '2026-03-05T06:00:00.000Z'],
      ['last30Days', '2026-02-03T18:30:00.000Z', '2026-03-05T06:00:00.000Z'],
    ]);
    const [today, yesterday, week, month] = stats.periods;

    expect(today!.total).toEqual({ bets: 2, stakedMinor: 150_00, paidOutMinor: 223_00, netMinor: 73_00 });
    expect(today!.games).toEqual([
      { game: 'wingo', kind: 'lottery', title: null, bets: 1, stakedMinor: 100_00, paidOutMinor: 196_00, netMinor: 96_00 },
      { game: vendorGame.game_uid, kind: 'vendor', title: vendorGame.title, bets: 1, stakedMinor: 50_00, paidOutMinor: 27_00, netMinor: -23_00 },
    ]);
    // A refunded bet and a rolled-back stake were placed, but staked nothing.
    expect(yesterday!.total).toEqual({ bets: 3, stakedMinor: 20_00, paidOutMinor: 0, netMinor: -20_00 });
    expect(week!.total).toEqual({ bets: 6, stakedMinor: 210_00, paidOutMinor: 223_00, netMinor: 13_00 });
    expect(month!.total).toEqual({ bets: 7, stakedMinor: 215_00, paidOutMinor: 223_00, netMinor: 8_00 });
    expect(month!.games.find((g) => g.game === null)).toEqual({ game: null, kind: 'unknown', title: null, bets: 1, stakedMinor: 5_00, paidOutMinor: 0, netMinor: -5_00 });

    // Against the ledger's own sums: the net is every play entry's sum, the stakes and payouts
    // their kinds', the bets the count of stake entries; and the games add up to the total.
    for (const p of stats.periods) {
      const sums = await ledgerSums(p.from, p.to);
      const sum = (...kinds: string[]) => kinds.reduce((a, k) => a + (sums[k]?.sum ?? 0), 0);
      expect(p.total.netMinor, p.period).toBe(sum('lottery_bet', 'lottery_payout', 'lottery_refund', 'vendor_bet', 'vendor_win', 'vendor_rollback', 'vendor_free_round'));
      expect(p.total.stakedMinor, p.period).toBe(-sum('lottery_bet', 'vendor_bet', 'lottery_refund', 'vendor_rollback'));
      expect(p.total.paidOutMinor, p.period).toBe(sum('lottery_payout', 'vendor_win', 'vendor_free_round'));
      expect(p.total.bets, p.period).toBe((sums.lottery_bet?.n ?? 0) + (sums.vendor_bet?.n ?? 0));
      for (const f of ['bets', 'stakedMinor', 'paidOutMinor', 'netMinor'] as const) {
        expect(p.games.reduce((a, g) => a + g[f], 0), `${p.period} ${f}`).toBe(p.total[f]);
      }
    }
    expect(await checkInvariants(t.db)).toEqual([]);
  });

  it('answers only the signed-in player', async () => {
    expect((await t.app.inject({ method: 'GET', url: LAZY_API_PATHS.player_statistics })).statusCode).toBe(401);
  });
});

describe('statistics periods (pure)', () => {
  it('starts India days at 18:30 UTC, whatever the instant', () => {
    expect(istDayStart(new Date('2026-03-04T18:30:00Z')).toISOString()).toBe('2026-03-04T18:30:00.000Z');
    expect(istDayStart(new Date('2026-03-04T18:29:59.999Z')).toISOString()).toBe('2026-03-03T18:30:00.000Z');
    expect(istDayStart(new Date('2026-03-05T00:00:00Z')).toISOString()).toBe('2026-03-04T18:30:00.000Z');
  });

  it('counts today among the last 7 and 30 days', () => {
    const w = statisticsWindows(new Date('2026-03-04T18:30:00Z'));
    expect(w.map((x) => [x.period, x.from.toISOString(), x.to.toISOString()])).toEqual([
      ['today', '2026-03-04T18:30:00.000Z', '2026-03-04T18:30:00.000Z'],
      ['yesterday', '2026-03-03T18:30:00.000Z', '2026-03-04T18:30:00.000Z'],
      ['last7Days', '2026-02-26T18:30:00.000Z', '2026-03-04T18:30:00.000Z'],
      ['last30Days', '2026-02-03T18:30:00.000Z', '2026-03-04T18:30:00.000Z'],
    ]);
  });
});
