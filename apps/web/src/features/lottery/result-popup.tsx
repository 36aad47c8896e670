import type { LotteryGameId } from '@colorplay/contract';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Popup } from '../../components/ui/popup';
import { formatMoneyMinor } from '../../lib/format';
import { type Translate, useI18n } from '../../lib/i18n';
import { signalInstallMoment } from '../../lib/install-moment';
import { ballLabel, ResultBall } from './balls';
import { OutcomeValues } from './games/outcome';
import { lotteryGameView } from './games/views';
import './i18n';
import type { LotterySettled, SettledRound } from './settlements';
import './wingo-result.css';

/** How long the result popup stays before it closes by itself (these apps close it after ~3 s). */
export const RESULT_POPUP_MS = 3_000;

/** A settled round as every game's popup shows it. */
interface PopupRound {
  period: string;
  /** What the player staked in the round in all, and what came back (winnings and refunds). */
  stakeMinor: number;
  payoutMinor: number;
  result: 'won' | 'lost' | 'refunded';
}

/**
 * What the round came to for the player (decision 467): a win that paid back less than the round's
 * stakes is a net loss, and a loss says what was lost, so "Credited" is never read as a gain.
 */
function netLine(round: PopupRound, t: Translate): string {
  const netMinor = round.payoutMinor - round.stakeMinor;
  if (round.result === 'lost') return t('wingo.result.lost', { amount: formatMoneyMinor(-netMinor) });
  const figures = { stake: formatMoneyMinor(round.stakeMinor), net: formatMoneyMinor(Math.abs(netMinor)) };
  return netMinor >= 0 ? t('wingo.result.netGain', figures) : t('wingo.result.netLoss', figures);
}

/**
 * The result of a round the player bet in, for any game: won, lost or refunded, the outcome
 * drawn (`outcome`: the ball, the dice or digits) with its line, closing by itself unless held.
 */
function RoundResultPopup({ round, line, outcome, outcomeLine, onClose }: { round: PopupRound | null; line: string; outcome: ReactNode; outcomeLine: string | null; onClose: () => void }) {
  const { t } = useI18n();
  const titleId = useId();
  /** The period whose popup the player holds open (a new result is not held). */
  const [heldPeriod, setHeldPeriod] = useState<string | null>(null);
  const close = () => {
    // A first win is a good moment to offer the home-screen icon (decision 222).
    if (round?.result === 'won') signalInstallMoment();
    onClose();
  };
  const closeRef = useRef(close);
  useEffect(() => {
    closeRef.current = close;
  });
  // It closes by itself after a few seconds, as in the apps players know, unless the player
  // holds it (a pointer over it, or a key pressed in it): the same text stays in My history.
  const period = round?.period ?? null;
  const held = period !== null && heldPeriod === period;
  useEffect(() => {
    if (period === null || held) return;
    const timer = setTimeout(() => closeRef.current(), RESULT_POPUP_MS);
    return () => clearTimeout(timer);
  }, [period, held]);
  const title = round?.result === 'won' ? t('wingo.result.winTitle') : round?.result === 'refunded' ? t('wingo.result.refundTitle') : t('wingo.result.loseTitle');
  return (
    <Popup open={round !== null} onClose={close} labelledBy={titleId} className={`wingo-result wingo-result--${round?.result ?? 'lost'}`}>
      {round && (
        <div className="wingo-result__body" onPointerEnter={() => setHeldPeriod(round.period)} onKeyDown={() => setHeldPeriod(round.period)}>
          <h2 id={titleId} className="wingo-result__title">
            {title}
          </h2>
          {outcome}
          <p>{line}</p>
          {outcomeLine !== null && <p className="wingo-result__outcome">{outcomeLine}</p>}
          {round.payoutMinor > 0 && <p className="wingo-result__amount">{t('wingo.result.bonus', { amount: formatMoneyMinor(round.payoutMinor) })}</p>}
          {round.result !== 'refunded' && <p className="wingo-result__net">{netLine(round, t)}</p>}
          <button type="button" className="button button--primary" onClick={close}>
            {t('wingo.result.close')}
          </button>
          {!held && <p className="wingo-result__auto">{t('wingo.result.autoClose')}</p>}
        </div>
      )}
    </Popup>
  );
}

/** A Wingo round's result: its ball and the ball's colours and size. */
export function ResultPopup({ result, onClose }: { result: SettledRound | null; onClose: () => void }) {
  const { t } = useI18n();
  const digit = result?.digit ?? null;
  return (
    <RoundResultPopup
      round={result && { period: result.period, stakeMinor: result.stakeMinor, payoutMinor: result.payoutMinor, result: result.outcome }}
      line={t('wingo.result.line', { period: result?.period ?? '', digit: digit ?? '—' })}
      outcome={digit !== null && <ResultBall digit={digit} size="lg" />}
      outcomeLine={digit !== null ? ballLabel(digit, t) : null}
      onClose={onClose}
    />
  );
}

/** A K3/5D/Trx Win round's result: the outcome drawn as dice or digits, and the game's line for it. */
export function LotteryResultPopup({ game, result, onClose }: { game: LotteryGameId; result: LotterySettled | null; onClose: () => void }) {
  const { t } = useI18n();
  const outcome = result?.outcome ?? null;
  return (
    <RoundResultPopup
      round={result}
      line={t('lg.result.line', { period: result?.period ?? '' })}
      outcome={outcome && <OutcomeValues game={game} outcome={outcome} size="lg" />}
      outcomeLine={outcome ? lotteryGameView(game).popupLine(outcome, t) : null}
      onClose={onClose}
    />
  );
}
