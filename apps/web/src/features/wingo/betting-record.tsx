import { WINGO_BET_STATUSES, WINGO_ROOM_IDS, type WingoBetStatus, type WingoRoomId } from '@colorplay/contract';
import { useId, useState } from 'react';
import { TopBar } from '../../components/ui/top-bar';
import { paths } from '../../config/paths';
import { useInfiniteResource } from '../../lib/infinite-resource';
import { refetchResource } from '../../lib/resource';
import { myBetsResource } from './api';
import { useI18n } from '../../lib/i18n';
import './i18n';
import { BetList, ListState } from './records';
import { useRefreshKeyEffect } from './use-refresh';
import './wingo.css';

/**
 * The full game history (/home/AllLotteryGames/BettingRecordWin): the player's bets, filtered by
 * room (on the server) and by status (over the pages loaded), each with its result details and a
 * link to verify its round.
 */
export function BettingRecordPage() {
  const { t } = useI18n();
  const roomId = useId();
  const statusId = useId();
  const [room, setRoom] = useState<WingoRoomId | 'all'>('all');
  const [status, setStatus] = useState<WingoBetStatus | 'all'>('all');
  const spec = myBetsResource(room === 'all' ? undefined : room);
  const bets = useInfiniteResource(spec);
  useRefreshKeyEffect('betHistory', () => void refetchResource(spec.key));
  const items = bets.pages.flatMap((p) => p.items).filter((b) => status === 'all' || b.status === status);

  return (
    <main className="page wingo">
      <TopBar title={t('record.title')} backTo={paths.wingo.getHref()} />
      <form className="record-filters" aria-label={t('record.filters')} onSubmit={(e) => e.preventDefault()}>
        <label htmlFor={roomId}>{t('record.room')}</label>
        <select id={roomId} value={room} onChange={(e) => setRoom(e.target.value as WingoRoomId | 'all')}>
          <option value="all">{t('record.all')}</option>
          {WINGO_ROOM_IDS.map((id) => (
            <option key={id} value={id}>
              {t(`wingo.room.${id}`)}
            </option>
          ))}
        </select>
        <label htmlFor={statusId}>{t('record.status')}</label>
        <select id={statusId} value={status} onChange={(e) => setStatus(e.target.value as WingoBetStatus | 'all')}>
          <option value="all">{t('record.all')}</option>
          {WINGO_BET_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`record.status.${s}`)}
            </option>
          ))}
        </select>
      </form>
      <ListState loading={bets.loading} error={!!bets.error && items.length === 0} empty={false} retry={bets.retry} />
      {!bets.loading && !bets.error && items.length === 0 && <p className="wingo-muted">{t('record.none')}</p>}
      {items.length > 0 && <BetList bets={items} showTime />}
      {bets.hasMore && (
        <button type="button" className="button button--ghost" onClick={bets.loadMore} disabled={bets.fetching}>
          {t('wingo.loadMore')}
        </button>
      )}
    </main>
  );
}
