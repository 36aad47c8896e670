import type { WingoBet, WingoResult, WingoRoomId } from '@colorplay/contract';
import { isWingoDigit, wingoOutcome } from '@colorplay/lottery';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { formatDateTimeIst, formatMoneyMinor } from '../../lib/format';
import { type InfiniteResource, useInfiniteResource } from '../../lib/infinite-resource';
import { useResource } from '../../lib/resource';
import { historyResource, trendResource } from './api';
import { type Translate, useI18n } from '../../lib/i18n';
import './i18n';
import { coloursText, ResultBall } from './balls';
import { useMyBetCounts } from './my-periods';
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

/**
 * A game's history as a table, more on demand: the period (a link to verify its round), then
 * the game's columns (`head`, and `cells` of each result).
 */
export function ResultsTable<R extends { period: string }>({
  list,
  className,
  periodHead,
  head,
  cells,
  verifyHref,
  betPeriods,
}: {
  list: InfiniteResource<{ items: R[] }>;
  className: string;
  periodHead: string;
  head: ReactNode;
  cells: (result: R) => ReactNode;
  verifyHref: (result: R) => string;
  /** The player's bets per period (useMyBetCounts): those periods are marked "You bet". */
  betPeriods: ReadonlyMap<string, number>;
}) {
  const { t } = useI18n();
  const items = list.pages.flatMap((p) => p.items);
  return (
    <div>
      <ListState loading={list.loading} error={!!list.error && items.length === 0} empty={items.length === 0} retry={list.retry} />
      {items.length > 0 && (
        <table className={className}>
          <thead>
            <tr>
              <th scope="col">{periodHead}</th>
              {head}
            </tr>
          </thead>
          <tbody>
            {items.map((r) => (
              <tr key={r.period}>
                <td>
                  <Link className="wingo-table__period" to={verifyHref(r)} aria-label={t('wingo.verify', { period: r.period })}>
                    {r.period}
                  </Link>
                  {betPeriods.has(r.period) && <span className="wingo-table__mine">{t('wingo.history.youBet')}</span>}
                </td>
                {cells(r)}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <MoreButton list={list} />
    </div>
  );
}

/** "Load more" under a list that has more pages. */
export function MoreButton({ list }: { list: Pick<InfiniteResource<unknown>, 'hasMore' | 'loadMore' | 'fetching'> }) {
  const { t } = useI18n();
  if (!list.hasMore) return null;
  return (
    <button type="button" className="button button--ghost" onClick={list.loadMore} disabled={list.fetching}>
      {t('wingo.loadMore')}
    </button>
  );
}

export function GameHistory({ room }: { room: WingoRoomId }) {
  const { t } = useI18n();
  const history = useInfiniteResource(historyResource('wingo', room));
  const betPeriods = useMyBetCounts('wingo', room);
  return (
    <ResultsTable<WingoResult>
      list={history}
      betPeriods={betPeriods}
      className="wingo-table"
      periodHead={t('wingo.col.period')}
      head={
        <>
          <th scope="col">{t('wingo.col.number')}</th>
          <th scope="col">{t('wingo.col.size')}</th>
          <th scope="col">{t('wingo.col.colour')}</th>
        </>
      }
      verifyHref={(r) => paths.wingoVerify.getHref({ room: r.roomId, period: r.period })}
      cells={(r) => (
        <>
          <td>{r.status === 'voided' ? t('wingo.voided') : <ResultBall digit={r.digit} size="sm" />}</td>
          <td className={r.size ? `wingo-size-text wingo-size-text--${r.size}` : undefined}>
            {r.size === 'big' ? t('wingo.sel.big') : r.size === 'small' ? t('wingo.sel.small') : '—'}
          </td>
          <td>
            <ColourDots colours={r.colours} />
          </td>
        </>
      )}
    />
  );
}

/** How many of the latest results the trend chart draws (apps show one screen of them). */
export const TREND_ROWS = 20;
const CELL = 24;
const LABEL = 44;
const DIGITS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

/** One charted value per round: Wingo's and Trx Win's digit, K3's sum, or a 5D position's digit. */
export interface TrendPoint {
  period: string;
  value: number;
}

/**
 * The trend lines players read, for any game: one row per result, newest on top, the values
 * `min`..`max` as columns, the drawn one as a ball (`ball`: its class and fill), and a line joining
 * each result to the one before it. `label` names it as an image; without one it is decorative
 * (a table beside it carries the values).
 */
export function ValueTrendLines({
  points,
  min,
  max,
  ball,
  label,
  defs,
}: {
  points: readonly TrendPoint[];
  min: number;
  max: number;
  ball: (value: number) => { className: string; fill?: string };
  label?: (rows: readonly TrendPoint[]) => string;
  defs?: ReactNode;
}) {
  const rows = points.slice(-TREND_ROWS).reverse();
  const values = Array.from({ length: max - min + 1 }, (_, i) => min + i);
  const width = LABEL + values.length * CELL;
  const height = rows.length * CELL;
  const cx = (value: number) => LABEL + (value - min) * CELL + CELL / 2;
  const cy = (row: number) => row * CELL + CELL / 2;
  const named = label ? { role: 'img', 'aria-label': label(rows) } : { 'aria-hidden': true, focusable: false };
  return (
    <svg className={label ? 'wingo-trend' : 'wingo-trend lg-trend'} viewBox={`0 0 ${width} ${height}`} {...named}>
      {defs}
      {rows.map((r, i) => (
        <g key={r.period}>
          {i % 2 === 0 && <rect className="wingo-trend__band" x="0" y={i * CELL} width={width} height={CELL} />}
          <text className="wingo-trend__period" x={LABEL - 6} y={cy(i)}>
            {r.period.slice(-4)}
          </text>
          {values
            .filter((v) => v !== r.value)
            .map((v) => (
              <text key={v} className="wingo-trend__digit" x={cx(v)} y={cy(i)}>
                {v}
              </text>
            ))}
        </g>
      ))}
      {rows.length > 1 && <polyline className="wingo-trend__line" points={rows.map((r, i) => `${cx(r.value)},${cy(i)}`).join(' ')} />}
      {rows.map((r, i) => {
        const { className, fill } = ball(r.value);
        return (
          <g key={r.period} className={`wingo-trend__ball wingo-trend__ball--${className}`}>
            <circle cx={cx(r.value)} cy={cy(i)} r={CELL / 2 - 2} fill={fill} />
            <text x={cx(r.value)} y={cy(i)}>
              {r.value}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/**
 * Wingo's trend chart: the ten digits as columns, the drawn digit as its coloured ball (the split
 * 0 and 5 in two colours). An image to assistive technology, named with the digits in order.
 */
export function TrendLines({ digits }: { digits: ReadonlyArray<{ period: string; digit: number }> }) {
  const { t } = useI18n();
  const id = useId();
  const ball = (digit: number) => {
    const colours = isWingoDigit(digit) ? wingoOutcome(digit).colours : [];
    return { className: colours.length > 0 ? colours.join('-') : 'none', fill: colours.length === 2 ? `url(#${id}-${colours[0]})` : undefined };
  };
  return (
    <ValueTrendLines
      points={digits.map((d) => ({ period: d.period, value: d.digit }))}
      min={0}
      max={9}
      ball={ball}
      label={(rows) => t('wingo.chart.trendLabel', { count: rows.length, digits: rows.map((r) => r.value).join(', ') })}
      defs={
        <defs>
          {(['red', 'green'] as const).map((c) => (
            <linearGradient key={c} id={`${id}-${c}`} x1="0" y1="0" x2="1" y2="1">
              <stop offset="0.5" className={`wingo-trend__stop--${c}`} />
              <stop offset="0.5" className="wingo-trend__stop--violet" />
            </linearGradient>
          ))}
        </defs>
      }
    />
  );
}

export function TrendChart({ room }: { room: WingoRoomId }) {
  const { t } = useI18n();
  const trend = useResource(trendResource('wingo', room));
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

/**
 * One bet of any game's records: its line, the result drawn beside its status, its period (and
 * when it was placed), the figures, and a link to verify its round once it is decided.
 */
export function BetRow({
  bet,
  line,
  drawn,
  status,
  periodLabel,
  placedAtMs,
  result,
  verifyHref,
  footer,
}: {
  bet: BetFigures;
  line: string;
  drawn: ReactNode;
  status: string;
  periodLabel: string;
  placedAtMs?: number;
  result: string | number | null;
  verifyHref: string;
  /** Shown under the details (the full game history's "Report a problem" link). */
  footer?: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <li className={`bet-item bet-item--${bet.status}`}>
      <div className="bet-item__head">
        <strong>{line}</strong>
        <span className="bet-item__status">
          {drawn}
          <span>{status}</span>
        </span>
      </div>
      <div className="bet-item__meta">
        <span>
          {periodLabel} {bet.period}
        </span>
        {placedAtMs !== undefined && <span>{t('record.placedAt', { time: formatDateTimeIst(placedAtMs) })}</span>}
      </div>
      <BetDetails bet={bet} result={result} verifyHref={verifyHref} />
      {footer}
    </li>
  );
}

/** One Wingo bet with its result details and a link to verify its round. */
export function BetItem({ bet, showTime = false }: { bet: WingoBet; showTime?: boolean }) {
  const { t } = useI18n();
  return (
    <BetRow
      bet={bet}
      line={t('wingo.bet.summary', { selection: selectionLabel(bet.selection, t), total: formatMoneyMinor(bet.totalMinor) })}
      drawn={bet.resultDigit !== null && <ResultBall digit={bet.resultDigit} size="sm" />}
      status={betStatusText(bet, t)}
      periodLabel={t('wingo.col.period')}
      placedAtMs={showTime ? bet.placedAtMs : undefined}
      result={bet.resultDigit}
      verifyHref={paths.wingoVerify.getHref({ room: bet.roomId, period: bet.period, final: bet.commitment.finalHash, k: String(bet.commitment.roundIndex) })}
    />
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
