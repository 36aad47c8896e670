import { useEffect, useMemo, useRef, useState } from 'react';
import { useToast } from '../../components/ui/toast';
import { TopBar } from '../../components/ui/top-bar';
import { paths } from '../../config/paths';
import { announcementsResource, announcementText, markAnnouncementRead, markAnnouncementsReadLocally } from '../../lib/announcements';
import { apiErrorMessage, messageText } from '../../lib/api-errors';
import { formatDateTimeIst } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { useInfiniteResource, type Pages } from '../../lib/infinite-resource';
import { invalidateResources, keyMatches, setResourceData, useResource } from '../../lib/resource';
import { markAllRead, NOTIFICATIONS_KEY, notificationsResource, type NotificationsPage } from './api';
import { inboxText } from './inbox-text';
import './accounts.css';
import './accounts-i18n';

/** The unread dot, and "Unread:" for screen readers, before a title. */
function UnreadMark({ read }: { read: boolean }) {
  const { t } = useI18n();
  if (read) return null;
  return (
    <>
      <span className="message__dot" aria-hidden="true" />
      <span className="visually-hidden">{t('messages.unread')}:</span>{' '}
    </>
  );
}

/**
 * /home/Messages: the player's notifications, newest first, unread ones marked (visibly and for
 * screen readers), times at UTC+5:30, "Mark all as read", and more pages as the list's end
 * scrolls into view (with a button for the same, for keyboards and old browsers). The list is a
 * paged resource (lib/resource.ts).
 */
export function MessagesList() {
  const { t, locale } = useI18n();
  const toast = useToast();
  const list = useInfiniteResource(notificationsResource);
  const announcements = useResource(announcementsResource).data?.items ?? [];
  const [marking, setMarking] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);
  const items = useMemo(() => list.pages.flatMap((p) => p.items), [list.pages]);
  const unreadCount = (list.pages[0]?.unreadCount ?? 0) + announcements.filter((a) => !a.read).length;
  const status: 'loading' | 'idle' | 'error' = list.fetching || list.loading ? 'loading' : list.error ? 'error' : 'idle';
  const state = { items, unreadCount, nextCursor: list.hasMore ? 'more' : null, status };

  const { hasMore, loadMore } = list;
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasMore || status !== 'idle' || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) loadMore();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, status, loadMore]);

  const onMarkAll = async () => {
    setMarking(true);
    try {
      await markAllRead();
      setResourceData<Pages<NotificationsPage>>(notificationsResource.key, (d) => ({
        nextCursor: d?.nextCursor ?? null,
        pages: (d?.pages ?? []).map((p) => ({ ...p, unreadCount: 0, items: p.items.map((n) => ({ ...n, read: true })) })),
      }));
      // The account page's unread badge reads its own entry again.
      invalidateResources((key) => keyMatches(NOTIFICATIONS_KEY)(key) && key !== notificationsResource.key);
      markAnnouncementsReadLocally(() => true);
      toast.show(t('messages.allRead'), { type: 'success' });
    } catch (err) {
      toast.show(messageText(t, apiErrorMessage(err)), { type: 'fail' });
    } finally {
      setMarking(false);
    }
  };

  const empty = state.items.length === 0 && announcements.length === 0 && state.status === 'idle';
  const onRead = (id: string) => markAnnouncementRead(id).catch((err: unknown) => toast.show(messageText(t, apiErrorMessage(err)), { type: 'fail' }));
  return (
    <main className="page messages">
      <TopBar title={t('messages.title')} backTo={paths.home.path} />
      {/* Under the header, not in its 44 px corner: the label is wider than the corner and
          was drawn over the title's edge on a phone. */}
      {state.unreadCount > 0 && (
        <div className="messages__toolbar">
          <button type="button" className="messages__mark" onClick={() => void onMarkAll()} disabled={marking}>
            {t('messages.markAllRead')}
          </button>
        </div>
      )}
      {empty && <p className="messages__empty">{t('messages.empty')}</p>}
      {announcements.length > 0 && (
        <section aria-labelledby="messages-announcements">
          <h2 id="messages-announcements" className="visually-hidden">
            {t('inbox.announcements')}
          </h2>
          <ul className="messages__list">
            {announcements.map((a) => {
              const text = announcementText(a, locale);
              return (
                <li key={a.id} className={`message${a.read ? '' : ' message--unread'}`}>
                  <h3 className="message__title">
                    <UnreadMark read={a.read} />
                    {text.title}
                  </h3>
                  <p className="message__body">{text.body}</p>
                  <p className="message__time">
                    <time dateTime={a.startsAt}>{formatDateTimeIst(new Date(a.startsAt))}</time>
                    {!a.read && (
                      <>
                        {' '}
                        <button type="button" className="link-button message__mark-read" onClick={() => void onRead(a.id)}>
                          {t('inbox.markRead')}
                        </button>
                      </>
                    )}
                  </p>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {state.items.length > 0 && (
        <ul className="messages__list">
          {state.items.map((n) => {
            const text = inboxText(t, n.message);
            return (
            <li key={n.id} className={`message${n.read ? '' : ' message--unread'}`}>
              <h2 className="message__title">
                <UnreadMark read={n.read} />
                {text.title}
              </h2>
              <p className="message__body">{text.body}</p>
              <p className="message__time">
                <time dateTime={n.createdAt}>{formatDateTimeIst(new Date(n.createdAt))}</time>
              </p>
            </li>
            );
          })}
        </ul>
      )}
      {state.status === 'loading' && (
        <p className="messages__status" role="status">
          {t('common.loading')}
        </p>
      )}
      {state.status === 'error' && (
        <p className="messages__status" role="alert">
          {t('common.loadFailed')}{' '}
          <button type="button" className="link-button" onClick={list.retry}>
            {t('error.retry')}
          </button>
        </p>
      )}
      {state.nextCursor !== null && state.status === 'idle' && (
        <div ref={sentinel} className="messages__more">
          <button type="button" className="link-button" onClick={loadMore}>
            {t('messages.loadMore')}
          </button>
        </div>
      )}
      {state.nextCursor === null && state.items.length > 0 && state.status === 'idle' && <p className="messages__end">{t('messages.end')}</p>}
    </main>
  );
}
