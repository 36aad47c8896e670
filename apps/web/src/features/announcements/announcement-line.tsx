import type { PlayerAnnouncement } from '@colorplay/contract';
import { API_PATHS } from '@colorplay/contract/paths';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useI18n } from '../../lib/i18n';
import { authedApi, useSession } from '../../lib/session';
import './announcement-line.css';

/**
 * One line on home for the newest unread announcement (decision 458), scrolling like a ticker
 * (still under reduced motion, where it wraps instead). It opens the inbox; the close button
 * marks it read. Nothing for a guest, or when nothing is unread. Kept this small on purpose (it
 * is part of `/`'s JS): one read on mount, no shared cache; the inbox reads its own.
 */
export function AnnouncementLine() {
  const { t, locale } = useI18n();
  const signedIn = useSession().status === 'logged_in';
  const [unread, setUnread] = useState<PlayerAnnouncement | null>(null);
  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    authedApi
      .get<{ data: { items: PlayerAnnouncement[] } }>(API_PATHS.announcements, { signal: controller.signal })
      .then((res) => setUnread(res.data.items.find((a) => !a.read) ?? null))
      // A line that fails to load is simply not shown.
      .catch(() => undefined);
    return () => controller.abort();
  }, [signedIn]);
  if (!unread || !signedIn) return null;
  return (
    <section className="announcement-line" aria-label={t('announcement.label')}>
      {/* The moving text is drawn for the eye only: the link's name carries the whole notice, so a
          screen reader reads it at once and the ticker's overflow is never "clipped text". */}
      <Link to={paths.messages.getHref()} className="announcement-line__link" aria-label={`${unread.title[locale]}: ${unread.body[locale]}`}>
        <span className="announcement-line__text" aria-hidden="true">
          <strong>{unread.title[locale]}</strong> {unread.body[locale]}
        </span>
      </Link>
      <button
        type="button"
        className="announcement-line__close"
        aria-label={t('announcement.dismiss')}
        onClick={() => {
          setUnread(null);
          void authedApi.post(API_PATHS.announcement_read.replace(':id', unread.id)).catch(() => undefined);
        }}
      >
        ×
      </button>
    </section>
  );
}
