import type { WingoRoomId } from '@colorplay/contract';
import { useI18n } from '../../lib/i18n';
import { useInfiniteResource } from '../../lib/infinite-resource';
import { historyResource, type ScreenGame } from './api';
import { ResultBall } from './balls';
import './i18n';
import { useMyBetCounts } from './my-periods';
import { formatCountdown, roundSecondsOf } from './round-clock';
import { Rules } from './rules';
import './wingo-round.css';

/** How many of the latest results the strip above the board shows. */
const STRIP_SIZE = 5;

/** The countdown as the big per-digit boxes players know: "0 0 : 2 0". */
export function CountdownDigits({ seconds }: { seconds: number }) {
  return (
    <>
      {formatCountdown(seconds)
        .split('')
        .map((c, i) => (
          <span key={i} className={c === ':' ? 'wingo-clock__sep' : 'wingo-clock__digit'}>
            {c}
          </span>
        ))}
    </>
  );
}

/** The countdown to the draw and the period, as every game's round panel shows them. */
export function RoundClock({ secondsLeft, period, testId }: { secondsLeft: number; period: string; testId: string }) {
  const { t } = useI18n();
  return (
    <div className="wingo-round__clock">
      <p className="wingo-round__label">{t('wingo.timeRemaining')}</p>
      <p className="wingo-clock" role="timer" aria-label={t('wingo.countdown', { count: secondsLeft })}>
        <CountdownDigits seconds={secondsLeft} />
      </p>
      <p className="wingo-round__period">
        <span className="wingo-round__label">{t('wingo.period')}</span> <span data-testid={testId}>{period}</span>
      </p>
    </div>
  );
}

/**
 * "You have 2 bets in this period" under the clock while the player holds bets in the period
 * shown (decision 510). Not a live region: nothing in the round's section is (decision 223); the bet
 * sheet's own message says a bet was placed.
 */
export function PeriodBets({ game, room, period }: { game: ScreenGame; room: string; period: string }) {
  const { t } = useI18n();
  const count = useMyBetCounts(game, room).get(period) ?? 0;
  return count > 0 ? <p className="wingo-round__mine">{t('wingo.periodBets', { count })}</p> : null;
}

/** The latest results of the room as colour balls, newest first. */
function LastResults({ room }: { room: WingoRoomId }) {
  const { t } = useI18n();
  const history = useInfiniteResource(historyResource('wingo', room));
  const latest = (history.pages[0]?.items ?? []).slice(0, STRIP_SIZE);
  return (
    <div className="wingo-strip">
      <p className="wingo-round__label" id="wingo-strip-label">
        {t('wingo.lastResults')}
      </p>
      <ol className="wingo-strip__balls" aria-labelledby="wingo-strip-label">
        {latest.map((r) => (
          <li key={r.period}>
            <ResultBall digit={r.status === 'voided' ? null : r.digit} />
          </li>
        ))}
        {latest.length === 0 && <li className="wingo-strip__empty">—</li>}
      </ol>
    </div>
  );
}

/** The round panel: the rules, the room's name and latest results, the countdown and the period. */
export function RoundPanel({ room, secondsLeft, period, feeBasisPoints }: { room: WingoRoomId; secondsLeft: number; period: string; feeBasisPoints: number }) {
  const { t } = useI18n();
  return (
    <section className="wingo-round" aria-label={t('wingo.period')}>
      <div className="wingo-round__main">
        <div className="wingo-round__info">
          <Rules room={room} roundSeconds={roundSecondsOf('wingo', room)} feeBasisPoints={feeBasisPoints} />
          <p className="wingo-round__label">{t(`wingo.room.${room}`)}</p>
          <LastResults room={room} />
        </div>
        <RoundClock secondsLeft={secondsLeft} period={period} testId="wingo-period" />
      </div>
      <PeriodBets game="wingo" room={room} period={period} />
    </section>
  );
}
