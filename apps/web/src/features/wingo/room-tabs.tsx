import type { WingoRoomId } from '@colorplay/contract';
import { WINGO_ROOM_IDS } from '@colorplay/contract';
import { Icon } from '../../components/ui/icon';
import { useI18n } from '../../lib/i18n';
import './i18n';
import './wingo-rooms.css';

/** The four rooms (30s, 1 min, 3 min, 5 min) as toggle buttons, the one shown pressed. */
export function RoomTabs({ room, onChange }: { room: WingoRoomId; onChange: (room: WingoRoomId) => void }) {
  const { t } = useI18n();
  return (
    <div className="wingo-rooms" role="group" aria-label={t('wingo.rooms')}>
      {WINGO_ROOM_IDS.map((id) => (
        <button key={id} type="button" className="wingo-room" aria-pressed={id === room} aria-label={t(`wingo.room.${id}`)} onClick={() => onChange(id)}>
          <Icon name="clock" />
          <span className="wingo-room__label">{t(`wingo.roomShort.${id}`)}</span>
        </button>
      ))}
    </div>
  );
}
