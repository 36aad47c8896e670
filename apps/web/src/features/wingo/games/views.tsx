import type { LotteryGameId, LotteryResult, LotterySummary, LotteryTrend } from '@colorplay/contract';
import { isWingoDigit, K3_ODDS, K3_SUM_ODDS, wingoOutcome } from '@colorplay/lottery';
import type { ComponentType, ReactNode } from 'react';
import { type Translate, useI18n } from '../../../lib/i18n';
import { ballLabel } from '../balls';
import { BetBoard } from '../bet-board';
import { TrendLines } from '../records';
import { WingoPayoutRules } from '../rules';
import { FivedBoard } from './fived-board';
import './i18n';
import { K3Board } from './k3-board';
import { OutcomeValues, summaryText } from './outcome';
import { payoutText } from './selection';

/**
 * What makes K3, 5D and Trx Win differ on screen (decision 356): one row per game of this table,
 * read by the generic page, its records, result popup and rules. Everything else (rooms, clock,
 * bet sheet, money action, settlements) is the same code for all three.
 */

export interface GameBoardProps {
  /** Betting is closed for the round's last seconds: the selections are disabled under a countdown. */
  locked: boolean;
  secondsLeft: number;
  /** A selection id of the rule table was tapped: the bet sheet opens for it. */
  onChoose: (selection: string) => void;
  /** The multiplier chips (Wingo's board shows them; K3's and 5D's bet at x1 and ignore them). */
  multipliers: readonly number[];
  multiplier: number;
  onMultiplier: (multiplier: number) => void;
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
  /** The game history's columns after the period. */
  historyColumns: readonly HistoryColumn[];
  /** The chart's first value, the heading of each position's column, and a trend drawing above the table. */
  chart: { min: number; column: (position: number, t: Translate) => string; Trend?: ComponentType<{ results: LotteryTrend['results'] }> };
  /** The rules that are the game's own (the round, total and fee lines are common). */
  Rules: ComponentType;
  /** The closing line of the rules: how a result can be checked. */
  fairRule: (t: Translate) => string;
}

const sumLine = (outcome: readonly number[], t: Translate) => t('lg.sel.sum', { sum: outcome.reduce((a, b) => a + b, 0) });

/** K3's and 5D's history: the values, then the sum with its size and parity. */
const VALUES_AND_SUM = (game: 'k3' | '5d'): HistoryColumn[] => [
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

function K3Rules() {
  const { t } = useI18n();
  return (
    <ul>
      <li>{t('lg.rules.k3.draw')}</li>
      <li>{t('lg.rules.k3.sum', { x3: K3_SUM_ODDS[3]!, x10: K3_SUM_ODDS[10]! })}</li>
      <li>{t('lg.rules.k3.size', { x: K3_ODDS.bigSmallOddEven })}</li>
      <li>{t('lg.rules.k3.pair', { x: K3_ODDS.pairAny, xs: K3_ODDS.pairSpecific })}</li>
      <li>{t('lg.rules.k3.triple', { x: K3_ODDS.tripleSpecific, xa: K3_ODDS.tripleAny })}</li>
      <li>{t('lg.rules.k3.diff', { x3: K3_ODDS.diff3, x2: K3_ODDS.diff2, xr: K3_ODDS.straight })}</li>
    </ul>
  );
}

function FivedRules() {
  const { t } = useI18n();
  return (
    <ul>
      <li>{t('lg.rules.5d.draw')}</li>
      <li>{t('lg.rules.5d.digit', { x: payoutText('5d', 'A:0') })}</li>
      <li>{t('lg.rules.5d.side', { x: payoutText('5d', 'A:big') })}</li>
      <li>{t('lg.rules.5d.sum', { x: payoutText('5d', 'sum:big') })}</li>
    </ul>
  );
}

/** The block a Trx Win result was read from: its number and the end of its hash, where the digit is. */
export function shortBlockId(id: string): string {
  return `…${id.slice(-8)}`;
}

const digitOf = (r: LotteryResult) => (r.outcome && isWingoDigit(r.outcome[0]!) ? r.outcome[0]! : null);

// No colour column: the ball is drawn in its colours and named with them, and a fifth column would not fit 320 px.
const TRX_HISTORY: HistoryColumn[] = [
  { head: (t) => t('wingo.col.number'), cell: (r, t) => (r.outcome ? <OutcomeValues game="trx" outcome={r.outcome} size="sm" /> : t('wingo.voided')) },
  {
    head: (t) => t('wingo.col.size'),
    cell: (r, t) => {
      const digit = digitOf(r);
      if (digit === null) return '—';
      const size = wingoOutcome(digit).size;
      return <span className={`wingo-size-text wingo-size-text--${size}`}>{size === 'big' ? t('wingo.sel.big') : t('wingo.sel.small')}</span>;
    },
  },
  {
    head: (t) => t('lg.col.block'),
    cell: (r, t) =>
      r.block ? (
        <span className="lg-block">
          <span className="visually-hidden">{t('lg.trx.blockLabel', { number: r.block.number, hash: r.block.id.slice(-8) })}</span>
          <span aria-hidden="true">{r.block.number}</span>
          <span className="lg-block__hash" aria-hidden="true">
            {shortBlockId(r.block.id)}
          </span>
        </span>
      ) : (
        '—'
      ),
  },
];

/** Wingo's trend lines over the digits (oldest first, as the trend answer lists them). */
function TrxTrend({ results }: { results: LotteryTrend['results'] }) {
  return <TrendLines digits={results.map((r) => ({ period: r.period, digit: r.outcome[0] ?? 0 }))} />;
}

function TrxRules() {
  const { t } = useI18n();
  return (
    <>
      <ul>
        <li>{t('lg.rules.trx.block')}</li>
        <li>{t('lg.rules.trx.digit')}</li>
        <li>{t('lg.rules.trx.shared')}</li>
      </ul>
      <WingoPayoutRules />
    </>
  );
}

export const LOTTERY_GAME_VIEWS: Record<LotteryGameId, LotteryGameView> = {
  k3: {
    Board: K3Board,
    summaryLine: (_outcome, summary, t) => summaryText(summary, t),
    popupLine: sumLine,
    historyColumns: VALUES_AND_SUM('k3'),
    chart: { min: 1, column: (p, t) => t('lg.chart.die', { n: p + 1 }) },
    Rules: K3Rules,
    fairRule: (t) => t('wingo.rules.fair'),
  },
  '5d': {
    Board: FivedBoard,
    summaryLine: (_outcome, summary, t) => summaryText(summary, t),
    popupLine: sumLine,
    historyColumns: VALUES_AND_SUM('5d'),
    chart: { min: 0, column: (p, t) => t('lg.chart.position', { position: String.fromCharCode(65 + p) }) },
    Rules: FivedRules,
    fairRule: (t) => t('wingo.rules.fair'),
  },
  // Wingo's board, labels, balls and payouts: Trx Win differs from Wingo only by where its digit comes from.
  trx: {
    Board: BetBoard,
    summaryLine: (outcome, _summary, t) => ballLabel(outcome[0] ?? -1, t),
    popupLine: (outcome, t) => ballLabel(outcome[0] ?? -1, t),
    historyColumns: TRX_HISTORY,
    chart: { min: 0, column: (_p, t) => t('wingo.chart.frequency'), Trend: TrxTrend },
    Rules: TrxRules,
    fairRule: (t) => t('lg.rules.trx.fair'),
  },
};

export const lotteryGameView = (game: LotteryGameId): LotteryGameView => LOTTERY_GAME_VIEWS[game];
