import type { WingoBet, WingoResult, WingoRoomId } from '@colorplay/contract';
import { isWingoDigit, wingoOutcome } from '@colorplay/lottery';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { formatDateTimeIst, formatMoneyMinor } from '../../lib/format';
import { useInfiniteResource } from '../../lib/infinite-resource';
import { useResource } from '../../lib/resource';
import { historyResource, trendResource } from './api';
import { type Translate, useI18n } from '../../lib/i18n';
import './i18n';
import { coloursText, ResultBall } from './balls';
import { selectionLabel } from './selection';
import './wingo-records.css';

/** Game history, chart and bet lists of the Wingo screens. */

/** A result's colours as dots (the split 0 and 5 show two), named for screen readers. */
function ColourDots({ colours }: { colours: readonly string[] }) {
  const { t } = useI18n();
  if (colours.length === 0) return <>—</>;
  return (
    <span className="colour-dots">
      {colours.map((c) => (
        <span key={c} className={`colour-dot colour-dot--${c}`} aria-hidden="true" />
      ))}
      <span className="visually-hidden">{coloursText(colours, t)}</span>
    </span>
  );
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
                  <Link
                    className="wingo-table__period"
                    to={paths.wingoVerify.getHref({ room: r.roomId, period: r.period })}
                    aria-label={t('wingo.verify', { period: r.period })}
                  >
                    {r.period}
                  </Link>
                </td>
                <td>{r.status === 'voided' ? t('wingo.voided') : <ResultBall digit={r.digit} size="sm" />}</td>
                <td className={r.size ? `wingo-size-text wingo-size-text--${r.size}` : undefined}>
                  {r.size === 'big' ? t('wingo.sel.big') : r.size === 'small' ? t('wingo.sel.small') : '—'}
                </td>
                <td>
                  <ColourDots colours={r.colours} />
                </td>
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

/** How many of the latest results the trend chart draws (apps show one screen of them). */
export const TREND_ROWS = 20;
const CELL = 24;
const LABEL = 44;
const DIGITS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

/**
 * The trend chart players read: one row per result, newest on top, the ten digits as columns,
 * the drawn digit as its coloured ball, and a line joining each result to the one before it. Drawn
 * as one SVG (an image to assistive technology, named with the digits in order).
 */
export function TrendLines({ digits }: { digits: ReadonlyArray<{ period: string; digit: number }> }) {
  const { t } = useI18n();
  const id = useId();
  const rows = digits.slice(-TREND_ROWS).reverse();
  const width = LABEL + DIGITS.length * CELL;
  const height = rows.length * CELL;
  const cx = (digit: number) => LABEL + digit * CELL + CELL / 2;
  const cy = (row: number) => row * CELL + CELL / 2;
  const fill = (digit: number) => {
    const colours = isWingoDigit(digit) ? wingoOutcome(digit).colours : [];
    return colours.length === 2 ? `url(#${id}-${colours[0]})` : undefined;
  };
  const colourClass = (digit: number) => (isWingoDigit(digit) ? wingoOutcome(digit).colours.join('-') : 'none');
  return (
    <svg
      className="wingo-trend"
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={t('wingo.chart.trendLabel', { count: rows.length, digits: rows.map((r) => r.digit).join(', ') })}
    >
      <defs>
        {(['red', 'green'] as const).map((c) => (
          <linearGradient key={c} id={`${id}-${c}`} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0.5" className={`wingo-trend__stop--${c}`} />
            <stop offset="0.5" className="wingo-trend__stop--violet" />
          </linearGradient>
        ))}
      </defs>
      {rows.map((r, i) => (
        <g key={r.period}>
          {i % 2 === 0 && <rect className="wingo-trend__band" x="0" y={i * CELL} width={width} height={CELL} />}
          <text className="wingo-trend__period" x={LABEL - 6} y={cy(i)}>
            {r.period.slice(-4)}
          </text>
          {DIGITS.filter((d) => d !== r.digit).map((d) => (
            <text key={d} className="wingo-trend__digit" x={cx(d)} y={cy(i)}>
              {d}
            </text>
          ))}
        </g>
      ))}
      {rows.length > 1 && <polyline className="wingo-trend__line" points={rows.map((r, i) => `${cx(r.digit)},${cy(i)}`).join(' ')} />}
      {rows.map((r, i) => (
        <g key={r.period} className={`wingo-trend__ball wingo-trend__ball--${colourClass(r.digit)}`}>
          <circle cx={cx(r.digit)} cy={cy(i)} r={CELL / 2 - 2} fill={fill(r.digit)} />
          <text x={cx(r.digit)} y={cy(i)}>
            {r.digit}
          </text>
        </g>
      ))}
    </svg>
  );
}

export function TrendChart({ room }: { room: WingoRoomId }) {
  const { t } = useI18n();
  const trend = useResource(trendResource(room));
  const data = trend.data;
  if (!data) return <ListState loading={trend.loading} error={!!trend.error} empty={false} retry={trend.reload} />;
  const rows = [
    ['wingo.chart.missing', data.missing],
    ['wingo.chart.maxMissing', data.maxMissing],
    ['wingo.chart.frequency', data.frequency],
    ['wingo.chart.maxConsecutive', data.maxConsecutive],
  ] as const;
  return (
    <div className="wingo-chart">
      <h3 className="wingo-subtitle">{t('wingo.chart.trend')}</h3>
      {data.digits.length === 0 ? <p className="wingo-muted">{t('wingo.empty')}</p> : <TrendLines digits={data.digits} />}
      <h3 className="wingo-subtitle">{t('wingo.chart.stats')}</h3>
      <p>{t('wingo.chart.rounds', { rounds: data.rounds })}</p>
      <table className="wingo-table wingo-table--stats">
        <thead>
          <tr>
            <th scope="col">{t('wingo.chart.digit')}</th>
            {DIGITS.map((d) => (
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
              {DIGITS.map((d) => (
                <td key={d}>{values[d] ?? 0}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p>{t('wingo.chart.sizes', { big: data.big, small: data.small })}</p>
      <p>{t('wingo.chart.colours', data.colours)}</p>
    </div>
  );
}

export function betStatusText(bet: Pick<WingoBet, 'status' | 'payoutMinor'>, t: Translate): string {
  const payout = formatMoneyMinor(bet.payoutMinor);
  if (bet.status === 'won') return t('wingo.bet.status.won', { payout });
  if (bet.status === 'refunded') return t('wingo.bet.status.refunded', { payout });
  if (bet.status === 'lost') return t('wingo.bet.status.lost');
  return t('wingo.bet.status.pending');
}

type BetFigures = Pick<WingoBet, 'amountMinor' | 'quantity' | 'multiplier' | 'totalMinor' | 'feeMinor' | 'status' | 'period'>;

/**
 * The lower half of a bet's line in every game's records: amount, quantity, multiplier, total,
 * fee and result, then the link to verify its round once it is decided.
 */
export function BetDetails({ bet, result, verifyHref }: { bet: BetFigures; result: string | number | null; verifyHref: string }) {
  const { t } = useI18n();
  return (
    <>
      <p className="bet-item__details">
        {t('wingo.bet.details', {
          amount: formatMoneyMinor(bet.amountMinor),
          quantity: bet.quantity,
          multiplier: bet.multiplier,
          total: formatMoneyMinor(bet.totalMinor),
          fee: formatMoneyMinor(bet.feeMinor),
          result: result ?? t('wingo.bet.noResult'),
        })}
      </p>
      {bet.status !== 'pending' && (
        <Link className="bet-item__verify" to={verifyHref} aria-label={t('wingo.verify', { period: bet.period })}>
          {t('record.verify')}
        </Link>
      )}
    </>
  );
}

/** One bet with its result details and a link to verify its round. */
export function BetItem({ bet, showTime = false }: { bet: WingoBet; showTime?: boolean }) {
  const { t } = useI18n();
  return (
    <li className={`bet-item bet-item--${bet.status}`}>
      <div className="bet-item__head">
        <strong>{t('wingo.bet.summary', { selection: selectionLabel(bet.selection, t), total: formatMoneyMinor(bet.totalMinor) })}</strong>
        <span className="bet-item__status">
          {bet.resultDigit !== null && <ResultBall digit={bet.resultDigit} size="sm" />}
          <span>{betStatusText(bet, t)}</span>
        </span>
      </div>
      <div className="bet-item__meta">
        <span>
          {t('wingo.col.period')} {bet.period}
        </span>
        {showTime && <span>{t('record.placedAt', { time: formatDateTimeIst(bet.placedAtMs) })}</span>}
      </div>
      <BetDetails
        bet={bet}
        result={bet.resultDigit}
        verifyHref={paths.wingoVerify.getHref({ room: bet.roomId, period: bet.period, final: bet.commitment.finalHash, k: String(bet.commitment.roundIndex) })}
      />
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
