import {
  ALL_LOTTERY_GAMES,
  LOTTERY_ROOM_IDS,
  WINGO_BET_STATUSES,
  WINGO_ROOM_IDS,
  type AnyLotteryGameId,
  type PlayerLotteryBet,
  type PlayerLotteryBetsPage,
  type WingoBetStatus,
  type WingoSelectionCode,
} from '@colorplay/contract';
import { LAZY_API_PATHS } from '@colorplay/contract/lazy-paths';
import { useState } from 'react';
import { Link } from 'react-router';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';
import { TopBar } from '../../components/ui/top-bar';
import { paths } from '../../config/paths';
import { parseDayFirstDate } from '../../lib/day-first-date';
import { formatMoneyMinor } from '../../lib/format';
import { useI18n, type Translate } from '../../lib/i18n';
import { useInfiniteResource, type InfiniteSpec } from '../../lib/infinite-resource';
import { refetchResource } from '../../lib/resource';
import { authedApi } from '../../lib/session';
import { ResultBall } from './balls';
import './games/i18n';
import { lotteryVerifyHref } from './games/links';
import { OutcomeValues } from './games/outcome';
import { selectionLabelOf } from './games/selection';
import './i18n';
import { BetRow, betStatusText, ListState, MoreButton } from './records';
import { selectionLabel } from './selection';
import { useRefreshKeyEffect } from './use-refresh';
import './wingo.css';

/** The filters of the list, each sent to the server (decision 362). */
export interface RecordFilter {
  game: AnyLotteryGameId | 'all';
  room: string | 'all';
  status: WingoBetStatus | 'all';
  /** A day (YYYY-MM-DD, India Standard Time), or '' for every day. */
  date: string;
}

export const RECORD_KEY = 'lottery-my-bets';

/** The player's bets of every lottery game, by game, room and status, a page at a time. */
export function allMyBetsResource(filter: RecordFilter): InfiniteSpec<PlayerLotteryBetsPage> {
  const params: Record<string, string> = { limit: '20' };
  if (filter.game !== 'all') params.game = filter.game;
  if (filter.room !== 'all') params.room = filter.room;
  if (filter.status !== 'all') params.status = filter.status;
  if (filter.date !== '') params.date = filter.date;
  return {
    key: `${RECORD_KEY}:${filter.game}:${filter.room}:${filter.status}:${filter.date}`,
    staleMs: 5_000,
    fetchPage: async (before, signal) => {
      const search = new URLSearchParams(before ? { ...params, before } : params);
      return (await authedApi.get<{ data: PlayerLotteryBetsPage }>(`${LAZY_API_PATHS.lottery_all_my_bets}?${search.toString()}`, { signal })).data;
    },
    nextCursor: (page) => page.nextCursor,
  };
}

/** Wingo and Trx Win share Wingo's bet types and one drawn digit; K3 and 5D have their own. */
const isDigitGame = (game: AnyLotteryGameId): game is 'wingo' | 'trx' => game === 'wingo' || game === 'trx';

export const gameName = (game: AnyLotteryGameId, t: Translate) => (game === 'wingo' ? t('wingo.title') : t(`lg.title.${game}`));

function roomName(game: AnyLotteryGameId, room: string, t: Translate): string {
  return game === 'wingo' ? t(`wingo.room.${room as (typeof WINGO_ROOM_IDS)[number]}`) : t(`lg.room.${room as (typeof LOTTERY_ROOM_IDS)[number]}`, { game: gameName(game, t) });
}

function betSelection(bet: PlayerLotteryBet, t: Translate): string {
  return isDigitGame(bet.game) ? selectionLabel(bet.selection as WingoSelectionCode, t) : selectionLabelOf(bet.game, bet.selection, t);
}

/** The verify screen of the bet's round, in its game, with the commitment its receipt carries. */
export function verifyHrefOf(bet: PlayerLotteryBet): string {
  if (bet.game === 'wingo') {
    const receipt = bet.commitment ? { final: bet.commitment.finalHash, k: String(bet.commitment.roundIndex) } : {};
    return paths.wingoVerify.getHref({ room: bet.roomId, period: bet.period, ...receipt });
  }
  return lotteryVerifyHref(bet.game, bet.period, bet.commitment);
}

