import type { WingoRoomId } from '@colorplay/contract';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useI18n } from '../../lib/i18n';
import { useInfiniteResource } from '../../lib/infinite-resource';
import { myBetsResource } from './api';
import './i18n';
import { BetList, ListState, MoreButton } from './records';
import './wingo-records.css';

/** The My history tab: the player's bets in the room, more on demand, and a link to the full history. */
export function MyHistory({ room }: { room: WingoRoomId }) {
  const { t } = useI18n();
  const bets = useInfiniteResource(myBetsResource('wingo', room));
  const items = bets.pages.flatMap((p) => p.items);
  return (
    <div>
      <ListState loading={bets.loading} error={!!bets.error && items.length === 0} empty={items.length === 0} retry={bets.retry} />
      {items.length > 0 && <BetList bets={items} />}
      <MoreButton list={bets} />
      <Link className="button button--ghost wingo-full-history" to={paths.bettingRecordWin.getHref()}>
        {t('wingo.fullHistory')}
      </Link>
    </div>
  );
}
