import type { WingoBet, WingoResult, WingoRoomId } from '@colorplay/contract';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { formatDateTimeIst, formatMoneyMinor } from '../../lib/format';
import { useInfiniteResource } from '../../lib/infinite-resource';
import { useResource } from '../../lib/resource';
import { historyResource, trendResource } from './api';
import { useWingoI18n, type WingoTranslate } from './i18n';
import { selectionLabel } from './selection';

/** Game history, chart and bet lists of the Wingo screens. */

function colourName(colour: 'green' | 'red' | 'violet', wt: WingoTranslate): string {
  return colour === 'green' ? wt('wingo.sel.green') : colour === 'red' ? wt('wingo.sel.red') : wt('wingo.sel.violet');
}

export function ResultDigit({ digit, colours }: { digit: number | null; colours: readonly string[] }) {
  return <span className={`ball ball--${colours.join('-') || 'none'}`}>{digit ?? '—'}</span>;
}

function ListState({ loading, error, empty, retry }: { loading: boolean; error: boolean; empty: boolean; retry: () => void }) {
  const { t, wt } = useWingoI18n();
  if (loading) return <p className="wingo-muted">{t('common.loading')}</p>;
  if (error)
    return (
      <p role="alert" className="wingo-muted">
        {wt('wingo.loadFailed')}{' '}
        <button type="button" className="link-button" onClick={retry}>
          {wt('wingo.retry')}
        </button>
      </p>
    );
  if (empty) return <p className="wingo-muted">{wt('wingo.empty')}</p>;
  return null;
}

export function GameHistory({ room }: { room: WingoRoomId }) {
  const { wt } = useWingoI18n();
  const history = useInfiniteResource(historyResource(room));
  const items: WingoResult[] = history.pages.flatMap((p) => p.items);
  return (
    <div>
      <ListState loading={history.loading} error={!!history.error && items.length === 0} empty={items.length === 0} retry={history.retry} />
      {items.length > 0 && (
        <table className="wingo-table">
          <thead>
            <tr>
              <th scope="col">{wt('wingo.col.period')}</th>
              <th scope="col">{wt('wingo.col.number')}</th>
              <th scope="col">{wt('wingo.col.size')}</th>
              <th scope="col">{wt('wingo.col.colour')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((r) => (
              <tr key={r.period}>
                <td>
                  <Link to={paths.wingoVerify.getHref({ room: r.roomId, period: r.period })} aria-label={wt('wingo.verify', { period: r.period })}>
                    {r.period}
                  </Link>
                </td>
                <td>{r.status === 'voided' ? wt('wingo.voided') : <ResultDigit digit={r.digit} colours={r.colours} />}</td>
                <td>{r.size === 'big' ? wt('wingo.sel.big') : r.size === 'small' ? wt('wingo.sel.small') : '—'}</td>
                <td>{r.colours.map((c) => colourName(c, wt)).join(' + ') || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {history.hasMore && (
        <button type="button" className="button button--ghost" onClick={history.loadMore} disabled={history.fetching}>
          {wt('wingo.loadMore')}
        </button>
      )}
    </div>
  );
}

export function TrendChart({ room }: { room: WingoRoomId }) {
  const { wt } = useWingoI18n();
  const trend = useResource(trendResource(room));
  const data = trend.data;
  if (!data) return <ListState loading={trend.loading} error={!!trend.error} empty={false} retry={trend.reload} />;
  const digits = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
  const rows = [
    ['wingo.chart.missing', data.missing],
    ['wingo.chart.maxMissing', data.maxMissing],
    ['wingo.chart.frequency', data.frequency],
    ['wingo.chart.maxConsecutive', data.maxConsecutive],
  ] as const;
  return (
    <div className="wingo-chart">
      <p>{wt('wingo.chart.rounds', { rounds: data.rounds })}</p>
      <table className="wingo-table">
        <thead>
          <tr>
            <th scope="col">{wt('wingo.chart.digit')}</th>
            {digits.map((d) => (
              <th key={d} scope="col">
                {d}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, values]) => (
            <tr key={label}>
              <th scope="row">{wt(label)}</th>
              {digits.map((d) => (
                <td key={d}>{values[d] ?? 0}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p>{wt('wingo.chart.sizes', { big: data.big, small: data.small })}</p>
      <p>{wt('wingo.chart.colours', data.colours)}</p>
      <h3 className="wingo-subtitle">{wt('wingo.chart.sequence')}</h3>
      <ol className="wingo-sequence">
        {data.digits.map((d) => (
          <li key={d.period} title={d.period}>
            {d.digit}
          </li>
        ))}
      </ol>
    </div>
  );
}

export function betStatusText(bet: WingoBet, wt: WingoTranslate): string {
  const payout = formatMoneyMinor(bet.payoutMinor);
  if (bet.status === 'won') return wt('wingo.bet.status.won', { payout });
  if (bet.status === 'refunded') return wt('wingo.bet.status.refunded', { payout });
  if (bet.status === 'lost') return wt('wingo.bet.status.lost');
  return wt('wingo.bet.status.pending');
}

/** One bet with its result details and a link to verify its round. */
export function BetItem({ bet, showTime = false }: { bet: WingoBet; showTime?: boolean }) {
  const { wt } = useWingoI18n();
  return (
    <li className={`bet-item bet-item--${bet.status}`}>
      <div className="bet-item__head">
        <strong>{wt('wingo.bet.summary', { selection: selectionLabel(bet.selection, wt), total: formatMoneyMinor(bet.totalMinor) })}</strong>
        <span className="bet-item__status">{betStatusText(bet, wt)}</span>
      </div>
      <div className="bet-item__meta">
        <span>
          {wt('wingo.col.period')} {bet.period}
        </span>
        {showTime && <span>{wt('record.placedAt', { time: formatDateTimeIst(bet.placedAtMs) })}</span>}
      </div>
      <p className="bet-item__details">
        {wt('wingo.bet.details', {
          amount: formatMoneyMinor(bet.amountMinor),
          quantity: bet.quantity,
          multiplier: bet.multiplier,
          total: formatMoneyMinor(bet.totalMinor),
          fee: formatMoneyMinor(bet.feeMinor),
          result: bet.resultDigit ?? wt('wingo.bet.noResult'),
        })}
      </p>
      {bet.status !== 'pending' && (
        <Link
          to={paths.wingoVerify.getHref({ room: bet.roomId, period: bet.period, final: bet.commitment.finalHash, k: String(bet.commitment.roundIndex) })}
          aria-label={wt('wingo.verify', { period: bet.period })}
        >
          {wt('record.verify')}
        </Link>
      )}
    </li>
  );
}

export function BetList({ bets, showTime }: { bets: WingoBet[]; showTime?: boolean }) {
  return (
    <ul className="bet-list">
      {bets.map((bet) => (
        <BetItem key={bet.id} bet={bet} showTime={showTime} />
      ))}
    </ul>
  );
}

export { ListState };
