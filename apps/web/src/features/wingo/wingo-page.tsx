import type { WingoRoomId, WingoSelectionCode } from '@colorplay/contract';
import { WINGO_BET_OPTIONS, WINGO_DEFAULT_LIMITS } from '@colorplay/lottery';
import { useState } from 'react';
import { Tabs } from '../../components/ui/tabs';
import { TopBar } from '../../components/ui/top-bar';
import { paths } from '../../config/paths';
import { useI18n } from '../../lib/i18n';
import { useResource } from '../../lib/resource';
import { useServerNow } from '../../lib/server-clock';
import { roomStateResource } from './api';
import { BalanceCard } from './balance-card';
import { BetBoard } from './bet-board';
import { BetSheet } from './bet-sheet';
import './i18n';
import { MyHistory } from './my-history';
import { GameHistory, TrendChart } from './records';
import { ResultPopup } from './result-popup';
import { rememberRoom, storedRoom } from './room-storage';
import { RoomTabs } from './room-tabs';
import { roundView } from './round-clock';
import { RoundPanel } from './round-panel';
import { useCountdownBeeps } from './use-countdown-beeps';
import { useWingoLiveSync } from './use-live-sync';
import { useSettlements } from './use-settlements';
import { unlockAudio } from './voice';
import { VoiceToggle } from './voice-toggle';
import './wingo.css';

// The screen's parts moved to their own files; these stay importable from here.
export { RESULT_POPUP_MS } from './result-popup';
export { ROOM_STORAGE_KEY, storedRoom } from './room-storage';
export { settledRound, type SettledRound } from './settled-round';

/** How often the HTTP endpoints are read while the socket is down (polling fallback). */
export const POLL_MS = 2_000;

/** The Wingo screen (/home/AllLotteryGames/Wingo). */
export function WingoPage() {
  const { t } = useI18n();
  const [room, setRoom] = useState<WingoRoomId>(storedRoom);
  const [multiplier, setMultiplier] = useState(1);
  const [selection, setSelection] = useState<WingoSelectionCode | null>(null);
  const [tab, setTab] = useState(0);
  const [sheetId, setSheetId] = useState(0);

  const live = useWingoLiveSync(room);
  const socketDown = live.status !== 'open';

  const state = useResource(roomStateResource(room), { pollMs: socketDown ? POLL_MS : null });
  const betting = state.data?.betting;
  const amountPresetsMinor = betting?.amountPresetsMinor ?? WINGO_BET_OPTIONS.amountPresetsMinor;
  const multipliers = betting?.multipliers ?? WINGO_BET_OPTIONS.multipliers;
  const feeBasisPoints = betting?.feeBasisPoints ?? WINGO_BET_OPTIONS.feeBasisPoints;
  const maxQuantity = betting?.limits.maxQuantity ?? WINGO_DEFAULT_LIMITS.maxQuantity;

  const now = useServerNow(250);
  const clock = live.clocks[room] ?? (state.data?.round.roomId === room ? state.data.round : null);
  const round = roundView(room, clock, now);

  const { popup, closePopup, onPlaced, forgetAll } = useSettlements(room, round.period);
  useCountdownBeeps(round.period, round.secondsLeft);

  const changeRoom = (next: WingoRoomId) => {
    setRoom(next);
    rememberRoom(next);
    forgetAll();
    setSelection(null);
  };

  const choose = (code: WingoSelectionCode) => {
    // A fresh sheet per opening: amount, quantity and agreement start over, as does the intent.
    setSheetId((id) => id + 1);
    setSelection(code);
  };
  const locked = round.locked;

  return (
    // Sound may start only after a gesture (browsers warn otherwise): the first tap or key anywhere
    // on the screen makes the audio context, and the countdown beeps from then on.
    <main className="page wingo" onPointerDown={unlockAudio} onKeyDown={unlockAudio}>
      <TopBar title={t('wingo.title')} backTo={paths.home.getHref()} actions={<VoiceToggle />} />
      <BalanceCard />
      <RoomTabs room={room} onChange={changeRoom} />
      {live.status === 'open' && <p className="wingo-live">{t('wingo.live')}</p>}
      {live.status === 'down' && <p className="wingo-muted">{t('wingo.offline')}</p>}
      <RoundPanel room={room} secondsLeft={round.secondsLeft} period={round.period} feeBasisPoints={feeBasisPoints} />
      <BetBoard
        locked={locked}
        secondsLeft={round.secondsLeft}
        multipliers={multipliers}
        multiplier={multiplier}
        onMultiplier={setMultiplier}
        onChoose={choose}
      />
      <Tabs
        label={t('wingo.tabs')}
        selectedIndex={tab}
        onSelect={setTab}
        items={[
          { id: 'history', label: t('wingo.tab.history'), panel: <GameHistory room={room} /> },
          { id: 'chart', label: t('wingo.tab.chart'), panel: <TrendChart room={room} /> },
          { id: 'mine', label: t('wingo.tab.mine'), panel: <MyHistory room={room} /> },
        ]}
      />
      <BetSheet
        key={sheetId}
        open={selection !== null}
        onClose={() => setSelection(null)}
        room={room}
        period={round.period}
        selection={selection}
        multiplier={multiplier}
        amountPresetsMinor={amountPresetsMinor}
        multipliers={multipliers}
        feeBasisPoints={feeBasisPoints}
        maxQuantity={maxQuantity}
        locked={locked}
        onPlaced={onPlaced}
      />
      <ResultPopup result={popup} onClose={closePopup} />
    </main>
  );
}
