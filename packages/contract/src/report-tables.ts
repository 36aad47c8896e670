import type { ChannelFigure, CohortFigures, DayFigures, GameFigures, Liabilities, PlayerPnl } from './reports';

/**
 * The reports' tables, column by column: the console renders them and the CSV export writes them
 * from these same definitions, so an export always equals the table on screen (docs/admin.md).
 * Without zod, so the console's lazy chunk imports it alone.
 */

/** Minor units as a plain decimal string with two places ("500.00", "-0.50"): integer arithmetic, no floats. */
export function minorToDecimal(minor: number): string {
  const abs = Math.abs(minor);
  return `${minor < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A column: its id (the CSV header, and the console's message key) and its cell as text. */
export type ReportColumn<T> = { id: string; cell: (row: T) => string; numeric?: boolean };

const money = <T>(id: string, of: (row: T) => number): ReportColumn<T> => ({ id, cell: (r) => minorToDecimal(of(r)), numeric: true });
const count = <T>(id: string, of: (row: T) => number): ReportColumn<T> => ({ id, cell: (r) => String(of(r)), numeric: true });
const text = <T>(id: string, of: (row: T) => string): ReportColumn<T> => ({ id, cell: of });
/** A share in percent with two decimals (basis points / 100); empty when it has no meaning yet. */
const percent = <T>(id: string, of: (row: T) => number | null): ReportColumn<T> => ({ id, cell: (r) => { const bp = of(r); return bp === null ? '' : minorToDecimal(bp); }, numeric: true });
/** Hold in percent; empty when nothing was staked. */
const hold = <T extends { holdBasisPoints: number | null }>(): ReportColumn<T> => percent<T>('hold_percent', (r) => r.holdBasisPoints);

export type ChannelRow = ChannelFigure & { direction: 'deposit' | 'withdrawal' };
export type LiabilityRow = { line: string; amountMinor: number };

export const REPORT_COLUMNS = {
  daily: [
    text<DayFigures>('day', (d) => d.day),
    count<DayFigures>('deposits', (d) => d.depositsCount),
    money<DayFigures>('deposits_inr', (d) => d.depositsMinor),
    count<DayFigures>('withdrawals', (d) => d.withdrawalsCount),
    money<DayFigures>('withdrawals_inr', (d) => d.withdrawalsMinor),
    count<DayFigures>('reversed', (d) => d.reversedCount),
    money<DayFigures>('reversed_inr', (d) => d.reversedMinor),
    money<DayFigures>('stakes_inr', (d) => d.stakesMinor),
    money<DayFigures>('returned_inr', (d) => d.returnedMinor),
    money<DayFigures>('payouts_inr', (d) => d.payoutsMinor),
    money<DayFigures>('ggr_inr', (d) => d.ggrMinor),
    money<DayFigures>('fees_inr', (d) => d.feesMinor),
    hold<DayFigures>(),
    count<DayFigures>('active_players', (d) => d.activePlayers),
  ],
  channels: [
    text<ChannelRow>('direction', (c) => c.direction),
    text<ChannelRow>('channel', (c) => c.channel),
    count<ChannelRow>('count', (c) => c.count),
    money<ChannelRow>('amount_inr', (c) => c.amountMinor),
  ],
  games: [
    text<GameFigures>('account', (g) => g.account),
    text<GameFigures>('game', (g) => g.game),
    text<GameFigures>('room', (g) => g.room),
    money<GameFigures>('stakes_inr', (g) => g.stakesMinor),
    money<GameFigures>('returned_inr', (g) => g.returnedMinor),
    money<GameFigures>('payouts_inr', (g) => g.payoutsMinor),
    money<GameFigures>('ggr_inr', (g) => g.ggrMinor),
    money<GameFigures>('fees_inr', (g) => g.feesMinor),
    hold<GameFigures>(),
  ],
  cohorts: [
    text<CohortFigures>('registered', (c) => c.day),
    count<CohortFigures>('new_players', (c) => c.newPlayers),
    count<CohortFigures>('depositors', (c) => c.depositors),
    percent<CohortFigures>('conversion_percent', (c) => c.conversionBasisPoints),
    percent<CohortFigures>('d1_percent', (c) => c.d1.basisPoints),
    percent<CohortFigures>('d7_percent', (c) => c.d7.basisPoints),
    percent<CohortFigures>('d30_percent', (c) => c.d30.basisPoints),
  ],
  players: [
    text<PlayerPnl>('player', (p) => p.playerId),
    money<PlayerPnl>('deposits_inr', (p) => p.depositsMinor),
    money<PlayerPnl>('withdrawals_inr', (p) => p.withdrawalsMinor),
    money<PlayerPnl>('stakes_inr', (p) => p.stakesMinor),
    money<PlayerPnl>('payouts_inr', (p) => p.payoutsMinor),
    money<PlayerPnl>('net_inr', (p) => p.netMinor),
  ],
  liabilities: [text<LiabilityRow>('line', (l) => l.line), money<LiabilityRow>('amount_inr', (l) => l.amountMinor)],
};

/** The channels table's rows: deposits then withdrawals. */
export const channelRows = (s: { deposits: ChannelFigure[]; withdrawals: ChannelFigure[] }): ChannelRow[] => [
  ...s.deposits.map((c) => ({ ...c, direction: 'deposit' as const })),
  ...s.withdrawals.map((c) => ({ ...c, direction: 'withdrawal' as const })),
];

/** The liabilities table's rows: what is owed, what is held, the difference, then the house's own accounts. */
export const liabilityRows = (l: Liabilities): LiabilityRow[] => [
  { line: 'player_balances', amountMinor: l.playerBalancesMinor },
  { line: 'vendor_purses', amountMinor: l.vendorPursesMinor },
  { line: 'pending_withdrawals', amountMinor: l.pendingWithdrawalsMinor },
  { line: 'owed', amountMinor: l.owedMinor },
  { line: 'deposits_received', amountMinor: l.depositsReceivedMinor },
  { line: 'withdrawals_paid', amountMinor: l.withdrawalsPaidMinor },
  { line: 'custody', amountMinor: l.custodyMinor },
  { line: 'difference', amountMinor: l.differenceMinor },
  ...l.houseAccounts.map((h) => ({ line: h.account, amountMinor: h.balanceMinor })),
];
