import type { LotteryBet, LotteryGameId, LotteryRoomId, LotteryRoundClock, WingoRoomId, WingoRoundClock } from '@colorplay/contract';
import { LOTTERY_ROOM_IDS, LOTTERY_SLIP_MAX_ITEMS } from '@colorplay/contract/lottery-constants';
import { WINGO_BET_OPTIONS, WINGO_DEFAULT_LIMITS } from '@colorplay/lottery';
import { memo, useCallback, useMemo, useState, type ComponentType } from 'react';
import { Tabs } from '../../components/ui/tabs';
import { TopBar } from '../../components/ui/top-bar';
import { paths } from '../../config/paths';
import { type Translate, useI18n } from '../../lib/i18n';
import { useInfiniteResource } from '../../lib/infinite-resource';
import { useResource } from '../../lib/resource';
import { useServerTimeValue } from '../../lib/server-clock';
import { historyResource, lotteryPlaceBet, stateResource, type ScreenGame } from './api';
import { BalanceCard } from './balance-card';
import { BetBoard } from './bet-board';
import { BetSheet, type StakeIntent } from './bet-sheet';
import { OutcomeValues } from './games/outcome';
import { LotteryChart, LotteryHistory, LotteryMyBets } from './games/records';
import { LotteryRules } from './games/rules';
import { selectionLabelOf } from './games/selection';
import { LOTTERY_GAME_VIEWS, lotteryGameView, type GameBoardProps } from './games/views';
import './i18n';
import { MyHistory } from './my-history';
import { GameHistory, TrendChart } from './records';
import { LotteryResultPopup, ResultPopup } from './result-popup';
import { rememberRoom, storedRoom } from './room-storage';
import { SlipSheet } from './slip-sheet';
import { RoomTabs, type RoomSet } from './room-tabs';
import { roundView, sameRoundView } from './round-clock';
import { PeriodBets, RoundClock, RoundPanel } from './round-panel';
import { lotterySettled, settledRound, useSettlements } from './settlements';
import { useCountdownBeeps } from './use-countdown-beeps';
import { useLiveSync } from './use-live-sync';
import { unlockAudio } from './voice';
import { VoiceToggle } from './voice-toggle';
import './lottery-shell.css';
import './wingo.css';
import './games/lottery-games.css';

/** How often the room's state is read while the game's socket is down (decision 361; it pushes otherwise). */
export const LOTTERY_POLL_MS = 2_000;

/** What the round panel of a game shows besides the clock. */
interface RoundPanelProps {
  game: ScreenGame;
  room: string;
  roomName: string;
  secondsLeft: number;
  period: string;
  feeBasisPoints: number;
}

/** A records tab of a game's room. */
type RoomPanel = ComponentType<{ game: ScreenGame; room: string }>;

/**
 * What makes one game's screen its own (decision 465): Wingo's row, and one row for the generic
 * games, whose board, history columns, chart and rules come from their view table
 * (games/views.tsx). Everything else (rooms, clock, live socket, bet sheet, money action,
 * settlements) is one code.
 */
interface ScreenParts {
  rooms: 'wingo' | 'minute';
  title: (game: ScreenGame, t: Translate) => string;
  /** The game's rooms; Wingo's four when absent. */
  roomSet?: (t: Translate, title: string) => RoomSet<string>;
  RoundPanel: ComponentType<RoundPanelProps>;
  History: RoomPanel;
  Chart: RoomPanel;
  Mine: RoomPanel;
  selectionText?: (game: ScreenGame, selection: string, t: Translate) => string;
  place?: (game: ScreenGame) => (input: StakeIntent, idempotencyKey: string) => Promise<{ balanceMinor: number; bet: { period: string } }>;
  /** The settled round of the player's in a period, once all its bets are settled; the popup shows it. */
  settle: (period: string, bets: readonly never[]) => { period: string } | null;
  Popup: ComponentType<{ game: ScreenGame; result: never; onClose: () => void }>;
}

