import type { LotteryResult, LotterySummary, LotteryTrend } from '@colorplay/contract';
import type { ComponentType, ReactNode } from 'react';
import type { Translate } from '../../../lib/i18n';
import './i18n';
import { OutcomeValues } from './outcome';

/**
 * What makes K3, 5D and Trx Win differ on screen (decision 356): one row per game of this table,
 * read by the generic page, its records, result popup and rules. Everything else (rooms, clock,
 * bet sheet, money action, settlements) is the same code for all three.
 */

export interface GameBoardProps {
  /** Betting is closed for the round's last seconds: the selections are disabled under a countdown. */
  locked: boolean;
  /** The countdown under the lock; shown only while locked (the page passes 0 otherwise, so the memoised board does not render every second). */
  secondsLeft: number;
  /** A selection id of the rule table was tapped: the bet sheet opens for it. */
  onChoose: (selection: string) => void;
  /** The multiplier chips (Wingo's board shows them; K3's and 5D's bet at x1 and ignore them). */
  multipliers: readonly number[];
  multiplier: number;
  onMultiplier: (multiplier: number) => void;
}

/** A drawn round at the top of the screen: its record, with the outcome and summary it has. */
export interface LatestResultProps {
  result: LotteryResult;
  outcome: readonly number[];
  summary: LotterySummary;
}

/** A history table's column: its heading and what a drawn (or voided) round shows in it. */
export interface HistoryColumn {
  head: (t: Translate) => string;
  cell: (result: LotteryResult, t: Translate) => ReactNode;
}

export interface LotteryGameView {
  Board: ComponentType<GameBoardProps>;
  /** The outcome in words under the latest result: "Sum 10, Small, Even" / "7: Green, Big". */
  summaryLine: (outcome: readonly number[], summary: LotterySummary, t: Translate) => string;
  /** The result popup's line under the outcome: "Sum 10" / "7: Green, Big". */
  popupLine: (outcome: readonly number[], t: Translate) => string;
  /**
   * The latest result at the top, when the game draws it its own way (K3's dice stage, Trx Win's
   * block); otherwise the outcome and `summaryLine`.
   */
  Latest?: ComponentType<LatestResultProps>;
  /** The game history's columns after the period. */
  historyColumns: readonly HistoryColumn[];
  /** The chart's first value, the heading of each position's column, and a trend drawing above the table. */
  chart: { min: number; column: (position: number, t: Translate) => string; Trend?: ComponentType<{ results: LotteryTrend['results'] }> };
  /** The rules that are the game's own (the round, total and fee lines are common). */
  Rules: ComponentType;
  /** The closing line of the rules: how a result can be checked. */
  fairRule: (t: Translate) => string;
}

export const sumLine = (outcome: readonly number[], t: Translate) => t('lg.sel.sum', { sum: outcome.reduce((a, b) => a + b, 0) });

/** K3's and 5D's history: the values, then the sum with its size and parity. */
export const VALUES_AND_SUM = (game: 'k3' | '5d'): HistoryColumn[] => [
  { head: (t) => t('lg.col.result'), cell: (r, t) => (r.outcome ? <OutcomeValues game={game} outcome={r.outcome} size="sm" /> : t('wingo.voided')) },
  {
    head: (t) => t('lg.col.sum'),
    cell: (r, t) =>
      r.summary ? (
        <>
          <strong>{r.summary.sum}</strong>
          <span className="lg-table__sides">{t('lg.sides', { size: t(`lg.sel.${r.summary.size}`), parity: t(`lg.sel.${r.summary.parity}`) })}</span>
        </>
      ) : (
        '—'
      ),
  },
];