/** One bet: its game, period, selection, amount, outcome, won or lost, and its round's verification. */
function RecordItem({ bet }: { bet: PlayerLotteryBet }) {
  const { t } = useI18n();
  return (
    <BetRow
      bet={bet}
      line={t('record.line', { game: gameName(bet.game, t), selection: betSelection(bet, t), total: formatMoneyMinor(bet.totalMinor) })}
      drawn={bet.outcome && (isDigitGame(bet.game) ? <ResultBall digit={bet.outcome[0] ?? null} size="sm" /> : <OutcomeValues game={bet.game} outcome={bet.outcome} size="sm" />)}
      status={betStatusText(bet, t)}
      periodLabel={t('wingo.col.period')}
      placedAtMs={bet.placedAtMs}
      result={bet.outcome ? bet.outcome.join(' ') : null}
      verifyHref={verifyHrefOf(bet)}
      footer={
        <Link to={paths.help.getHref({ report: `bet:${bet.id}` })} className="bet-item__verify">
          {t('record.report')}
        </Link>
      }
    />
  );
}

/**
 * Bet history (/home/AllLotteryGames/BettingRecordWin, the account menu's "Bet history"): the
 * player's bets of every lottery game (decision 362), filtered on the server by game, room, status
 * and day, each with its result details and a link to verify its round in its game. The filters
 * are the form system's fields; the day is typed day first with the format shown once as its hint
 * (the KYC form's approach: the browser's date box showed mm/dd/yyyy on an en-US phone).
 */
export function BettingRecordPage() {
  const { t } = useI18n();
  const [filter, setFilter] = useState<RecordFilter>({ game: 'all', room: 'all', status: 'all', date: '' });
  const [dayText, setDayText] = useState('');
  const [dayChecked, setDayChecked] = useState(false);
  const spec = allMyBetsResource(filter);
  const bets = useInfiniteResource(spec);
  useRefreshKeyEffect('betHistory', () => void refetchResource(spec.key));
  const items = bets.pages.flatMap((p) => p.items);
  const game = filter.game;
  const rooms: readonly string[] = game === 'all' ? [] : game === 'wingo' ? WINGO_ROOM_IDS : LOTTERY_ROOM_IDS;
  const all = { value: 'all', label: t('record.all') };
  const dayBad = dayText.trim() !== '' && parseDayFirstDate(dayText) === null;

  // A day filters once it is a whole calendar date, or every day once emptied; a half-typed day
  // keeps the last list rather than reloading on every keystroke.
  const onDay = (text: string) => {
    setDayText(text);
    const day = text.trim() === '' ? '' : parseDayFirstDate(text);
    if (day !== null && day !== filter.date) setFilter({ ...filter, date: day });
  };

  return (
    <main className="page wingo">
      <TopBar title={t('record.title')} backTo={paths.wingo.getHref()} />
      <form className="record-filters" aria-label={t('record.filters')} noValidate onSubmit={(e) => e.preventDefault()}>
        {/* A game's rooms are its own: choosing a game starts its room filter over. */}
        <SelectField
          label={t('record.game')}
          value={game}
          onChange={(e) => setFilter({ ...filter, game: e.target.value as RecordFilter['game'], room: 'all' })}
          options={[all, ...ALL_LOTTERY_GAMES.map((id) => ({ value: id, label: gameName(id, t) }))]}
        />
        {game !== 'all' && (
          <SelectField
            label={t('record.room')}
            value={filter.room}
            onChange={(e) => setFilter({ ...filter, room: e.target.value })}
            options={[all, ...rooms.map((id) => ({ value: id, label: roomName(game, id, t) }))]}
          />
        )}
        <SelectField
          label={t('record.status')}
          value={filter.status}
          onChange={(e) => setFilter({ ...filter, status: e.target.value as RecordFilter['status'] })}
          options={[all, ...WINGO_BET_STATUSES.map((s) => ({ value: s, label: t(`record.status.${s}`) }))]}
        />
        <TextField
          label={t('record.date')}
          hint={t('record.dateHint')}
          inputMode="numeric"
          autoComplete="off"
          value={dayText}
          onChange={(e) => onDay(e.target.value)}
          onBlur={() => setDayChecked(true)}
          error={dayChecked && dayBad ? t('record.dateInvalid') : null}
        />
      </form>
      <ListState loading={bets.loading} error={!!bets.error && items.length === 0} empty={false} retry={bets.retry} />
      {!bets.loading && !bets.error && items.length === 0 && !bets.hasMore && <p className="wingo-muted">{t('record.none')}</p>}
      {items.length > 0 && (
        <ul className="bet-list">
          {items.map((bet) => (
            <RecordItem key={bet.id} bet={bet} />
          ))}
        </ul>
      )}
      <MoreButton list={bets} />
    </main>
  );
}
