import { useState } from 'react';
import { useI18n } from '../../../lib/i18n';
import './i18n';
import { DieFace, summaryText } from './outcome';
import type { LatestResultProps } from './view-parts';

/**
 * K3's latest result on a stage: its three dice drawn large, named in words ("Dice 2, 4,
 * 6, sum 12"), with the sum, size and parity under them. When a new result arrives while the
 * screen is open the dice roll briefly (the motion tokens' length); the first result shown, and
 * every result under prefers-reduced-motion, appears still.
 */
export function DiceStage({ result, outcome, summary }: LatestResultProps) {
  const { t } = useI18n();
  // Read when a result is drawn, not subscribed to: the shared useMediaQuery hook imported here
  // would leave the home route's chunk as a chunk of its own, loaded by `/` (its budget).
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const [firstPeriod] = useState(result.period);
  const rolling = !reduced && result.period !== firstPeriod;
  const [a = 0, b = 0, c = 0] = outcome;
  return (
    <>
      {/* A new key per period: the stage is drawn anew, so its roll plays once per result. */}
      <span
        key={result.period}
        className={rolling ? 'dice-stage dice-stage--rolling' : 'dice-stage'}
        role="img"
        aria-label={t('lg.k3.stage', { a, b, c, sum: summary.sum })}
      >
        {outcome.map((v, i) => (
          <DieFace key={i} value={v} size="lg" />
        ))}
      </span>
      <p className="lg-latest__summary">{summaryText(summary, t)}</p>
    </>
  );
}
