import type { Liabilities, PlayerPnl, PlayerPnlQuery, ReportKind, ReportRange, ReportSummary } from '@colorplay/contract';
import type { Db, Queryable } from '../../db/db';
import type { Clock } from '../../lib/clock';
import { selectRegistrations } from '../players';
import { balanceTotals, settledEntryId, summarizeEntries, transferKindsOf, withTransaction, type EntryFact } from '../ledger';
import * as repo from './repo';
import { reportCsv } from './csv';
import {
  activePlayers, addDays, cohortFigures, daysBetween, gamingFigures, istDayOf, istDayStart, isPlayerFact, liabilitiesOf, LOTTERY_SCOPE, mergeDailyFacts, mergePlayerFacts, monthSlices, newActivePairs, playerMonths, playerPnl, summarize,
  type DailyFact, type PlayerFact,
} from './rules';

export type ReportsSettings = {
  /**
   * How old (by its transaction's start) an entry must be before the fold takes it: twice the
   * longest a ledger transaction may last (decision 410). Entries younger than this are read live.
   */
  settleSeconds: number;
  /** Entries one fold transaction takes at most. */
  foldBatchEntries: number;
};
export const DEFAULT_REPORTS_SETTINGS: ReportsSettings = { settleSeconds: 600, foldBatchEntries: 200_000 };

export type ReportsDeps = { db: Db; clock: Clock; settings?: Partial<ReportsSettings> };

const dailyOf = (f: EntryFact): DailyFact => ({
  day: f.day, kind: f.kind, scope: f.scope, channel: f.channel ?? '', game: f.game ?? '', room: f.room ?? '', amountMinor: f.amountMinor, entries: f.entries,
});
const playersOf = (facts: readonly EntryFact[]): PlayerFact[] =>
  facts.filter((f) => isPlayerFact(f.scope) && f.owner !== null).map((f) => ({ day: f.day, playerId: f.owner!, kind: f.kind, amountMinor: f.amountMinor, entries: f.entries }));

const STAKE_KINDS = transferKindsOf('stake');
const DEPOSIT_KINDS = transferKindsOf('deposit');

/**
 * The reports (docs/admin.md, "Reports"; decision 410): a fold of the ledger into daily tables
 * and the reads that combine them with the entries past the fold, so every figure is exact.
 */
