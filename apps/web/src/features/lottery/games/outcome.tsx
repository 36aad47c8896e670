import type { LotteryGameId, LotterySummary } from '@colorplay/contract';
import { useI18n, type Translate } from '../../../lib/i18n';
import { ResultBall } from '../balls';
import './i18n';
import './lottery-games.css';

/** Where each face's pips sit on a 3 x 3 grid (0 = top left, 8 = bottom right). */
const PIPS: Record<number, readonly number[]> = {
  1: [4],
  2: [0, 8],
  3: [0, 4, 8],
  4: [0, 2, 6, 8],
  5: [0, 2, 4, 6, 8],
  6: [0, 2, 3, 5, 6, 8],
};

/** A die face drawn in SVG; decorative: what it shows is named by the control or list around it. */
export function DieFace({ value, size = 'md' }: { value: number; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <svg className={`die die--${size}`} viewBox="0 0 30 30" aria-hidden="true" focusable="false">
      <rect className="die__body" x="1" y="1" width="28" height="28" rx="6" />
      {(PIPS[value] ?? []).map((cell) => (
        <circle key={cell} className="die__pip" cx={7 + (cell % 3) * 8} cy={7 + Math.floor(cell / 3) * 8} r="2.6" />
      ))}
    </svg>
  );
}

/** The class that gives 5D's position (0 = A) its colour, the same on the board, the chart and the results (decision 504). */
export const positionClass = (position: number): string => `lg-position--${String.fromCharCode(97 + position)}`;

/**
 * A drawn outcome: K3's three dice, 5D's five digits, or Trx Win's digit as Wingo's coloured ball
 * (its colours from Wingo's rule table), named for screen readers as one image.
 */
export function OutcomeValues({ game, outcome, size = 'md' }: { game: LotteryGameId; outcome: readonly number[]; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useI18n();
  if (game === 'trx') return <ResultBall digit={outcome[0] ?? null} size={size} />;
  const values = outcome.join(' ');
  return (
    <span className={`outcome outcome--${size}`} role="img" aria-label={game === 'k3' ? t('lg.dice', { values }) : t('lg.digits', { values })}>
      {game === 'k3'
        ? outcome.map((v, i) => <DieFace key={i} value={v} size={size} />)
        : outcome.map((v, i) => (
            <span key={i} className={`digit-ball ${positionClass(i)}`} aria-hidden="true">
              {v}
            </span>
          ))}
    </span>
  );
}

/** "Sum 10, Small, Even". */
export function summaryText(summary: LotterySummary, t: Translate): string {
  return t('lg.summary', { sum: summary.sum, size: t(`lg.sel.${summary.size}`), parity: t(`lg.sel.${summary.parity}`) });
}