/** The latest result of a generic game's room: the dice or digits with the sum, size and parity (Trx Win: the ball, its colours and size). */
function LatestResult({ game, room }: { game: LotteryGameId; room: LotteryRoomId }) {
  const { t } = useI18n();
  const view = lotteryGameView(game);
  const history = useInfiniteResource(historyResource(game, room));
  const last = history.pages[0]?.items[0];
  return (
    <div className="lg-latest">
      <p className="wingo-round__label">{t('wingo.lastResults')}</p>
      {last?.outcome && last.summary && view.Latest ? (
        <view.Latest result={last} outcome={last.outcome} summary={last.summary} />
      ) : last?.outcome && last.summary ? (
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

/** A generic game's round panel: its rules, the room's name, the clock and the latest result. */
function GameRoundPanel({ game, room, roomName, secondsLeft, period, feeBasisPoints }: RoundPanelProps) {
  const { t } = useI18n();
  return (
    <section className="wingo-round" aria-label={t('wingo.period')}>
      <div className="wingo-round__main">
        <div className="wingo-round__info">
          <LotteryRules game={game as LotteryGameId} room={room as LotteryRoomId} roomName={roomName} feeBasisPoints={feeBasisPoints} />
          <p className="wingo-round__label">{roomName}</p>
        </div>
        <RoundClock secondsLeft={secondsLeft} period={period} testId="lottery-period" />
      </div>
      <PeriodBets game={game} room={room} period={period} />
      <LatestResult game={game as LotteryGameId} room={room as LotteryRoomId} />
    </section>
  );
}

/*
 * The page renders once a second (the countdown) and at every arrival of its data; on a phone
 * each render is a task that blocks the main thread (decision 580). The parts that do not show
 * the clock are memoised, so that those renders reach only what changed: the balance, the board
 * (its seconds only matter while it is locked), and the records tabs.
 */
const Balance = memo(BalanceCard);

/** The board of each game: Wingo's, and the generic games' from their view table. */
const BOARDS: Record<ScreenGame, ComponentType<GameBoardProps>> = {
  wingo: memo(BetBoard as ComponentType<GameBoardProps>),
  k3: memo(LOTTERY_GAME_VIEWS.k3.Board),
  '5d': memo(LOTTERY_GAME_VIEWS['5d'].Board),
  trx: memo(LOTTERY_GAME_VIEWS.trx.Board),
};

const WINGO_PARTS: ScreenParts = {
  rooms: 'wingo',
  title: (_game, t) => t('wingo.title'),
  RoundPanel: ({ room, secondsLeft, period, feeBasisPoints }) => <RoundPanel room={room as WingoRoomId} secondsLeft={secondsLeft} period={period} feeBasisPoints={feeBasisPoints} />,
  History: memo(({ room }) => <GameHistory room={room as WingoRoomId} />),
  Chart: memo(({ room }) => <TrendChart room={room as WingoRoomId} />),
  Mine: memo(({ room }) => <MyHistory room={room as WingoRoomId} />),
  settle: settledRound as ScreenParts['settle'],
  Popup: ResultPopup as ScreenParts['Popup'],
};

const GAME_PARTS: ScreenParts = {
  rooms: 'minute',
  title: (game, t) => t(`lg.title.${game as LotteryGameId}`),
  roomSet: (t, title) => ({ ids: LOTTERY_ROOM_IDS, name: (id) => t(`lg.room.${id as LotteryRoomId}`, { game: title }), short: (id) => t(`lg.roomShort.${id as LotteryRoomId}`) }),
  RoundPanel: GameRoundPanel,
  History: memo(LotteryHistory as RoomPanel),
  Chart: memo(LotteryChart as RoomPanel),
  Mine: memo(LotteryMyBets as RoomPanel),
  selectionText: (game, selection, t) => selectionLabelOf(game as LotteryGameId, selection, t),
  place: (game) => lotteryPlaceBet(game as LotteryGameId),
  settle: lotterySettled as ScreenParts['settle'],
  Popup: LotteryResultPopup as ScreenParts['Popup'],
};

/**
 * The one lottery screen (decision 465): Wingo (/home/AllLotteryGames/Wingo), K3, 5D and Trx Win
 * (/K3, /5D, /TrxWin). The rooms, the round panel, the board, the records tabs, the bet sheet
 * and the result popup of the game chosen; the same clock, live socket, polling and settlements.
 */
export function LotteryPage({ game }: { game: ScreenGame }) {
  const { t } = useI18n();
  const parts = game === 'wingo' ? WINGO_PARTS : GAME_PARTS;
  const [room, setRoom] = useState<string>(() => (game === 'wingo' ? storedRoom() : storedRoom(game)));
  const [multiplier, setMultiplier] = useState(1);
  const [selection, setSelection] = useState<string | null>(null);
  const [tab, setTab] = useState(0);
  const [sheetId, setSheetId] = useState(0);
  // K3 and 5D take several selections on one slip (decision 514): each tap adds to the picks.
  const slipGame = game === 'k3' || game === '5d';
  const [picks, setPicks] = useState<readonly string[]>([]);
  const [slipOpen, setSlipOpen] = useState(false);
  const [placedHere, setPlacedHere] = useState<readonly LotteryBet[]>([]);
  const title = parts.title(game, t);

  const live = useLiveSync<WingoRoundClock | LotteryRoundClock>(game, room as WingoRoomId);
  const isLive = live.status === 'open';
  const state = useResource(stateResource(game, room as never), { pollMs: isLive ? null : LOTTERY_POLL_MS });
  const betting = state.data?.betting;
  const amountPresetsMinor = betting?.amountPresetsMinor ?? WINGO_BET_OPTIONS.amountPresetsMinor;
  const multipliers = betting?.multipliers ?? WINGO_BET_OPTIONS.multipliers;
  const feeBasisPoints = betting?.feeBasisPoints ?? WINGO_BET_OPTIONS.feeBasisPoints;
  const maxQuantity = betting?.limits.maxQuantity ?? WINGO_DEFAULT_LIMITS.maxQuantity;

  const stateRound = state.data && (!('game' in state.data) || state.data.game === game) && state.data.round.roomId === room ? state.data.round : null;
  const clock = live.clocks[room] ?? stateRound;
  // Read 4 times a second so the countdown turns over within 250 ms of the second; the page
  // renders only when the round's view changes (once a second).
  const round = useServerTimeValue((nowMs) => roundView(room, clock, nowMs, parts.rooms), sameRoundView, 250);
  const { popup, closePopup, onPlaced, forgetAll } = useSettlements(game, room, round.period, isLive, parts.settle);
  useCountdownBeeps(round.period, round.secondsLeft);

  const rooms = useMemo(() => parts.roomSet?.(t, title), [parts, t, title]);
  const roomName = rooms ? rooms.name(room) : t(`wingo.room.${room as WingoRoomId}`);

  const changeRoom = (next: string) => {
    setRoom(next);
    rememberRoom(next, game);
    forgetAll();
    setSelection(null);
    setPicks([]);
    setSlipOpen(false);
  };
  const noPicks = picks.length === 0;
  // Kept between renders, so that the memoised board is not rendered again for a new function.
  const choose = useCallback(
    (id: string) => {
      if (slipGame) {
        // A new slip starts a fresh sheet; a tap while picks are kept adds to them.
        if (noPicks) setSheetId((n) => n + 1);
        setPicks((current) => (current.includes(id) || current.length >= LOTTERY_SLIP_MAX_ITEMS ? current : [...current, id]));
        setSlipOpen(true);
        return;
      }
      // A fresh sheet per opening: amount, quantity and agreement start over, as does the intent.
      setSheetId((n) => n + 1);
      setSelection(id);
    },
    [slipGame, noPicks],
  );
  const { RoundPanel: Panel, History, Chart, Mine, Popup } = parts;
  const Board = BOARDS[game];
  const place = useMemo(() => parts.place?.(game), [parts, game]);
  // What both sheets (the lone bet's and the slip's) start from and are bound by.
  const stakeProps = { multiplier, amountPresetsMinor, multipliers, feeBasisPoints, maxQuantity, locked: round.locked };

  return (
    // Sound may start only after a gesture (browsers warn otherwise): the first tap or key anywhere
    // on the screen makes the audio context, and the countdown beeps from then on.
    <main className={game === 'wingo' ? 'page wingo' : `page wingo lg-page lg-page--${game}`} onPointerDown={unlockAudio} onKeyDown={unlockAudio}>
      <TopBar title={title} backTo={paths.home.getHref()} actions={<VoiceToggle />} />
      <Balance />
      <RoomTabs room={room} onChange={changeRoom} rooms={rooms} />
      {live.status === 'open' && <p className="wingo-live">{t('wingo.live')}</p>}
      {live.status === 'down' && <p className="wingo-muted">{t('wingo.offline')}</p>}
      <Panel game={game} room={room} roomName={roomName} secondsLeft={round.secondsLeft} period={round.period} feeBasisPoints={feeBasisPoints} />
      <Board locked={round.locked} secondsLeft={round.locked ? round.secondsLeft : 0} onChoose={choose} multipliers={multipliers} multiplier={multiplier} onMultiplier={setMultiplier} />
      <Tabs
        label={t('wingo.tabs')}
        selectedIndex={tab}
        onSelect={setTab}
        items={[
          { id: 'history', label: t('wingo.tab.history'), panel: <History game={game} room={room} /> },
          { id: 'chart', label: t('wingo.tab.chart'), panel: <Chart game={game} room={room} /> },
          { id: 'mine', label: t('wingo.tab.mine'), panel: <Mine game={game} room={room} /> },
        ]}
      />
      {slipGame && picks.length > 0 && !slipOpen && (
        <button type="button" className="button button--primary lg-slip-open" onClick={() => setSlipOpen(true)}>
          {t('lg.slip.open', { count: picks.length })}
        </button>
      )}
      {slipGame && picks.length > 0 && (
        <SlipSheet
          // Its own key space: the BetSheet beside it is keyed by the same counter.
          key={`slip-${sheetId}`}
          open={slipOpen}
          game={game as LotteryGameId}
          room={room}
          period={round.period}
          picks={picks}
          selectionText={(id) => selectionLabelOf(game as LotteryGameId, id, t)}
          onRemove={(id) => setPicks((current) => current.filter((p) => p !== id))}
          onPickMore={() => setSlipOpen(false)}
          onClose={() => {
            setSlipOpen(false);
            setPicks([]);
          }}
          placed={placedHere}
          {...stakeProps}
          onPlaced={(result) => {
            setPlacedHere((current) => [...current, ...result.bets]);
            onPlaced({ bet: result.bets[0]! });
          }}
        />
      )}
      <BetSheet
        key={sheetId}
        open={selection !== null}
        onClose={() => setSelection(null)}
        room={room}
        period={round.period}
        selection={selection}
        selectionText={selection && parts.selectionText ? parts.selectionText(game, selection, t) : undefined}
        place={place}
        {...stakeProps}
        onPlaced={onPlaced}
      />
      <Popup game={game} result={popup as never} onClose={closePopup} />
    </main>
  );
}
