import type { WingoSelectionCode } from '@colorplay/contract';
import { useI18n } from '../../lib/i18n';
import './i18n';
import { LockedOverlay } from './locked-overlay';
import { randomSelection, selectionLabel } from './selection';
import './wingo-balls.css';
import './wingo-board.css';
import './wingo-chip.css';

const COLOURS = ['green', 'violet', 'red'] as const;
const NUMBERS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

export interface BetBoardProps {
  /** Betting is closed for the last seconds of the round: the selections are disabled under a countdown. */
  locked: boolean;
  /** The countdown under the lock; shown only while locked (the page passes 0 otherwise, so the memoised board does not render every second). */
  secondsLeft: number;
  multipliers: readonly number[];
  multiplier: number;
  onMultiplier: (multiplier: number) => void;
  /** A selection was tapped: the bet sheet opens for it. */
  onChoose: (code: WingoSelectionCode) => void;
}

/** The board to bet on: the colours, the numbers, random and the multipliers, big and small. */
export function BetBoard({ locked, secondsLeft, multipliers, multiplier, onMultiplier, onChoose }: BetBoardProps) {
  const { t } = useI18n();
  return (
    <section className="wingo-board" aria-label={t('wingo.selections')}>
      {locked && <LockedOverlay secondsLeft={secondsLeft} />}
      <div className="wingo-colours">
        {COLOURS.map((c) => (
          <button key={c} type="button" className={`wingo-colour wingo-colour--${c}`} disabled={locked} onClick={() => onChoose(c)}>
            {selectionLabel(c, t)}
          </button>
        ))}
      </div>
      <div className="wingo-balls">
        {NUMBERS.map((n) => (
          <button key={n} type="button" className={`ball ball--n${n}`} disabled={locked} aria-label={selectionLabel(n, t)} onClick={() => onChoose(n)}>
            {n}
          </button>
        ))}
      </div>
      <div className="wingo-multipliers" role="group" aria-label={t('wingo.multipliers')}>
        <button type="button" className="chip" disabled={locked} onClick={() => onChoose(randomSelection())}>
          {t('wingo.random')}
        </button>
        {multipliers.map((m) => (
          <button key={m} type="button" className="chip" aria-pressed={m === multiplier} onClick={() => onMultiplier(m)}>
            {t('wingo.multiplier', { multiplier: m })}
          </button>
        ))}
      </div>
      <div className="wingo-sizes">
        <button type="button" className="wingo-size wingo-size--big" disabled={locked} onClick={() => onChoose('big')}>
          {t('wingo.sel.big')}
        </button>
        <button type="button" className="wingo-size wingo-size--small" disabled={locked} onClick={() => onChoose('small')}>
          {t('wingo.sel.small')}
        </button>
      </div>
    </section>
  );
}
