import { useCallback, useEffect, useRef, useState } from 'react';
import { useToast } from '../../components/ui/toast';
import { TopBar } from '../../components/ui/top-bar';
import { paths } from '../../config/paths';
import { formatDateTimeIst } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { fetchNotifications, markAllRead, type Notification } from './api';
import './accounts.css';

interface ListState {
  items: Notification[];
  unreadCount: number;
  nextCursor: string | null;
  status: 'loading' | 'idle' | 'error';
}

/**
 * /home/Messages: the player's notifications, newest first, unread ones marked (visibly and for
 * screen readers), times at UTC+5:30, "Mark all as read", and more pages as the list's end
 * scrolls into view (with a button for the same, for keyboards and old browsers).
 */
export function MessagesList() {
  const { t } = useI18n();
  const toast = useToast();
  const [state, setState] = useState<ListState>({ items: [], unreadCount: 0, nextCursor: null, status: 'loading' });
  const [marking, setMarking] = useState(false);
  const loadingRef = useRef(false);
  const sentinel = useRef<HTMLDivElement>(null);

  // Fetches a page; its state updates all happen after the answer.
  const fetchPage = useCallback(async (cursor: string | null) => {
    if (loadingRef.current) return;
    loadingRef.current = true;
    try {
      const page = await fetchNotifications(cursor);
      setState((s) => ({
        items: cursor === null ? page.items : [...s.items, ...page.items],
        unreadCount: page.unreadCount,
        nextCursor: page.nextCursor,
        status: 'idle',
      }));
    } catch {
      setState((s) => ({ ...s, status: 'error' }));
    } finally {
      loadingRef.current = false;
    }
  }, []);

  const load = useCallback(
    (cursor: string | null) => {
      setState((s) => ({ ...s, status: 'loading' }));
      void fetchPage(cursor);
    },
    [fetchPage],
  );

  // The first page; later pages come from load().
  useEffect(() => {
    loadingRef.current = true;
    let live = true;
    fetchNotifications(null)
      .then((page) => live && setState({ ...page, status: 'idle' }))
      .catch(() => live && setState((s) => ({ ...s, status: 'error' })))
      .finally(() => {
        loadingRef.current = false;
      });
    return () => {
      live = false;
    };
  }, []);

  const { nextCursor, status } = state;
  useEffect(() => {
    const target = sentinel.current;
    if (!target || nextCursor === null || status !== 'idle' || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) load(nextCursor);
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [nextCursor, status, load]);

  const onMarkAll = async () => {
    setMarking(true);
    try {
      await markAllRead();
      setState((s) => ({ ...s, unreadCount: 0, items: s.items.map((n) => ({ ...n, read: true })) }));
      toast.show(t('messages.allRead'), { type: 'success' });
    } catch {
      toast.show(t('accounts.error.generic'), { type: 'fail' });
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
          <button type="button" className="link-button" onClick={() => load(state.items.length === 0 ? null : state.nextCursor)}>
            {t('error.retry')}
          </button>
        </p>
      )}
      {state.nextCursor !== null && state.status === 'idle' && (
        <div ref={sentinel} className="messages__more">
          <button type="button" className="link-button" onClick={() => load(state.nextCursor)}>
            {t('messages.loadMore')}
          </button>
        </div>
      )}
      {state.nextCursor === null && state.items.length > 0 && state.status === 'idle' && <p className="messages__end">{t('messages.end')}</p>}
    </main>
  );
}
