import { useEffect, useMemo, useRef, useState } from 'react';
import { useToast } from '../../components/ui/toast';
import { TopBar } from '../../components/ui/top-bar';
import { paths } from '../../config/paths';
import { apiErrorMessage, messageText } from '../../lib/api-errors';
import { formatDateTimeIst } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { useInfiniteResource, type Pages } from '../../lib/infinite-resource';
import { invalidateResources, keyMatches, setResourceData } from '../../lib/resource';
import { markAllRead, NOTIFICATIONS_KEY, notificationsResource, type NotificationsPage } from './api';
import './accounts.css';
import './accounts-i18n';

/**
 * /home/Messages: the player's notifications, newest first, unread ones marked (visibly and for
 * screen readers), times at UTC+5:30, "Mark all as read", and more pages as the list's end
 * scrolls into view (with a button for the same, for keyboards and old browsers). The list is a
 * paged resource (lib/resource.ts).
 */
export function MessagesList() {
  const { t } = useI18n();
  const toast = useToast();
  const list = useInfiniteResource(notificationsResource);
  const [marking, setMarking] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);
  const items = useMemo(() => list.pages.flatMap((p) => p.items), [list.pages]);
  const unreadCount = list.pages[0]?.unreadCount ?? 0;
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
      toast.show(t('messages.allRead'), { type: 'success' });
    } catch (err) {
      toast.show(messageText(t, apiErrorMessage(err)), { type: 'fail' });
    } finally {
      setMarking(false);
    }
  };

  const empty = state.items.length === 0 && state.status === 'idle';
  return (
    <main className="page messages">
      <TopBar
        title={t('messages.title')}
        backTo={paths.home.path}
        actions={
          state.unreadCount > 0 && (
            <button type="button" className="messages__mark" onClick={() => void onMarkAll()} disabled={marking}>
              {t('messages.markAllRead')}
            </button>
          )
        }
      />
      {empty && <p className="messages__empty">{t('messages.empty')}</p>}
      {state.items.length > 0 && (
        <ul className="messages__list">
          {state.items.map((n) => (
            <li key={n.id} className={`message${n.read ? '' : ' message--unread'}`}>
              <h2 className="message__title">
                {!n.read && (
                  <>
                    <span className="message__dot" aria-hidden="true" />
                    <span className="visually-hidden">{t('messages.unread')}:</span>{' '}
                  </>
                )}
                {n.title}
              </h2>
              <p className="message__body">{n.body}</p>
              <p className="message__time">
                <time dateTime={n.createdAt}>{formatDateTimeIst(new Date(n.createdAt))}</time>
              </p>
            </li>
          ))}
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
