import type { LotteryGameId, LotteryRoomId } from '@colorplay/contract';
import { LOTTERY_ROOM_IDS } from '@colorplay/contract/lottery-constants';
import { WINGO_BET_OPTIONS, WINGO_DEFAULT_LIMITS } from '@colorplay/lottery';
import { useMemo, useState } from 'react';
import { Tabs } from '../../../components/ui/tabs';
import { TopBar } from '../../../components/ui/top-bar';
import { paths } from '../../../config/paths';
import { useI18n } from '../../../lib/i18n';
import { useInfiniteResource } from '../../../lib/infinite-resource';
import { useResource } from '../../../lib/resource';
import { useServerNow } from '../../../lib/server-clock';
import { BalanceCard } from '../balance-card';
import { BetSheet } from '../bet-sheet';
import { RoomTabs, type RoomSet } from '../room-tabs';
import { CountdownDigits } from '../round-panel';
import { useCountdownBeeps } from '../use-countdown-beeps';
import { unlockAudio } from '../voice';
import { VoiceToggle } from '../voice-toggle';
import '../wingo.css';
import '../wingo-round.css';
import { lotteryHistoryResource, lotteryPlaceBet, lotteryStateResource } from './api';
import './i18n';
import './lottery-games.css';
import { OutcomeValues } from './outcome';
import { LotteryChart, LotteryHistory, LotteryMyBets } from './records';
import { LotteryResultPopup } from './result-popup';
import { LotteryRules } from './rules';
import { lotteryRoundView, rememberLotteryRoom, storedLotteryRoom, useLotteryLiveSync, useLotterySettlements } from './round';
import { selectionLabelOf } from './selection';
import { lotteryGameView } from './views';

/** How often the room's state is read while the game's socket is down (decision 361; it pushes otherwise). */
export const LOTTERY_POLL_MS = 2_000;

/** The latest result of the room: the dice or digits with the sum, size and parity (Trx Win: the ball, its colours and size). */
function LatestResult({ game, room }: { game: LotteryGameId; room: LotteryRoomId }) {
  const { t } = useI18n();
  const view = lotteryGameView(game);
  const history = useInfiniteResource(lotteryHistoryResource(game, room));
  const last = history.pages[0]?.items[0];
  return (
    <div className="lg-latest">
      <p className="wingo-round__label">{t('wingo.lastResults')}</p>
      {last?.outcome && last.summary ? (
        <>
          <OutcomeValues game={game} outcome={last.outcome} />
          <p className="lg-latest__summary">{view.summaryLine(last.outcome, last.summary, t)}</p>
        </>
      ) : (
        <p className="wingo-strip__empty">—</p>
      )}
    </div>
  );
}

