import { useState } from 'react';
import { Tabs } from '../../../components/ui/tabs';
import { useI18n } from '../../../lib/i18n';
import { LockedOverlay } from '../locked-overlay';
import './i18n';
import { DieFace } from './outcome';
import { k3SelectionLabel, payoutText } from './selection';
import './lottery-games.css';
import type { GameBoardProps } from './view-parts';

const FACES = [1, 2, 3, 4, 5, 6] as const;
const SUMS = Array.from({ length: 16 }, (_, i) => i + 3);
const SIDES = ['big', 'small', 'odd', 'even'] as const;
const pairsOf = <T,>(list: readonly T[]) => list.flatMap((a, i) => list.slice(i + 1).map((b) => [a, b] as const));
const DIFF2 = pairsOf(FACES);
const DIFF3 = FACES.flatMap((a) => FACES.filter((b) => b > a).flatMap((b) => FACES.filter((c) => c > b).map((c) => [a, b, c] as const)));

/**
 * The K3 board (decision 347): the bet types in the four tabs players of these apps know (Total,
 * 2 same, 3 same, Different). Each choice is a button named as it reads ("Sum 10", "Two same 1 1
 * and 2", "Three same 6 6 6"), drawn with dice faces and its published multiple.
 */
export function K3Board({ locked, secondsLeft, onChoose }: Pick<GameBoardProps, 'locked' | 'secondsLeft' | 'onChoose'>) {
  const { t } = useI18n();
  const [tab, setTab] = useState(0);
  const choice = (id: string, body: React.ReactNode, className = '') => (
    <button key={id} type="button" className={`lg-choice ${className}`} disabled={locked} onClick={() => onChoose(id)}>
      <span className="visually-hidden">{k3SelectionLabel(id, t)}</span>
      <span className="lg-choice__face" aria-hidden="true">{body}</span>
      <span className="lg-choice__pays" aria-hidden="true">x{payoutText('k3', id)}</span>
    </button>
  );
  const dice = (values: readonly number[]) => values.map((v, i) => <DieFace key={i} value={v} size="sm" />);

  const total = (
    <div className="lg-group">
      <div className="lg-grid lg-grid--sums">{SUMS.map((n) => choice(`sum:${n}`, <span className="lg-sum">{n}</span>))}</div>
      <div className="lg-grid lg-grid--sides">{SIDES.map((s) => choice(s, t(`lg.sel.${s}`), `lg-choice--${s}`))}</div>
    </div>
  );
  const two = (
    <div className="lg-group">
      <h3 className="lg-group__title">{t('lg.k3.pairAny')}</h3>
      <div className="lg-grid lg-grid--six">{FACES.map((a) => choice(`pair:${a}${a}`, dice([a, a])))}</div>
      <h3 className="lg-group__title">{t('lg.k3.pairSingle')}</h3>
      {FACES.map((a) => (
        <div key={a} className="lg-grid lg-grid--five">
          {FACES.filter((b) => b !== a).map((b) => choice(`pair:${a}${a}-${b}`, dice([a, a, b])))}
        </div>
      ))}
    </div>
  );
  const three = (
    <div className="lg-group">
      <h3 className="lg-group__title">{t('lg.k3.tripleGroup')}</h3>
      <div className="lg-grid lg-grid--three">{FACES.map((a) => choice(`triple:${a}${a}${a}`, dice([a, a, a])))}</div>
      <div className="lg-grid lg-grid--one">{choice('triple:any', t('lg.sel.tripleAny'))}</div>
    </div>
  );
  const diff = (
    <div className="lg-group">
      <h3 className="lg-group__title">{t('lg.k3.diff3Group')}</h3>
      <div className="lg-grid lg-grid--four">{DIFF3.map((d) => choice(`diff3:${d.join('')}`, dice(d)))}</div>
      <div className="lg-grid lg-grid--one">{choice('straight', t('lg.sel.straight'))}</div>
      <h3 className="lg-group__title">{t('lg.k3.diff2Group')}</h3>
      <div className="lg-grid lg-grid--five">{DIFF2.map((d) => choice(`diff2:${d.join('')}`, dice(d)))}</div>
    </div>
  );

  return (
    <section className="wingo-board lg-board" aria-label={t('lg.board')}>
      {locked && <LockedOverlay secondsLeft={secondsLeft} />}
      <Tabs
        label={t('lg.boardTabs')}
        selectedIndex={tab}
        onSelect={setTab}
        items={[
          { id: 'total', label: t('lg.k3.tab.total'), panel: total },
          { id: 'two', label: t('lg.k3.tab.two'), panel: two },
          { id: 'three', label: t('lg.k3.tab.three'), panel: three },
          { id: 'diff', label: t('lg.k3.tab.diff'), panel: diff },
        ]}
      />
    </section>
  );
}
