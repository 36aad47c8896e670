import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { announcementsResource, announcementText, markAnnouncementRead } from '../../lib/announcements';
import { useI18n } from '../../lib/i18n';
import { useResource } from '../../lib/resource';
import { useSession } from '../../lib/session';
import './announcement-line.css';

/**
 * One line on home for the newest unread announcement (decision 458), scrolling like a ticker
 * (still under reduced motion, where it wraps instead). It opens the inbox; the close button
 * marks it read. Nothing for a guest, or when nothing is unread.
 */
export function AnnouncementLine() {
  const { t, locale } = useI18n();
  const { status } = useSession();
  const { data } = useResource(status === 'logged_in' ? announcementsResource : null);
  const unread = data?.items.find((a) => !a.read);
  if (!unread) return null;
  const { title, body } = announcementText(unread, locale);
  return (
    <section className="announcement-line" aria-label={t('announcement.label')}>
      <Link to={paths.messages.getHref()} className="announcement-line__link">
        <span className="announcement-line__text">
          <strong>{title}</strong> {body}
        </span>
      </Link>
      <button type="button" className="announcement-line__close" aria-label={t('announcement.dismiss')} onClick={() => void markAnnouncementRead(unread.id).catch(() => undefined)}>
        ×
      </button>
    </section>
  );
}
