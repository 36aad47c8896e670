import type { LotteryGameId } from '@colorplay/contract';
import { useEffect, useRef, useState } from 'react';
import { Popup } from '../../../components/ui/popup';
import { formatMoneyMinor } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import { RESULT_POPUP_MS } from '../result-popup';
import '../wingo-result.css';
import './i18n';
import { OutcomeValues } from './outcome';
import type { LotterySettled } from './round';
import { lotteryGameView } from './views';

/**
 * The result of a K3/5D/Trx Win round the player bet in, as Wingo's popup: won, lost or refunded, the
 * outcome drawn as dice or digits, closing by itself unless the player holds it.
 */
export function LotteryResultPopup({ game, result, onClose }: { game: LotteryGameId; result: LotterySettled | null; onClose: () => void }) {
  const { t } = useI18n();
  const [heldPeriod, setHeldPeriod] = useState<string | null>(null);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });
  const period = result?.period ?? null;
  const held = period !== null && heldPeriod === period;
  useEffect(() => {
    if (period === null || held) return;
    const timer = setTimeout(() => closeRef.current(), RESULT_POPUP_MS);
    return () => clearTimeout(timer);
  }, [period, held]);
  const title =
    result?.result === 'won' ? t('wingo.result.winTitle') : result?.result === 'refunded' ? t('wingo.result.refundTitle') : t('wingo.result.loseTitle');
  return (
    <Popup open={result !== null} onClose={onClose} labelledBy="lg-result-title" className={`wingo-result wingo-result--${result?.result ?? 'lost'}`}>
      {result && (
        <div className="wingo-result__body" onPointerEnter={() => setHeldPeriod(result.period)} onKeyDown={() => setHeldPeriod(result.period)}>
          <h2 id="lg-result-title" className="wingo-result__title">
            {title}
          </h2>
          {result.outcome && <OutcomeValues game={game} outcome={result.outcome} size="lg" />}
          <p>{t('lg.result.line', { period: result.period })}</p>
          {result.outcome && <p className="wingo-result__outcome">{lotteryGameView(game).popupLine(result.outcome, t)}</p>}
          {result.payoutMinor > 0 && <p className="wingo-result__amount">{t('wingo.result.bonus', { amount: formatMoneyMinor(result.payoutMinor) })}</p>}
          <button type="button" className="button button--primary" onClick={onClose}>
            {t('wingo.result.close')}
          </button>
          {!held && <p className="wingo-result__auto">{t('wingo.result.autoClose')}</p>}
        </div>
      )}
    </Popup>
  );
}
