import type { PlaceWingoBetResult, WingoBet, WingoRoomId, WingoSelectionCode, WingoServerMessage } from '@colorplay/contract';
import { WINGO_ROOM_IDS } from '@colorplay/contract';
import { WINGO_BET_OPTIONS, WINGO_DEFAULT_LIMITS, WINGO_ROOMS } from '@colorplay/lottery';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../components/ui/icon';
import { Popup } from '../../components/ui/popup';
import { Tabs } from '../../components/ui/tabs';
import { TopBar } from '../../components/ui/top-bar';
import { paths } from '../../config/paths';
import { applyBalance, BALANCE_KEY, useBalance } from '../../lib/balance';
import { formatMoneyMinor } from '../../lib/format';
import { useInfiniteResource } from '../../lib/infinite-resource';
import { getResourceData, invalidateResources, keyMatches, refetchResource, useResource } from '../../lib/resource';
import { useServerNow } from '../../lib/server-clock';
import type { Balance } from '@colorplay/contract';
import { historyResource, myBetsResource, roomStateResource, WINGO_KEYS } from './api';
import { ballLabel, ResultBall } from './balls';
import { BetSheet } from './bet-sheet';
import { useI18n } from '../../lib/i18n';
import { signalInstallMoment } from '../../lib/install-moment';
import './i18n';
import { BetList, GameHistory, ListState, TrendChart } from './records';
import { formatCountdown, roundView } from './round-clock';
import { Rules } from './rules';
import { randomSelection, selectionLabel } from './selection';
import { useWingoLive } from './use-live';
import { useRefreshKeyEffect } from './use-refresh';
import { beep, unlockAudio } from './voice';
import { VoiceToggle } from './voice-toggle';
import { useWingo } from './wingo-context';
import './wingo.css';

/** How often the HTTP endpoints are read while the socket is down (polling fallback). */
export const POLL_MS = 2_000;
/** How often My history is read while a bet of this visit awaits its result. */
const PENDING_POLL_MS = 3_000;

/** How long the result popup stays before it closes by itself (these apps close it after ~3 s). */
export const RESULT_POPUP_MS = 3_000;
/** How many of the latest results the strip above the board shows. */
const STRIP_SIZE = 5;
/** Where the last room chosen is kept, so the next visit opens it again. */
export const ROOM_STORAGE_KEY = 'colorplay.wingo.room';

const COLOURS = ['green', 'violet', 'red'] as const;
const NUMBERS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

/** A settled round of the player's, for the result popup. */
export interface SettledRound {
  period: string;
  digit: number | null;
  stakeMinor: number;
  payoutMinor: number;
  outcome: 'won' | 'lost' | 'refunded';
}

/** The result of the player's bets in one period, once none of them is pending any more. */
export function settledRound(period: string, bets: readonly WingoBet[]): SettledRound | null {
  const mine = bets.filter((b) => b.period === period);
  if (mine.length === 0 || mine.some((b) => b.status === 'pending')) return null;
  const payoutMinor = mine.reduce((sum, b) => sum + b.payoutMinor, 0);
  const outcome = mine.every((b) => b.status === 'refunded') ? 'refunded' : mine.some((b) => b.status === 'won') ? 'won' : 'lost';
  return { period, digit: mine[0]!.resultDigit, stakeMinor: mine.reduce((sum, b) => sum + b.totalMinor, 0), payoutMinor, outcome };
}

/** The room chosen last on this device, or 30s (the spec's default) when none or unknown. */
export function storedRoom(): WingoRoomId {
  try {
    const value = localStorage.getItem(ROOM_STORAGE_KEY);
    return (WINGO_ROOM_IDS as readonly string[]).includes(value ?? '') ? (value as WingoRoomId) : '30s';
  } catch {
    return '30s';
  }
}

function rememberRoom(room: WingoRoomId): void {
  try {
    localStorage.setItem(ROOM_STORAGE_KEY, room);
  } catch {
    // Storage may be off (private mode): the room is then only kept for this visit.
  }
}