/** The K3, 5D or Trx Win screen (/home/AllLotteryGames/K3, /5D, /TrxWin): Wingo's layout with the game's board (views.tsx). */
export function LotteryGamePage({ game }: { game: LotteryGameId }) {
  const { t } = useI18n();
  const [room, setRoom] = useState<LotteryRoomId>(() => storedLotteryRoom(game));
  const [selection, setSelection] = useState<string | null>(null);
  const [multiplier, setMultiplier] = useState(1);
  const [tab, setTab] = useState(0);
  const [sheetId, setSheetId] = useState(0);
  const title = t(`lg.title.${game}`);

  const live = useLotteryLiveSync(game, room);
  const isLive = live.status === 'open';
  const state = useResource(lotteryStateResource(game, room), { pollMs: isLive ? null : LOTTERY_POLL_MS });
  const betting = state.data?.betting;
  const amountPresetsMinor = betting?.amountPresetsMinor ?? WINGO_BET_OPTIONS.amountPresetsMinor;
  const multipliers = betting?.multipliers ?? WINGO_BET_OPTIONS.multipliers;
  const feeBasisPoints = betting?.feeBasisPoints ?? WINGO_BET_OPTIONS.feeBasisPoints;
  const maxQuantity = betting?.limits.maxQuantity ?? WINGO_DEFAULT_LIMITS.maxQuantity;

  const now = useServerNow(250);
  const liveClock = isLive ? (live.clocks[room] ?? null) : null;
  const clock = liveClock ?? (state.data?.game === game && state.data.round.roomId === room ? state.data.round : null);
  const round = lotteryRoundView(room, clock, now);
  const { popup, closePopup, onPlaced, forgetAll } = useLotterySettlements(game, room, round.period, isLive);
  useCountdownBeeps(round.period, round.secondsLeft);

  const rooms: RoomSet<LotteryRoomId> = useMemo(
    () => ({ ids: LOTTERY_ROOM_IDS, name: (id) => t(`lg.room.${id}`, { game: title }), short: (id) => t(`lg.roomShort.${id}`) }),
    [t, title],
  );
  const roomName = rooms.name(room);
  const place = useMemo(() => lotteryPlaceBet(game), [game]);

  const changeRoom = (next: LotteryRoomId) => {
    setRoom(next);
    rememberLotteryRoom(game, next);
    forgetAll();
    setSelection(null);
  };
  const choose = (id: string) => {
    // A fresh sheet per opening: amount, quantity and agreement start over, as does the intent.
    setSheetId((n) => n + 1);
    setSelection(id);
  };
  const { Board } = lotteryGameView(game);

  return (
    <main className={`page wingo lg-page lg-page--${game}`} onPointerDown={unlockAudio} onKeyDown={unlockAudio}>
      <TopBar title={title} backTo={paths.home.getHref()} actions={<VoiceToggle />} />
      <BalanceCard />
      <RoomTabs room={room} onChange={changeRoom} rooms={rooms} />
      <section className="wingo-round" aria-label={t('wingo.period')}>
        <div className="wingo-round__main">
          <div className="wingo-round__info">
            <LotteryRules game={game} room={room} roomName={roomName} feeBasisPoints={feeBasisPoints} />
            <p className="wingo-round__label">{roomName}</p>
          </div>
          <div className="wingo-round__clock">
            <p className="wingo-round__label">{t('wingo.timeRemaining')}</p>
            <p className="wingo-clock" role="timer" aria-label={t('wingo.countdown', { count: round.secondsLeft })}>
              <CountdownDigits seconds={round.secondsLeft} />
            </p>
            <p className="wingo-round__period">
              <span className="wingo-round__label">{t('wingo.period')}</span> <span data-testid="lottery-period">{round.period}</span>
            </p>
          </div>
        </div>
        <LatestResult game={game} room={room} />
      </section>
      <Board
        locked={round.locked}
        secondsLeft={round.secondsLeft}
        onChoose={choose}
        multipliers={multipliers}
        multiplier={multiplier}
        onMultiplier={setMultiplier}
      />
      <Tabs
        label={t('wingo.tabs')}
        selectedIndex={tab}
        onSelect={setTab}
        items={[
          { id: 'history', label: t('wingo.tab.history'), panel: <LotteryHistory game={game} room={room} /> },
          { id: 'chart', label: t('wingo.tab.chart'), panel: <LotteryChart game={game} room={room} /> },
          { id: 'mine', label: t('wingo.tab.mine'), panel: <LotteryMyBets game={game} room={room} /> },
        ]}
      />
      <BetSheet
        key={sheetId}
        open={selection !== null}
        onClose={() => setSelection(null)}
        room={room}
        period={round.period}
        selection={selection}
        selectionText={selection ? selectionLabelOf(game, selection, t) : undefined}
        place={place}
        multiplier={multiplier}
        amountPresetsMinor={amountPresetsMinor}
        multipliers={multipliers}
        feeBasisPoints={feeBasisPoints}
        maxQuantity={maxQuantity}
        locked={round.locked}
        onPlaced={onPlaced}
      />
      <LotteryResultPopup game={game} result={popup} onClose={closePopup} />
    </main>
  );
}
