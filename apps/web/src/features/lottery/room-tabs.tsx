import type { WingoRoomId } from '@colorplay/contract';
import { WINGO_ROOM_IDS } from '@colorplay/contract/lottery-constants';
import { Icon } from '../../components/ui/icon';
import { useI18n } from '../../lib/i18n';
import './i18n';
import './wingo-rooms.css';

/** Another game's rooms (K3, 5D: decision 346): their ids and how each is named. */
export interface RoomSet<R extends string> {
  ids: readonly R[];
  name: (room: R) => string;
  short: (room: R) => string;
}

/**
 * The rooms as toggle buttons on one line, the one shown pressed: Wingo's four (30s, 1 min,
 * 3 min, 5 min) unless another game passes its own.
 */
export function RoomTabs<R extends string = WingoRoomId>({ room, onChange, rooms }: { room: R; onChange: (room: R) => void; rooms?: RoomSet<R> }) {
  const { t } = useI18n();
  const ids = rooms?.ids ?? (WINGO_ROOM_IDS as readonly string[] as readonly R[]);
  const name = rooms?.name ?? ((id: R) => t(`wingo.room.${id as WingoRoomId}`));
  const short = rooms?.short ?? ((id: R) => t(`wingo.roomShort.${id as WingoRoomId}`));
  return (
    <div className="wingo-rooms" role="group" aria-label={t('wingo.rooms')}>
      {ids.map((id) => (
        <button key={id} type="button" className="wingo-room" aria-pressed={id === room} aria-label={name(id)} onClick={() => onChange(id)}>
          <Icon name="clock" />
          <span className="wingo-room__label">{short(id)}</span>
        </button>
      ))}
    </div>
  );
}
