import { useEffect, useRef, useState } from 'react';
import { Popup } from '../../components/ui/popup';
import { formatMoneyMinor } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { signalInstallMoment } from '../../lib/install-moment';
import { ballLabel, ResultBall } from './balls';
import './i18n';
import type { SettledRound } from './settled-round';
import './wingo-result.css';

/** How long the result popup stays before it closes by itself (these apps close it after ~3 s). */
export const RESULT_POPUP_MS = 3_000;

/** The result of a round the player bet in: won, lost or refunded, closing by itself unless held. */
export function ResultPopup({ result, onClose }: { result: SettledRound | null; onClose: () => void }) {
  const { t } = useI18n();
  /** The period whose popup the player holds open (a new result is not held). */
  const [heldPeriod, setHeldPeriod] = useState<string | null>(null);
  const close = () => {
    // A first win is a good moment to offer the home-screen icon (decision 222).
    if (result?.outcome === 'won') signalInstallMoment();
    onClose();
  };
  const closeRef = useRef(close);
  useEffect(() => {
    closeRef.current = close;
  });
  // It closes by itself after a few seconds, as in the apps players know, unless the player
  // holds it (a pointer over it, or a key pressed in it): the same text stays in My history.
  const period = result?.period ?? null;
  const held = period !== null && heldPeriod === period;
  useEffect(() => {
    if (period === null || held) return;
    const timer = setTimeout(() => closeRef.current(), RESULT_POPUP_MS);
    return () => clearTimeout(timer);
  }, [period, held]);
  const title =
    result?.outcome === 'won' ? t('wingo.result.winTitle') : result?.outcome === 'refunded' ? t('wingo.result.refundTitle') : t('wingo.result.loseTitle');
  return (
    <Popup open={result !== null} onClose={close} labelledBy="wingo-result-title" className={`wingo-result wingo-result--${result?.outcome ?? 'lost'}`}>
      {result && (
        <div className="wingo-result__body" onPointerEnter={() => setHeldPeriod(result.period)} onKeyDown={() => setHeldPeriod(result.period)}>
          <h2 id="wingo-result-title" className="wingo-result__title">
            {title}
          </h2>
          {result.digit !== null && <ResultBall digit={result.digit} size="lg" />}
          <p>{t('wingo.result.line', { period: result.period, digit: result.digit ?? '—' })}</p>
          {result.digit !== null && <p className="wingo-result__outcome">{ballLabel(result.digit, t)}</p>}
          {result.payoutMinor > 0 && <p className="wingo-result__amount">{t('wingo.result.bonus', { amount: formatMoneyMinor(result.payoutMinor) })}</p>}
          <button type="button" className="button button--primary" onClick={close}>
            {t('wingo.result.close')}
          </button>
          {!held && <p className="wingo-result__auto">{t('wingo.result.autoClose')}</p>}
        </div>
      )}
    </Popup>
  );
}
