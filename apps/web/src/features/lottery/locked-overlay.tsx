import { useI18n } from '../../lib/i18n';
import './i18n';
import './wingo-board.css';

/** Over a board in the round's last seconds: the selections are disabled under a big countdown (Wingo, K3, 5D). */
export function LockedOverlay({ secondsLeft }: { secondsLeft: number }) {
  const { t } = useI18n();
  return (
    <div className="wingo-locked" role="status">
      <span className="wingo-locked__digits" aria-hidden="true">
        {String(secondsLeft).padStart(2, '0')}
      </span>
      <span className="visually-hidden">{t('wingo.locked', { seconds: secondsLeft })}</span>
    </div>
  );
}
