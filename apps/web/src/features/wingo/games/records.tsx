import type { LotteryBet, LotteryGameId, LotteryResult, LotteryRoomId } from '@colorplay/contract';
import { Link } from 'react-router';
import { formatMoneyMinor } from '../../../lib/format';
import { type Translate, useI18n } from '../../../lib/i18n';
import { useInfiniteResource } from '../../../lib/infinite-resource';
import { useResource } from '../../../lib/resource';
import { ListState } from '../records';
import '../wingo-records.css';
import { lotteryHistoryResource, lotteryMyBetsResource, lotteryTrendResource } from './api';
import './i18n';
import { lotteryVerifyHref } from './links';
import { OutcomeValues, summaryText } from './outcome';
import { selectionLabelOf } from './selection';
import { lotteryGameView } from './views';

/** K3's, 5D's and Trx Win's game history, chart and the player's bets (Wingo's list states and table styles). */


export function LotteryHistory({ game, room }: { game: LotteryGameId; room: LotteryRoomId }) {
  const { t } = useI18n();
  const history = useInfiniteResource(lotteryHistoryResource(game, room));
  const items: LotteryResult[] = history.pages.flatMap((p) => p.items);
  const columns = lotteryGameView(game).historyColumns;
  return (
    <div>
      <ListState loading={history.loading} error={!!history.error && items.length === 0} empty={items.length === 0} retry={history.retry} />
      {items.length > 0 && (
        <table className="wingo-table lg-table">
          <thead>
            <tr>
              <th scope="col">{t('lg.col.period')}</th>
              {columns.map((c, i) => (
                <th key={i} scope="col">
                  {c.head(t)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {items.map((r) => (
              <tr key={r.period}>
                <td>
                  <Link className="wingo-table__period" to={lotteryVerifyHref(game, r.period)} aria-label={t('wingo.verify', { period: r.period })}>
                    {r.period}
                  </Link>
                </td>
                {columns.map((c, i) => (
                  <td key={i}>{c.cell(r, t)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {history.hasMore && (
        <button type="button" className="button button--ghost" onClick={history.loadMore} disabled={history.fetching}>
          {t('wingo.loadMore')}
        </button>
      )}
    </div>
  );
}

/** The chart: how often each value came at each position over the last rounds, and the sums' sizes and parities. */
export function LotteryChart({ game, room }: { game: LotteryGameId; room: LotteryRoomId }) {
  const { t } = useI18n();
  const trend = useResource(lotteryTrendResource(game, room));
  const data = trend.data;
  if (!data || data.rounds === 0) return <ListState loading={trend.loading} error={!!trend.error} empty={!data || data.rounds === 0} retry={trend.reload} />;
  const { min, column, Trend } = lotteryGameView(game).chart;
  const values = (data.positionFrequency[0] ?? []).map((_, i) => i + min);
  return (
    <div className="lg-chart">
      {Trend && <Trend results={data.results} />}
      <p>{t('lg.chart.title', { rounds: data.rounds })}</p>
      <div className="lg-chart__scroll">
        <table className="wingo-table lg-table">
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
  const bets = useInfiniteResource(lotteryMyBetsResource(game, room));
  const items = bets.pages.flatMap((p) => p.items);
  return (
    <div>
      <ListState loading={bets.loading} error={!!bets.error && items.length === 0} empty={items.length === 0} retry={bets.retry} />
      {items.length > 0 && (
        <ul className="bet-list">
          {items.map((bet) => (
            <li key={bet.id} className={`bet-item bet-item--${bet.status}`}>
              <div className="bet-item__head">
                <strong>{t('lg.bet.line', { selection: selectionLabelOf(game, bet.selection, t), total: formatMoneyMinor(bet.totalMinor) })}</strong>
                <span className="bet-item__status">
                  {bet.outcome && <OutcomeValues game={game} outcome={bet.outcome} size="sm" />}
                  <span>{lotteryBetStatus(bet, t)}</span>
                </span>
              </div>
              <div className="bet-item__meta">
                <span>
                  {t('lg.col.period')} {bet.period}
                </span>
              </div>
              <p className="bet-item__details">
                {t('wingo.bet.details', {
                  amount: formatMoneyMinor(bet.amountMinor),
                  quantity: bet.quantity,
                  multiplier: bet.multiplier,
                  total: formatMoneyMinor(bet.totalMinor),
                  fee: formatMoneyMinor(bet.feeMinor),
                  result: bet.outcome ? bet.outcome.join(' ') : t('wingo.bet.noResult'),
                })}
              </p>
              {bet.status !== 'pending' && (
                <Link className="bet-item__verify" to={lotteryVerifyHref(game, bet.period, bet.commitment)} aria-label={t('wingo.verify', { period: bet.period })}>
                  {t('record.verify')}
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
      {bets.hasMore && (
        <button type="button" className="button button--ghost" onClick={bets.loadMore} disabled={bets.fetching}>
          {t('wingo.loadMore')}
        </button>
      )}
    </div>
  );
}

export { summaryText };
