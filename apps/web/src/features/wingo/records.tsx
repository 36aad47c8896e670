import type { WingoBet, WingoResult, WingoRoomId } from '@colorplay/contract';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { formatDateTimeIst, formatMoneyMinor } from '../../lib/format';
import { useInfiniteResource } from '../../lib/infinite-resource';
import { useResource } from '../../lib/resource';
import { historyResource, trendResource } from './api';
import { type Translate, useI18n } from '../../lib/i18n';
import './i18n';
import { selectionLabel } from './selection';

/** Game history, chart and bet lists of the Wingo screens. */

function colourName(colour: 'green' | 'red' | 'violet', t: Translate): string {
  return colour === 'green' ? t('wingo.sel.green') : colour === 'red' ? t('wingo.sel.red') : t('wingo.sel.violet');
}

export function ResultDigit({ digit, colours }: { digit: number | null; colours: readonly string[] }) {
  return <span className={`ball ball--${colours.join('-') || 'none'}`}>{digit ?? '—'}</span>;
}

function ListState({ loading, error, empty, retry }: { loading: boolean; error: boolean; empty: boolean; retry: () => void }) {
  const { t } = useI18n();
  if (loading) return <p className="wingo-muted">{t('common.loading')}</p>;
  if (error)
    return (
      <p role="alert" className="wingo-muted">
        {t('wingo.loadFailed')}{' '}
        <button type="button" className="link-button" onClick={retry}>
          {t('wingo.retry')}
        </button>
      </p>
    );
  if (empty) return <p className="wingo-muted">{t('wingo.empty')}</p>;
  return null;
}

export function GameHistory({ room }: { room: WingoRoomId }) {
  const { t } = useI18n();
  const history = useInfiniteResource(historyResource(room));
  const items: WingoResult[] = history.pages.flatMap((p) => p.items);
  return (
    <div>
      <ListState loading={history.loading} error={!!history.error && items.length === 0} empty={items.length === 0} retry={history.retry} />
      {items.length > 0 && (
        <table className="wingo-table">
          <thead>
            <tr>
              <th scope="col">{t('wingo.col.period')}</th>
              <th scope="col">{t('wingo.col.number')}</th>
              <th scope="col">{t('wingo.col.size')}</th>
              <th scope="col">{t('wingo.col.colour')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((r) => (
              <tr key={r.period}>
                <td>
                  <Link to={paths.wingoVerify.getHref({ room: r.roomId, period: r.period })} aria-label={t('wingo.verify', { period: r.period })}>
                    {r.period}
                  </Link>
                </td>
                <td>{r.status === 'voided' ? t('wingo.voided') : <ResultDigit digit={r.digit} colours={r.colours} />}</td>
                <td>{r.size === 'big' ? t('wingo.sel.big') : r.size === 'small' ? t('wingo.sel.small') : '—'}</td>
                <td>{r.colours.map((c) => colourName(c, t)).join(' + ') || '—'}</td>
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

export function TrendChart({ room }: { room: WingoRoomId }) {
  const { t } = useI18n();
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
      <p>{t('wingo.chart.rounds', { rounds: data.rounds })}</p>
      <table className="wingo-table">
        <thead>
          <tr>
            <th scope="col">{t('wingo.chart.digit')}</th>
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
              <th scope="row">{t(label)}</th>
              {digits.map((d) => (
                <td key={d}>{values[d] ?? 0}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p>{t('wingo.chart.sizes', { big: data.big, small: data.small })}</p>
      <p>{t('wingo.chart.colours', data.colours)}</p>
      <h3 className="wingo-subtitle">{t('wingo.chart.sequence')}</h3>
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

export function betStatusText(bet: WingoBet, t: Translate): string {
  const payout = formatMoneyMinor(bet.payoutMinor);
  if (bet.status === 'won') return t('wingo.bet.status.won', { payout });
  if (bet.status === 'refunded') return t('wingo.bet.status.refunded', { payout });
  if (bet.status === 'lost') return t('wingo.bet.status.lost');
  return t('wingo.bet.status.pending');
}

/** One bet with its result details and a link to verify its round. */
export function BetItem({ bet, showTime = false }: { bet: WingoBet; showTime?: boolean }) {
  const { t } = useI18n();
  return (
    <li className={`bet-item bet-item--${bet.status}`}>
      <div className="bet-item__head">
        <strong>{t('wingo.bet.summary', { selection: selectionLabel(bet.selection, t), total: formatMoneyMinor(bet.totalMinor) })}</strong>
        <span className="bet-item__status">{betStatusText(bet, t)}</span>
      </div>
      <div className="bet-item__meta">
        <span>
          {t('wingo.col.period')} {bet.period}
        </span>
        {showTime && <span>{t('record.placedAt', { time: formatDateTimeIst(bet.placedAtMs) })}</span>}
      </div>
      <p className="bet-item__details">
        {t('wingo.bet.details', {
          amount: formatMoneyMinor(bet.amountMinor),
          quantity: bet.quantity,
          multiplier: bet.multiplier,
          total: formatMoneyMinor(bet.totalMinor),
          fee: formatMoneyMinor(bet.feeMinor),
          result: bet.resultDigit ?? t('wingo.bet.noResult'),
        })}
      </p>
      {bet.status !== 'pending' && (
        <Link
          to={paths.wingoVerify.getHref({ room: bet.roomId, period: bet.period, final: bet.commitment.finalHash, k: String(bet.commitment.roundIndex) })}
          aria-label={t('wingo.verify', { period: bet.period })}
        >
          {t('record.verify')}
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
