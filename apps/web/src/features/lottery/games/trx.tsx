import type { LotteryResult, LotteryTrend } from '@colorplay/contract';
import { isWingoDigit, wingoOutcome } from '@colorplay/lottery';
import { Link } from 'react-router';
import { useI18n } from '../../../lib/i18n';
import { ballLabel } from '../balls';
import { BetBoard } from '../bet-board';
import { TrendLines } from '../records';
import { WingoPayoutRules } from '../rules';
import './i18n';
import { lotteryVerifyHref } from './links';
import { OutcomeValues } from './outcome';
import type { HistoryColumn, LatestResultProps, LotteryGameView } from './view-parts';

/** Trx Win on screen: Wingo's board, labels, balls and payouts (its row of the view table, views.tsx). */

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

/**
 * The latest Trx Win result at the top: the ball, its colours and size, then the block
 * it was read from, its height and the end of its hash (where the digit is), as a link to verify
 * the round; the full hash is in the link's name and title.
 */
function TrxLatest({ result, outcome }: LatestResultProps) {
  const { t } = useI18n();
  const block = result.block;
  return (
    <>
      <OutcomeValues game="trx" outcome={outcome} />
      <p className="lg-latest__summary">{ballLabel(outcome[0] ?? -1, t)}</p>
      {block && (
        <Link
          className="lg-latest__block"
          to={lotteryVerifyHref('trx', result.period)}
          title={block.id}
        >
          {/* The name is the visible text and then the rest (axe: a visible label is part of the name). */}
          <span>{t('lg.trx.blockNumber', { number: block.number })}</span>{' '}
          <span className="lg-block__hash">{shortBlockId(block.id)}</span>
          <span className="visually-hidden">{t('lg.trx.latestBlock', { hash: block.id, period: result.period })}</span>
        </Link>
      )}
    </>
  );
}

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

// Wingo's board, labels, balls and payouts: Trx Win differs from Wingo only by where its digit comes from.
export const TRX_VIEW: LotteryGameView = {
  Board: BetBoard,
  Latest: TrxLatest,
  summaryLine: (outcome, _summary, t) => ballLabel(outcome[0] ?? -1, t),
  popupLine: (outcome, t) => ballLabel(outcome[0] ?? -1, t),
  historyColumns: TRX_HISTORY,
  chart: { min: 0, column: (_p, t) => t('wingo.chart.frequency'), Trend: TrxTrend },
  Rules: TrxRules,
  fairRule: (t) => t('lg.rules.trx.fair'),
};
