import type { LotteryBet, LotteryGameId, LotteryResult, LotteryRoomId, LotteryTrend } from '@colorplay/contract';
import { useState } from 'react';
import { formatMoneyMinor } from '../../../lib/format';
import { type Translate, useI18n } from '../../../lib/i18n';
import { useInfiniteResource } from '../../../lib/infinite-resource';
import { useResource } from '../../../lib/resource';
import { BetRow, ListState, MoreButton, ResultsTable, TREND_ROWS, ValueTrendLines, type TrendPoint } from '../records';
import '../wingo-records.css';
import { historyResource, myBetsResource, trendResource } from '../api';
import { useMyBetCounts } from '../my-periods';
import './i18n';
import { lotteryVerifyHref } from './links';
import { OutcomeValues, positionClass, summaryText } from './outcome';
import { selectionLabelOf } from './selection';
import { lotteryGameView } from './views';

/** K3's, 5D's and Trx Win's game history, chart and the player's bets (Wingo's list states and table styles). */


export function LotteryHistory({ game, room }: { game: LotteryGameId; room: LotteryRoomId }) {
  const { t } = useI18n();
  const history = useInfiniteResource(historyResource(game, room));
  const columns = lotteryGameView(game).historyColumns;
  const betPeriods = useMyBetCounts(game, room);
  return (
    <ResultsTable<LotteryResult>
      list={history}
      betPeriods={betPeriods}
      className="wingo-table lg-table"
      periodHead={t('lg.col.period')}
      head={columns.map((c, i) => (
        <th key={i} scope="col">
          {c.head(t)}
        </th>
      ))}
      verifyHref={(r) => lotteryVerifyHref(game, r.period)}
      cells={(r) =>
        columns.map((c, i) => (
          <td key={i}>{c.cell(r, t)}</td>
        ))
      }
    />
  );
}

/** The charted values of a trend, oldest first: K3's sums, 5D's digits at a position (0 = A). */
export function trendPoints(game: LotteryGameId, trend: LotteryTrend, position: number): TrendPoint[] {
  return trend.results.map((r) => ({ period: r.period, value: game === 'k3' ? r.summary.sum : (r.outcome[position] ?? 0) }));
}

/** The trend lines of the room: K3's sum per round, or 5D's digit at the chosen position, with the values as a table. */
function LotteryTrendLines({ game, trend }: { game: LotteryGameId; trend: LotteryTrend }) {
  const { t } = useI18n();
  const [position, setPosition] = useState(0);
  const points = trendPoints(game, trend, position);
  const shown = points.slice(-TREND_ROWS).reverse();
  const letter = String.fromCharCode(65 + position);
  const caption = game === 'k3' ? t('lg.chart.trendSum', { count: shown.length }) : t('lg.chart.trendDigit', { position: letter, count: shown.length });
  const range = game === 'k3' ? { min: 3, max: 18, bigFrom: 11 } : { min: 0, max: 9, bigFrom: 5 };
  return (
    <div className="lg-trend-lines">
      {game !== 'k3' && (
        <div className="lg-positions" role="group" aria-label={t('lg.chart.trendPick')}>
          {trend.positionFrequency.map((_, p) => (
            <button key={p} type="button" className={`button button--ghost lg-position--letter ${positionClass(p)}`} aria-pressed={p === position} onClick={() => setPosition(p)}>
              {String.fromCharCode(65 + p)}
            </button>
          ))}
        </div>
      )}
      <h3 className="wingo-subtitle">{caption}</h3>
      <ValueTrendLines points={points} min={range.min} max={range.max} ball={(v) => ({ className: v >= range.bigFrom ? 'red' : 'green' })} />
      <table className="visually-hidden">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('lg.col.period')}</th>
            <th scope="col">{game === 'k3' ? t('lg.col.sum') : t('lg.chart.digit')}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((p) => (
            <tr key={p.period}>
              <td>{p.period}</td>
              <td>{p.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The chart: trend lines of the latest rounds (K3's sum, 5D's digit at a position), then how
 * often each value came at each position, and the sums' sizes and parities.
 */
export function LotteryChart({ game, room }: { game: LotteryGameId; room: LotteryRoomId }) {
  const { t } = useI18n();
  const trend = useResource(trendResource(game, room));
  const data = trend.data;
  if (!data || data.rounds === 0) return <ListState loading={trend.loading} error={!!trend.error} empty={!data || data.rounds === 0} retry={trend.reload} />;
  const { min, column, Trend } = lotteryGameView(game).chart;
  const values = (data.positionFrequency[0] ?? []).map((_, i) => i + min);
  return (
    <div className="lg-chart">
      {/* K3 and 5D: their sums or a position's digit as lines; Trx Win: its digit as Wingo's chart draws it. */}
      {game === 'k3' || game === '5d' ? <LotteryTrendLines game={game} trend={data} /> : Trend && <Trend results={data.results} />}
      <p>{t('lg.chart.title', { rounds: data.rounds })}</p>
      <div className="lg-chart__scroll">
        <table className="wingo-table wingo-table--stats lg-table">
          <thead>
            <tr>
              <th scope="col">{t('lg.chart.value')}</th>
              {data.positionFrequency.map((_, p) => (
                <th key={p} scope="col">
                  {column(p, t)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {values.map((v, i) => (
              <tr key={v}>
                <th scope="row">{v}</th>
                {data.positionFrequency.map((counts, p) => (
                  <td key={p}>{counts[i] ?? 0}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>{t('lg.chart.totals', { big: data.big, small: data.small, odd: data.odd, even: data.even })}</p>
    </div>
  );
}

export function lotteryBetStatus(bet: LotteryBet, t: Translate): string {
  if (bet.status === 'won') return t('lg.bet.won', { amount: formatMoneyMinor(bet.payoutMinor) });
  if (bet.status === 'lost') return t('lg.bet.lost');
  if (bet.status === 'refunded') return t('lg.bet.refunded');
  return t('lg.bet.pending');
}

/** The My history tab: the player's bets in this game's room, each with its result and a verify link. */
export function LotteryMyBets({ game, room }: { game: LotteryGameId; room: LotteryRoomId }) {
  const { t } = useI18n();
  const bets = useInfiniteResource(myBetsResource(game, room));
  const items = bets.pages.flatMap((p) => p.items);
  return (
    <div>
      <ListState loading={bets.loading} error={!!bets.error && items.length === 0} empty={items.length === 0} retry={bets.retry} />
      {items.length > 0 && (
        <ul className="bet-list">
          {items.map((bet) => (
            <BetRow
              key={bet.id}
              bet={bet}
              line={t('lg.bet.line', { selection: selectionLabelOf(game, bet.selection, t), total: formatMoneyMinor(bet.totalMinor) })}
              drawn={bet.outcome && <OutcomeValues game={game} outcome={bet.outcome} size="sm" />}
              status={lotteryBetStatus(bet, t)}
              periodLabel={t('lg.col.period')}
              result={bet.outcome ? bet.outcome.join(' ') : null}
              verifyHref={lotteryVerifyHref(game, bet.period, bet.commitment)}
            />
          ))}
        </ul>
      )}
      <MoreButton list={bets} />
    </div>
  );
}

export { summaryText };