export function createReportsService({ db, clock, settings: given }: ReportsDeps) {
  const settings = { ...DEFAULT_REPORTS_SETTINGS, ...given };

  /**
   * One read in one snapshot (REPEATABLE READ, read only): the watermark, the folded rows and the
   * live entries past it are then consistent even while a fold commits.
   */
  function snapshot<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      return fn(tx);
    });
  }

  /** The entries past the fold, live from the ledger. */
  async function tailOf(tx: Queryable): Promise<{ watermark: number; tail: EntryFact[] }> {
    const watermark = await repo.selectFoldedThrough(tx);
    return { watermark, tail: await summarizeEntries(tx, { afterEntryId: watermark, throughEntryId: null }) };
  }

  async function summary(range: ReportRange): Promise<ReportSummary> {
    return snapshot(async (tx) => {
      const { watermark, tail } = await tailOf(tx);
      const inRange = (f: { day: string }) => f.day >= range.from && f.day <= range.to;
      const tailPlayers = playersOf(tail).filter(inRange);
      const folded = await repo.selectActiveCounts(tx, range.from, range.to, monthSlices(range.from, range.to));
      const pairs = await repo.selectActiveAmong(tx, range.from, range.to, [...new Set(tailPlayers.map((p) => p.playerId))]);
      const facts = [...(await repo.selectDaily(tx, range.from, range.to)), ...tail.map(dailyOf).filter(inRange)];
      return { ...summarize(range, facts, activePlayers(folded, tailPlayers, pairs)), cohorts: await cohortsOf(tx, range, playersOf(tail)), foldedThroughEntryId: watermark };
    });
  }

  /** The registration cohorts of the range's days: their deposits and stakes, folded and live. */
  async function cohortsOf(tx: Queryable, range: ReportRange, tail: readonly PlayerFact[]) {
    const registrations = (await selectRegistrations(tx, istDayStart(range.from), istDayStart(addDays(range.to, 1)))).map((r) => ({ playerId: r.playerId, day: istDayOf(r.registeredAt) }));
    const ids = registrations.map((r) => r.playerId);
    const cohort = new Set(ids);
    const ours = tail.filter((p) => cohort.has(p.playerId));
    const depositors = new Set([
      ...(await repo.selectPlayersWithKinds(tx, ids, DEPOSIT_KINDS)),
      ...ours.filter((p) => (DEPOSIT_KINDS as string[]).includes(p.kind)).map((p) => p.playerId),
    ]);
    const staked = new Set([
      ...(await repo.selectActiveAmong(tx, range.from, addDays(range.to, 30), ids)).map((p) => `${p.day} ${p.playerId}`),
      ...ours.filter((p) => (STAKE_KINDS as string[]).includes(p.kind)).map((p) => `${p.day} ${p.playerId}`),
    ]);
    return cohortFigures({ days: daysBetween(range.from, range.to), registrations, depositors, staked, today: istDayOf(clock.now()) });
  }

  async function players(query: PlayerPnlQuery): Promise<PlayerPnl[]> {
    return snapshot(async (tx) => {
      const { tail } = await tailOf(tx);
      const range = { from: query.from, to: query.to };
      const live = playersOf(tail).filter((p) => p.day >= range.from && p.day <= range.to && (query.playerId === undefined || p.playerId === query.playerId));
      const livePlayers = [...new Set(live.map((p) => p.playerId))];
      // Exact with the tail: players without live entries keep their folded rank, so the final
      // top `limit` lies within the folded top (limit + live players) and the live players.
      const ranked = query.playerId !== undefined ? [query.playerId] : await repo.selectTopPlayers(tx, monthSlices(range.from, range.to), query.limit + livePlayers.length);
      const folded = await repo.selectPlayerTotals(tx, range, [...new Set([...ranked, ...livePlayers])]);
      return playerPnl(mergePlayerFacts([...folded, ...live])).slice(0, query.limit);
    });
  }

  /**
   * What the lottery games paid players on one IST day (home's figures, decision 518): the day's
   * folded rows and the live entries past the fold, read as `summary` reads them.
   */
  async function lotteryPayoutsOn(day: string): Promise<number> {
    return snapshot(async (tx) => {
      const { tail } = await tailOf(tx);
      const facts = [...(await repo.selectDaily(tx, day, day)), ...tail.map(dailyOf).filter((f) => f.day === day)];
      return gamingFigures(facts.filter((f) => f.scope.startsWith(LOTTERY_SCOPE))).payoutsMinor;
    });
  }

  async function liabilities(): Promise<Liabilities> {
    return liabilitiesOf(await balanceTotals(db));
  }

  return {
    summary,
    players,
    liabilities,
    lotteryPayoutsOn,

    /** One report as CSV, the same rows and columns the console's table shows. */
    async csv(kind: ReportKind, range: ReportRange): Promise<string> {
      if (kind === 'players') return reportCsv.players(await players({ ...range, limit: 500 }));
      if (kind === 'liabilities') return reportCsv.liabilities(await liabilities());
      return reportCsv[kind](await summary(range));
    },

    /**
     * Folds settled ledger entries into the daily tables, a batch per transaction, until none is
     * left (a job under the leader lock; safe to repeat: the watermark moves with the rows).
     * Returns how many entries' ids it moved past.
     */
    async fold(): Promise<number> {
      let moved = 0;
      for (;;) {
        const step = await withTransaction(db, async (tx) => {
          const after = await repo.lockFoldState(tx);
          const through = await settledEntryId(tx, after, settings.settleSeconds, settings.foldBatchEntries);
          if (through === null || through <= after) return 0;
          const facts = await summarizeEntries(tx, { afterEntryId: after, throughEntryId: through });
          await repo.addDaily(tx, mergeDailyFacts(facts.map(dailyOf)));
          const players = mergePlayerFacts(playersOf(facts));
          await repo.addPlayers(tx, players);
          // A (day, player) stake pair is new when the month rollup did not have its bit yet;
          // read before the batch's months are added (the watermark's lock keeps other folds out).
          const months = playerMonths(players);
          await repo.addActiveDays(tx, newActivePairs(months, await repo.selectMonthBits(tx, months)));
          await repo.addPlayerMonths(tx, months);
          await repo.setFoldState(tx, through, clock.now());
          return through - after;
        });
        if (step === 0) return moved;
        moved += step;
      }
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
