import { useState } from 'react';
import { useI18n } from '../../../lib/i18n';
import { LockedOverlay } from '../locked-overlay';
import './i18n';
import { positionClass } from './outcome';
import { FIVED_POSITIONS, fivedSelectionLabel, payoutText } from './selection';
import './lottery-games.css';
import type { GameBoardProps } from './view-parts';

const WHERE = [...FIVED_POSITIONS, 'sum'] as const;
type Where = (typeof WHERE)[number];
const SIDES = ['big', 'small', 'odd', 'even'] as const;
const DIGITS = Array.from({ length: 10 }, (_, d) => String(d));

/**
 * The 5D board (decision 347): a picker of the position (A B C D E) or the Sum, then that one's
 * Big / Small / Odd / Even and, for a position, its digit 0-9. Each choice is a button named as
 * it reads ("A 7", "Sum Big").
 */
export function FivedBoard({ locked, secondsLeft, onChoose }: Pick<GameBoardProps, 'locked' | 'secondsLeft' | 'onChoose'>) {
  const { t } = useI18n();
  const [where, setWhere] = useState<Where>('A');
  const choice = (id: string, body: string, className = '') => (
    <button key={id} type="button" className={`lg-choice ${className}`} disabled={locked} onClick={() => onChoose(id)}>
      <span className="visually-hidden">{fivedSelectionLabel(id, t)}</span>
      <span className="lg-choice__face" aria-hidden="true">{body}</span>
      <span className="lg-choice__pays" aria-hidden="true">x{payoutText('5d', id)}</span>
    </button>
  );
  return (
    <section className="wingo-board lg-board" aria-label={t('lg.board')}>
      {locked && <LockedOverlay secondsLeft={secondsLeft} />}
      <div className="lg-positions" role="group" aria-label={t('lg.5d.positions')}>
        {WHERE.map((w) => (
          <button key={w} type="button" className={w === 'sum' ? 'lg-position' : `lg-position lg-position--letter ${positionClass(FIVED_POSITIONS.indexOf(w))}`} aria-pressed={w === where} onClick={() => setWhere(w)}>
            {w === 'sum' ? t('lg.5d.sum') : w}
          </button>
        ))}
      </div>
      <div className="lg-grid lg-grid--sides">{SIDES.map((s) => choice(`${where}:${s}`, t(`lg.sel.${s}`), `lg-choice--${s}`))}</div>
      {where !== 'sum' && <div className={`lg-grid lg-grid--five ${positionClass(FIVED_POSITIONS.indexOf(where))}`}>{DIGITS.map((d) => choice(`${where}:${d}`, d, 'lg-choice--digit'))}</div>}
    </section>
  );
}
