import type { ChannelFigure, CohortFigures, DayFigures, GameFigures, GamingFigures, Liabilities, PlayerPnl } from '@colorplay/contract';
import { HOUSE_ACCOUNTS, TRANSFER_KIND_CATEGORIES, type TransferCategory } from '../ledger';

/**
 * The reports' figures as pure functions of folded ledger facts (docs/admin.md, "Reports";
 * decision 410). A fact is a sum of ledger entries of one day, transfer kind and account scope;
 * the daily tables and the live tail of the ledger give the same shape, so one function computes
 * a figure whichever way its entries arrived.
 */

/** Entries of one IST day, transfer kind, account scope, channel, game and room, summed. */
export type DailyFact = {
  day: string;
  kind: string;
  scope: string;
  channel: string;
  game: string;
  room: string;
  amountMinor: number;
  entries: number;
};

/** Entries of one IST day, player and transfer kind, summed over the player's accounts. */
export type PlayerFact = { day: string; playerId: string; kind: string; amountMinor: number; entries: number };

/** India Standard Time is UTC+05:30 all year (no daylight saving). */
export const IST_OFFSET_MS = 330 * 60_000;

/** The IST calendar day of an instant, YYYY-MM-DD. */
export function istDayOf(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** Every day from `from` to `to` inclusive (both YYYY-MM-DD). */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/** The day `n` days after `day` (YYYY-MM-DD). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** The instant an IST day begins. */
export const istDayStart = (day: string): Date => new Date(Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS);

const share = (part: number, whole: number) => (whole > 0 ? Math.round((part * 10_000) / whole) : null);

/**
 * Registration cohorts (players registered on one IST day, from the players module): how many
 * made a first deposit since (first-deposit conversion, as of now), and D1/D7/D30 retention: of
 * the cohort, the players with a stake on the day 1, 7 or 30 days after registering. A retention
 * figure is null until that day is over (`today` is the current IST day).
 */
export function cohortFigures(input: {
  days: readonly string[];
  registrations: readonly { playerId: string; day: string }[];
  depositors: ReadonlySet<string>;
  /** `${day} ${playerId}` for each day a player staked. */
  staked: ReadonlySet<string>;
  today: string;
}): CohortFigures[] {
  return input.days.map((day) => {
    const cohort = input.registrations.filter((r) => r.day === day).map((r) => r.playerId);
    const retained = (n: number) => {
      const on = addDays(day, n);
      const players = cohort.filter((p) => input.staked.has(`${on} ${p}`)).length;
      return { players, basisPoints: on < input.today ? share(players, cohort.length) : null };
    };
    const depositors = cohort.filter((p) => input.depositors.has(p)).length;
    return { day, newPlayers: cohort.length, depositors, conversionBasisPoints: share(depositors, cohort.length), d1: retained(1), d7: retained(7), d30: retained(30) };
  });
}

const categoryOf = (kind: string): TransferCategory | undefined => (TRANSFER_KIND_CATEGORIES as Record<string, TransferCategory>)[kind];
const isPlayerScope = (scope: string) => scope === 'player' || scope === 'purse';
/** The house accounts that are the other side of play: a lottery game's, or a vendor's. */
/** The scope of the lottery games' house accounts (`house:lottery:<game>`). */
export const LOTTERY_SCOPE = 'house:lottery:';
export const isGameScope = (scope: string) => scope.startsWith(LOTTERY_SCOPE) || scope.startsWith('vendor:');

/** Groups facts by a key and adds up their amounts and entries. */
function fold<T extends { amountMinor: number; entries: number }>(facts: readonly T[], keyOf: (f: T) => string): Map<string, T> {
  const out = new Map<string, T>();
  for (const f of facts) {
    const key = keyOf(f);
    const seen = out.get(key);
    out.set(key, seen ? { ...seen, amountMinor: seen.amountMinor + f.amountMinor, entries: seen.entries + f.entries } : { ...f });
  }
  return out;
}

/**
 * One player's calendar month in the rollup (report_player_month, decision 445): which days they
 * staked (bit d - 1 for day d), which days they had an entry the P&L counts, and what they played
 * (stakes net of returned stakes, positive) on each day 1..31.
 */
export type PlayerMonth = { month: string; playerId: string; activeDays: number; pnlDays: number; played: number[] };

/** The first day of a day's month (YYYY-MM-01). */
export const monthOf = (day: string) => `${day.slice(0, 7)}-01`;
/** A day's bit in its month's bitmask: day d is bit d - 1 (day 31 is 2^30, inside a signed 32-bit integer). */
const dayBit = (day: string) => 1 << (Number(day.slice(8, 10)) - 1);

/** Whether entries of a kind count in the P&L: moves between a player's own purses, corrections and house-only kinds do not. */
export function countsInPnl(kind: string): boolean {
  const category = categoryOf(kind);
  return !(category === undefined || category === 'internal' || category === 'adjustment' || category === 'house');
}
const isStake = (kind: string) => categoryOf(kind) === 'stake';
const isPlayed = (kind: string) => isStake(kind) || categoryOf(kind) === 'stake_return';

/** Player facts rolled up per player and month (what the fold adds to report_player_month). */
export function playerMonths(facts: readonly PlayerFact[]): PlayerMonth[] {
  const out = new Map<string, PlayerMonth>();
  for (const f of facts) {
    const month = monthOf(f.day);
    const key = `${month} ${f.playerId}`;
    const row = out.get(key) ?? { month, playerId: f.playerId, activeDays: 0, pnlDays: 0, played: new Array<number>(31).fill(0) };
    const bit = dayBit(f.day);
    if (isStake(f.kind)) row.activeDays |= bit;
    if (countsInPnl(f.kind)) row.pnlDays |= bit;
    const i = Number(f.day.slice(8, 10)) - 1;
    if (isPlayed(f.kind)) row.played[i] = (row.played[i] ?? 0) - f.amountMinor;
    out.set(key, row);
  }
  return [...out.values()];
}

/** Running sums: element d is the sum of elements 1..d (the table keeps played per month this way). */
export function cumulative(values: readonly number[]): number[] {
  let sum = 0;
  return values.map((v) => (sum += v));
}

/**
 * The (day, player) stake pairs a batch adds that the rollup did not have, counted per day:
 * `before` maps `${month} ${playerId}` to the month's active-day bits already folded.
 */
export function newActivePairs(batch: readonly PlayerMonth[], before: ReadonlyMap<string, number>): Map<string, number> {
  const perDay = new Map<string, number>();
  for (const row of batch) {
    const fresh = row.activeDays & ~(before.get(`${row.month} ${row.playerId}`) ?? 0);
    for (let d = 1; d <= 31; d++) {
      if ((fresh & (1 << (d - 1))) === 0) continue;
      const day = `${row.month.slice(0, 8)}${String(d).padStart(2, '0')}`;
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
    }
  }
  return perDay;
}

/** The part of one month a range covers: days lo..hi of it, and their bits. */
export type MonthSlice = { month: string; lo: number; hi: number; mask: number };

/** The months a range of days touches, each with the days of it inside the range. */
export function monthSlices(from: string, to: string): MonthSlice[] {
  const slices: MonthSlice[] = [];
  for (let month = monthOf(from); month <= to; month = monthOf(addDays(month, 31))) {
    const lo = month < from ? Number(from.slice(8, 10)) : 1;
    const last = addDays(monthOf(addDays(month, 31)), -1);
    const hi = Number((last > to ? to : last).slice(8, 10));
    // Bits lo-1 .. hi-1; 2^31 - 1 at most, a positive PostgreSQL integer.
    slices.push({ month, lo, hi, mask: 2 ** hi - 2 ** (lo - 1) });
  }
  return slices;
}

/** The (day, player) pairs a month's active-day bits stand for, within a range. */
export function activeDaysIn(row: { month: string; playerId: string; activeDays: number }, from: string, to: string): { day: string; playerId: string }[] {
  const out: { day: string; playerId: string }[] = [];
  for (let d = 1; d <= 31; d++) {
    if ((row.activeDays & (1 << (d - 1))) === 0) continue;
    const day = `${row.month.slice(0, 8)}${String(d).padStart(2, '0')}`;
    if (day >= from && day <= to) out.push({ day, playerId: row.playerId });
  }
  return out;
}

/** Daily facts with equal keys merged (the fold adds a new batch to rows it already holds). */
export function mergeDailyFacts(facts: readonly DailyFact[]): DailyFact[] {
  return [...fold(facts, (f) => [f.day, f.kind, f.scope, f.channel, f.game, f.room].join('\u0000')).values()];
}

/** Player facts with equal keys merged. */
export function mergePlayerFacts(facts: readonly PlayerFact[]): PlayerFact[] {
  return [...fold(facts, (f) => [f.day, f.playerId, f.kind].join('\u0000')).values()];
}

/**
 * Stakes, returns, payouts, GGR and fee of a set of facts, all read on the house's game accounts
 * (the other side of every stake and payout):
 * - stakes: what bets moved into a game account (a lottery bet's total includes its fee);
 * - returned: stakes given back unplayed (a voided round's refund, a vendor's rollback);
 * - payouts: wins and free-round wins paid out of a game account;
 * - GGR = stakes - returned - payouts, fee included; the fee is also shown alone: what lottery
 *   settlement moved from the game accounts to house:fees;
 * - hold = GGR / (stakes - returned), in basis points.
 */
export function gamingFigures(facts: readonly DailyFact[]): GamingFigures {
  let stakesMinor = 0;
  let returnedMinor = 0;
  let payoutsMinor = 0;
  let feesMinor = 0;
  for (const f of facts) {
    if (!isGameScope(f.scope)) continue;
    const category = categoryOf(f.kind);
    if (category === 'stake') stakesMinor += f.amountMinor;
    else if (category === 'stake_return') returnedMinor -= f.amountMinor;
    else if (category === 'win' || category === 'bonus') payoutsMinor -= f.amountMinor;
    else if (f.kind === 'lottery_fee') feesMinor -= f.amountMinor;
  }
  const ggrMinor = stakesMinor - returnedMinor - payoutsMinor;
  const played = stakesMinor - returnedMinor;
  return { stakesMinor, returnedMinor, payoutsMinor, ggrMinor, feesMinor, holdBasisPoints: played > 0 ? Math.round((ggrMinor * 10_000) / played) : null };
}

/** Deposits per channel: credits of deposit kinds to players' main wallets (one entry per deposit). */
export function depositsByChannel(facts: readonly DailyFact[]): ChannelFigure[] {
  const rows = facts.filter((f) => f.scope === 'player' && categoryOf(f.kind) === 'deposit');
  return [...fold(rows, (f) => f.channel).values()].map((f) => ({ channel: f.channel || 'unknown', count: f.entries, amountMinor: f.amountMinor })).sort(byChannel);
}

/**
 * Paid withdrawals per channel: what withdrawal_paid took off the withdrawal hold (the amount the
 * player asked for, fee included; one entry per withdrawal).
 */
export function withdrawalsByChannel(facts: readonly DailyFact[]): ChannelFigure[] {
  const rows = facts.filter((f) => f.scope === HOUSE_ACCOUNTS.withdrawalHold && f.kind === 'withdrawal_paid');
  return [...fold(rows, (f) => f.channel).values()].map((f) => ({ channel: f.channel || 'unknown', count: f.entries, amountMinor: -f.amountMinor })).sort(byChannel);
}

const byChannel = (a: ChannelFigure, b: ChannelFigure) => a.channel.localeCompare(b.channel);
const sumOf = (list: readonly ChannelFigure[]) => list.reduce((s, c) => ({ count: s.count + c.count, amountMinor: s.amountMinor + c.amountMinor }), { count: 0, amountMinor: 0 });

/** Paid withdrawals the bank returned: withdrawal_reversed credits to players. */
function reversed(facts: readonly DailyFact[]): { count: number; amountMinor: number } {
  const rows = facts.filter((f) => f.scope === 'player' && f.kind === 'withdrawal_reversed');
  return { count: rows.reduce((s, f) => s + f.entries, 0), amountMinor: rows.reduce((s, f) => s + f.amountMinor, 0) };
}

/** Active players: distinct players with at least one stake entry, per day and over the range. */
export type ActivePlayers = { perDay: ReadonlyMap<string, number>; range: number };

/**
 * Active players from the folded counts plus the live tail's players: a tail player counts on a
 * day (or in the range) unless the folded table already has them there.
 */
export function activePlayers(
  folded: ActivePlayers,
  tail: readonly PlayerFact[],
  foldedPairs: readonly { day: string; playerId: string }[],
): ActivePlayers {
  const staking = tail.filter((p) => categoryOf(p.kind) === 'stake');
  const known = new Set(foldedPairs.map((p) => `${p.day} ${p.playerId}`));
  const knownInRange = new Set(foldedPairs.map((p) => p.playerId));
  const perDay = new Map(folded.perDay);
  for (const pair of new Set(staking.map((p) => `${p.day} ${p.playerId}`))) {
    if (known.has(pair)) continue;
    const day = pair.slice(0, 10);
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }
  const extra = new Set(staking.map((p) => p.playerId).filter((id) => !knownInRange.has(id)));
  return { perDay, range: folded.range + extra.size };
}

/** One day's (or a range's, with `day` left out) figures. */
function dayFigures(facts: readonly DailyFact[], active: number): Omit<DayFigures, 'day'> {
  const deposits = sumOf(depositsByChannel(facts));
  const withdrawals = sumOf(withdrawalsByChannel(facts));
  const back = reversed(facts);
  return {
    depositsCount: deposits.count,
    depositsMinor: deposits.amountMinor,
    withdrawalsCount: withdrawals.count,
    withdrawalsMinor: withdrawals.amountMinor,
    reversedCount: back.count,
    reversedMinor: back.amountMinor,
    activePlayers: active,
    ...gamingFigures(facts),
  };
}

/** The summary of a range: each day's figures, the range's totals, channels and games. */
export function summarize(range: { from: string; to: string }, facts: readonly DailyFact[], active: ActivePlayers) {
  const inRange = facts.filter((f) => f.day >= range.from && f.day <= range.to);
  const days = daysBetween(range.from, range.to).map((day) => ({
    day,
    ...dayFigures(inRange.filter((f) => f.day === day), active.perDay.get(day) ?? 0),
  }));
  const games: GameFigures[] = [...fold(inRange.filter((f) => isGameScope(f.scope)), (f) => [f.scope, f.game, f.room].join('\u0000')).keys()]
    .map((key) => {
      const [account, game, room] = key.split('\u0000') as [string, string, string];
      return { account, game, room, ...gamingFigures(inRange.filter((f) => f.scope === account && f.game === game && f.room === room)) };
    })
    .filter((g) => g.stakesMinor !== 0 || g.payoutsMinor !== 0 || g.returnedMinor !== 0)
    .sort((a, b) => b.ggrMinor - a.ggrMinor || a.account.localeCompare(b.account) || a.game.localeCompare(b.game) || a.room.localeCompare(b.room));
  return {
    from: range.from,
    to: range.to,
    days,
    totals: dayFigures(inRange, active.range),
    deposits: depositsByChannel(inRange),
    withdrawals: withdrawalsByChannel(inRange),
    games,
  };
}

/**
 * Each player's P&L over a range, from the entries on the player's own accounts (main and purses):
 * deposits credited; withdrawals = money that left the wallet for a withdrawal net of what came
 * back (a pending one counts: it is no longer playable); stakes = stakes net of returned ones;
 * payouts = wins and free-round wins; net = payouts - stakes (the player's game result).
 */
export function playerPnl(players: readonly PlayerFact[]): PlayerPnl[] {
  const byPlayer = new Map<string, PlayerPnl>();
  for (const p of players) {
    if (!countsInPnl(p.kind)) continue;
    const category = categoryOf(p.kind);
    const row = byPlayer.get(p.playerId) ?? { playerId: p.playerId, depositsMinor: 0, withdrawalsMinor: 0, stakesMinor: 0, payoutsMinor: 0, netMinor: 0 };
    if (category === 'deposit') row.depositsMinor += p.amountMinor;
    else if (category === 'withdrawal') row.withdrawalsMinor -= p.amountMinor;
    else if (category === 'stake' || category === 'stake_return') row.stakesMinor -= p.amountMinor;
    else if (category === 'win' || category === 'bonus') row.payoutsMinor += p.amountMinor;
    row.netMinor = row.payoutsMinor - row.stakesMinor;
    byPlayer.set(p.playerId, row);
  }
  return [...byPlayer.values()].sort((a, b) => b.stakesMinor - a.stakesMinor || a.playerId.length - b.playerId.length || a.playerId.localeCompare(b.playerId));
}

/** Whether a fact belongs in the per-player table: it is on a player's own account. */
export const isPlayerFact = (scope: string) => isPlayerScope(scope);

/**
 * What the house owes players against what it holds (all current balances):
 * - owed = players' main wallets + their vendor purses + withdrawals on hold (requested, not yet
 *   paid or returned);
 * - custody = what players paid in (minus house:deposits) less what was paid out to them
 *   (house:withdrawals): the money the house's bank and wallets should hold;
 * - difference = custody - owed, which double entry makes equal to the house's own accounts
 *   (fees, game accounts, corrections); listed so an auditor can tie it out.
 */
export function liabilitiesOf(balances: readonly { scope: string; balanceMinor: number }[]): Liabilities {
  const of = (scope: string) => balances.filter((b) => b.scope === scope).reduce((s, b) => s + b.balanceMinor, 0);
  const playerBalancesMinor = of('player');
  const vendorPursesMinor = of('purse');
  const pendingWithdrawalsMinor = of(HOUSE_ACCOUNTS.withdrawalHold);
  const owedMinor = playerBalancesMinor + vendorPursesMinor + pendingWithdrawalsMinor;
  const depositsReceivedMinor = -of(HOUSE_ACCOUNTS.deposits);
  const withdrawalsPaidMinor = of(HOUSE_ACCOUNTS.withdrawals);
  const custodyMinor = depositsReceivedMinor - withdrawalsPaidMinor;
  const outside = new Set<string>(['player', 'purse', HOUSE_ACCOUNTS.withdrawalHold, HOUSE_ACCOUNTS.deposits, HOUSE_ACCOUNTS.withdrawals]);
  const houseAccounts = balances
    .filter((b) => !outside.has(b.scope))
    .map((b) => ({ account: b.scope, balanceMinor: b.balanceMinor }))
    .sort((a, b) => a.account.localeCompare(b.account));
  return {
    playerBalancesMinor, vendorPursesMinor, pendingWithdrawalsMinor, owedMinor,
    depositsReceivedMinor, withdrawalsPaidMinor, custodyMinor, differenceMinor: custodyMinor - owedMinor, houseAccounts,
  };
}
