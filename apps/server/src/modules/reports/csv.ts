import type { Liabilities, PlayerPnl, ReportSummary } from '@colorplay/contract';
import { toCsv } from '../admin';

/** Minor units as a decimal amount (paise to rupees), exactly: no floating point. */
export function decimalOf(minor: number): string {
  const abs = Math.abs(minor);
  return `${minor < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const percentOf = (bp: number | null) => (bp === null ? '' : decimalOf(bp));

/**
 * Each report's CSV: the columns and rows of the console's table for it (the console builds its
 * tables from the same JSON, docs/admin.md), amounts in rupees with two decimals, hold in percent.
 */
export const reportCsv = {
  daily: (s: ReportSummary) =>
    toCsv(
      ['day', 'deposits', 'deposits_inr', 'withdrawals', 'withdrawals_inr', 'reversed', 'reversed_inr', 'stakes_inr', 'returned_inr', 'payouts_inr', 'ggr_inr', 'fees_inr', 'hold_percent', 'active_players'],
      s.days.map((d) => [
        d.day, d.depositsCount, decimalOf(d.depositsMinor), d.withdrawalsCount, decimalOf(d.withdrawalsMinor), d.reversedCount, decimalOf(d.reversedMinor),
        decimalOf(d.stakesMinor), decimalOf(d.returnedMinor), decimalOf(d.payoutsMinor), decimalOf(d.ggrMinor), decimalOf(d.feesMinor), percentOf(d.holdBasisPoints), d.activePlayers,
      ]),
    ),
  channels: (s: ReportSummary) =>
    toCsv(
      ['direction', 'channel', 'count', 'amount_inr'],
      [
        ...s.deposits.map((c) => ['deposit', c.channel, c.count, decimalOf(c.amountMinor)]),
        ...s.withdrawals.map((c) => ['withdrawal', c.channel, c.count, decimalOf(c.amountMinor)]),
      ],
    ),
  games: (s: ReportSummary) =>
    toCsv(
      ['account', 'game', 'room', 'stakes_inr', 'returned_inr', 'payouts_inr', 'ggr_inr', 'fees_inr', 'hold_percent'],
      s.games.map((g) => [g.account, g.game, g.room, decimalOf(g.stakesMinor), decimalOf(g.returnedMinor), decimalOf(g.payoutsMinor), decimalOf(g.ggrMinor), decimalOf(g.feesMinor), percentOf(g.holdBasisPoints)]),
    ),
  players: (rows: readonly PlayerPnl[]) =>
    toCsv(
      ['player', 'deposits_inr', 'withdrawals_inr', 'stakes_inr', 'payouts_inr', 'net_inr'],
      rows.map((p) => [p.playerId, decimalOf(p.depositsMinor), decimalOf(p.withdrawalsMinor), decimalOf(p.stakesMinor), decimalOf(p.payoutsMinor), decimalOf(p.netMinor)]),
    ),
  liabilities: (l: Liabilities) =>
    toCsv(
      ['line', 'amount_inr'],
      [
        ['player_balances', decimalOf(l.playerBalancesMinor)],
        ['vendor_purses', decimalOf(l.vendorPursesMinor)],
        ['pending_withdrawals', decimalOf(l.pendingWithdrawalsMinor)],
        ['owed', decimalOf(l.owedMinor)],
        ['deposits_received', decimalOf(l.depositsReceivedMinor)],
        ['withdrawals_paid', decimalOf(l.withdrawalsPaidMinor)],
        ['custody', decimalOf(l.custodyMinor)],
        ['difference', decimalOf(l.differenceMinor)],
        ...l.houseAccounts.map((h) => [h.account, decimalOf(h.balanceMinor)]),
      ],
    ),
};