/** The countdown as the big per-digit boxes players know: "0 0 : 2 0". */
function CountdownDigits({ seconds }: { seconds: number }) {
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

/** The latest results of the room as colour balls, newest first. */
function LastResults({ room }: { room: WingoRoomId }) {
  const { t } = useI18n();
  const history = useInfiniteResource(historyResource(room));
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

function BalanceCard() {
  const { t } = useI18n();
  const { incrementBalanceRefreshKey } = useWingo();
  const balance = useBalance();
  useRefreshKeyEffect('balance', () => void refetchResource(BALANCE_KEY));
  const amount = balance.data ? formatMoneyMinor(balance.data.balanceMinor, balance.data.currency) : balance.error ? '—' : t('common.loading');
  return (
    <section className="wingo-balance" aria-labelledby="wingo-balance-label">
      <h2 id="wingo-balance-label" className="wingo-balance__label">
        {t('wingo.balance')}
      </h2>
      <div className="wingo-balance__row">
        <p className="wingo-balance__amount" aria-live="polite">
          {amount}
        </p>
        <button
          type="button"
          className="icon-button wingo-balance__refresh"
          aria-label={t('wingo.refreshBalance')}
          onClick={incrementBalanceRefreshKey}
          disabled={balance.fetching}
        >
          <Icon name="refresh" />
        </button>
      </div>
      <div className="wingo-balance__links">
        <Link className="button button--primary" to={paths.recharge.getHref()}>
          <Icon name="deposit" />
          {t('wingo.recharge')}
        </Link>
        <Link className="button button--ghost" to={paths.withdraw.getHref()}>
          <Icon name="withdraw" />
          {t('wingo.withdraw')}
        </Link>
      </div>
    </section>
  );
}

function MyHistory({ room }: { room: WingoRoomId }) {
  const { t } = useI18n();
  const bets = useInfiniteResource(myBetsResource(room));
  const items = bets.pages.flatMap((p) => p.items);
  return (
    <div>
      <ListState loading={bets.loading} error={!!bets.error && items.length === 0} empty={items.length === 0} retry={bets.retry} />
      {items.length > 0 && <BetList bets={items} />}
      {bets.hasMore && (
        <button type="button" className="button button--ghost" onClick={bets.loadMore} disabled={bets.fetching}>
          {t('wingo.loadMore')}
        </button>
      )}
      <Link className="button button--ghost wingo-full-history" to={paths.bettingRecordWin.getHref()}>
        {t('wingo.fullHistory')}
      </Link>
    </div>
  );
}

function ResultPopup({ result, onClose }: { result: SettledRound | null; onClose: () => void }) {
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

/** The Wingo screen (/home/AllLotteryGames/Wingo). */
export function WingoPage() {
  const { t } = useI18n();
  const { voiceDisabled, incrementBetHistoryRefreshKey, incrementBalanceRefreshKey } = useWingo();
  const [room, setRoom] = useState<WingoRoomId>(storedRoom);
  const [multiplier, setMultiplier] = useState(1);
  const [selection, setSelection] = useState<WingoSelectionCode | null>(null);
  const [tab, setTab] = useState(0);
  const [sheetId, setSheetId] = useState(0);
  /** Periods (of the room shown) in which this visit placed bets not yet settled. */
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());
  const roomRef = useRef(room);
  useEffect(() => {
    roomRef.current = room;
  }, [room]);

  const refreshRound = useCallback(
    (roomId: WingoRoomId) => {
      invalidateResources(keyMatches(`${WINGO_KEYS.history}:${roomId}`, `${WINGO_KEYS.trend}:${roomId}`));
    },
    [],
  );

  const onMessage = useCallback(
    (message: WingoServerMessage) => {
      if (message.type === 'result') {
        refreshRound(message.result.roomId);
      } else if (message.type === 'balance') {
        const currency = getResourceData<Balance>(BALANCE_KEY)?.currency ?? 'INR';
        applyBalance({ balanceMinor: message.balanceMinor, currency });
      } else if (message.type === 'betsSettled') {
        const currency = getResourceData<Balance>(BALANCE_KEY)?.currency ?? 'INR';
        applyBalance({ balanceMinor: message.balanceMinor, currency });
        incrementBetHistoryRefreshKey();
      }
    },
    [refreshRound, incrementBetHistoryRefreshKey],
  );
  const live = useWingoLive(onMessage);
  const socketDown = live.status !== 'open';

  // Live again after a drop (its node stopped, or paused it while Redis was down): results,
  // settlements and balance pushes sent meanwhile were missed, so read them again now instead
  // of waiting for the next round.
  const wasLive = useRef(false);
  const dropped = useRef(false);
  useEffect(() => {
    if (live.status !== 'open') {
      if (wasLive.current) dropped.current = true;
      return;
    }
    wasLive.current = true;
    if (!dropped.current) return;
    dropped.current = false;
    refreshRound(roomRef.current);
    incrementBetHistoryRefreshKey();
    incrementBalanceRefreshKey();
  }, [live.status, refreshRound, incrementBetHistoryRefreshKey, incrementBalanceRefreshKey]);

  const state = useResource(roomStateResource(room), { pollMs: socketDown ? POLL_MS : null });
  const betting = state.data?.betting;
  const amountPresetsMinor = betting?.amountPresetsMinor ?? WINGO_BET_OPTIONS.amountPresetsMinor;
  const multipliers = betting?.multipliers ?? WINGO_BET_OPTIONS.multipliers;
  const feeBasisPoints = betting?.feeBasisPoints ?? WINGO_BET_OPTIONS.feeBasisPoints;
  const maxQuantity = betting?.limits.maxQuantity ?? WINGO_DEFAULT_LIMITS.maxQuantity;

  const now = useServerNow(250);
  const clock = live.clocks[room] ?? (state.data?.round.roomId === room ? state.data.round : null);
  const round = roundView(room, clock, now);

  // A new period means the last one was drawn: read its result (the socket may be down).
  const lastPeriod = useRef(round.period);
  useEffect(() => {
    if (lastPeriod.current === round.period) return;
    lastPeriod.current = round.period;
    refreshRound(room);
    if (pending.size > 0) {
      incrementBetHistoryRefreshKey();
      incrementBalanceRefreshKey();
    }
  }, [round.period, room, pending.size, refreshRound, incrementBetHistoryRefreshKey, incrementBalanceRefreshKey]);

  // Countdown beeps in the last 5 s, one per second, unless the voice is off.
  const lastBeep = useRef<string | null>(null);
  useEffect(() => {
    if (voiceDisabled || round.secondsLeft < 1 || round.secondsLeft > 5) return;
    const id = `${round.period}:${round.secondsLeft}`;
    if (lastBeep.current === id) return;
    lastBeep.current = id;
    beep(round.secondsLeft === 1);
  }, [voiceDisabled, round.period, round.secondsLeft]);

  // The player's bets in this room: My history shows them, and they tell when a round settled.
  const myBets = useInfiniteResource(myBetsResource(room));
  const myItems = myBets.pages.flatMap((p) => p.items);
  useRefreshKeyEffect('betHistory', () => void refetchResource(`${WINGO_KEYS.myBets}:${room}`));
  // The first of this visit's periods whose bets are all settled is shown in the result popup;
  // closing it forgets the period. Those still waiting are polled (the socket may be down).
  const popup = [...pending].map((period) => settledRound(period, myItems)).find((r) => r !== null) ?? null;
  const waiting = [...pending].some((period) => settledRound(period, myItems) === null);
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void refetchResource(`${WINGO_KEYS.myBets}:${roomRef.current}`), PENDING_POLL_MS);
    return () => clearInterval(timer);
  }, [waiting]);
  // A settled round moved money: read the balance again (a push may have brought it already,
  // but with the socket down this is how the payout shows).
  const settledPeriod = popup?.period ?? null;
  useEffect(() => {
    if (settledPeriod !== null) incrementBalanceRefreshKey();
  }, [settledPeriod, incrementBalanceRefreshKey]);
  const closePopup = () => {
    if (!popup) return;
    setPending((current) => {
      const next = new Set(current);
      next.delete(popup.period);
      return next;
    });
  };

  const onPlaced = (result: PlaceWingoBetResult) => {
    setPending((current) => new Set(current).add(result.bet.period));
    incrementBetHistoryRefreshKey();
  };

  const changeRoom = (next: WingoRoomId) => {
    setRoom(next);
    rememberRoom(next);
    setPending(new Set());
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
      <div className="wingo-rooms" role="group" aria-label={t('wingo.rooms')}>
        {WINGO_ROOM_IDS.map((id) => (
          <button key={id} type="button" className="wingo-room" aria-pressed={id === room} aria-label={t(`wingo.room.${id}`)} onClick={() => changeRoom(id)}>
            <Icon name="clock" />
            <span className="wingo-room__label">{t(`wingo.roomShort.${id}`)}</span>
          </button>
        ))}
      </div>
      {live.status === 'open' && <p className="wingo-live">{t('wingo.live')}</p>}
      {live.status === 'down' && <p className="wingo-muted">{t('wingo.offline')}</p>}
      <section className="wingo-round" aria-label={t('wingo.period')}>
        <div className="wingo-round__main">
          <div className="wingo-round__info">
            <Rules room={room} roundSeconds={WINGO_ROOMS[room].roundMs / 1000} feeBasisPoints={feeBasisPoints} />
            <p className="wingo-round__label">{t(`wingo.room.${room}`)}</p>
            <LastResults room={room} />
          </div>
          <div className="wingo-round__clock">
            <p className="wingo-round__label">{t('wingo.timeRemaining')}</p>
            <p className="wingo-clock" role="timer" aria-label={t('wingo.countdown', { count: round.secondsLeft })}>
              <CountdownDigits seconds={round.secondsLeft} />
            </p>
            <p className="wingo-round__period">
              <span className="wingo-round__label">{t('wingo.period')}</span>{' '}
              <span data-testid="wingo-period">{round.period}</span>
            </p>
          </div>
        </div>
      </section>
      <section className="wingo-board" aria-label={t('wingo.selections')}>
        {locked && (
          <div className="wingo-locked" role="status">
            <span className="wingo-locked__digits" aria-hidden="true">
              {String(round.secondsLeft).padStart(2, '0')}
            </span>
            <span className="visually-hidden">{t('wingo.locked', { seconds: round.secondsLeft })}</span>
          </div>
        )}
        <div className="wingo-colours">
          {COLOURS.map((c) => (
            <button key={c} type="button" className={`wingo-colour wingo-colour--${c}`} disabled={locked} onClick={() => choose(c)}>
              {selectionLabel(c, t)}
            </button>
          ))}
        </div>
        <div className="wingo-balls">
          {NUMBERS.map((n) => (
            <button key={n} type="button" className={`ball ball--n${n}`} disabled={locked} aria-label={selectionLabel(n, t)} onClick={() => choose(n)}>
              {n}
            </button>
          ))}
        </div>
        <div className="wingo-multipliers" role="group" aria-label={t('wingo.multipliers')}>
          <button type="button" className="chip" disabled={locked} onClick={() => choose(randomSelection())}>
            {t('wingo.random')}
          </button>
          {multipliers.map((m) => (
            <button key={m} type="button" className="chip" aria-pressed={m === multiplier} onClick={() => setMultiplier(m)}>
              {t('wingo.multiplier', { multiplier: m })}
            </button>
          ))}
        </div>
        <div className="wingo-sizes">
          <button type="button" className="wingo-size wingo-size--big" disabled={locked} onClick={() => choose('big')}>
            {t('wingo.sel.big')}
          </button>
          <button type="button" className="wingo-size wingo-size--small" disabled={locked} onClick={() => choose('small')}>
            {t('wingo.sel.small')}
          </button>
        </div>
      </section>
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
