import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import '../../components/ui/confirm-dialog.css';
import { Popup } from '../../components/ui/popup';
import { paths } from '../../config/paths';
import { formatMoneyMinor } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { useResource } from '../../lib/resource';
import { logout } from '../../lib/session';
import { safetyResource, sessionResult } from './api';
import { sessionStart } from './play-session';
import './i18n';
import './safety.css';

/** "1:05:09" or "5:09": the session's length for the clock and the dialog. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/** Which reality check is due at `elapsedMs` (0: none yet) for an interval in minutes. */
export const checksDue = (elapsedMs: number, minutes: number | null): number => (minutes ? Math.floor(elapsedMs / (minutes * 60_000)) : 0);

/**
 * Tells the server the language of this device, so a lottery page's first paint (the server's
 * shell, decision 561) writes the session line in it: a cookie, read by no script and sent with
 * page requests only as a hint (the shell's script still writes the line from localStorage).
 */
function rememberLocaleForShell(locale: string): void {
  document.cookie = `colorplay_locale=${locale}; Path=/; Max-Age=31536000; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
}

/** The shared session's start and how long it has run, read (and marked) every second. */
function usePlaySession(): { start: number; elapsed: number } {
  const read = () => {
    const now = Date.now();
    return { start: sessionStart(localStorage, now), now };
  };
  const [clock, setClock] = useState(read);
  useEffect(() => {
    const timer = setInterval(() => setClock(read()), 1000);
    return () => clearInterval(timer);
  }, []);
  return { start: clock.start, elapsed: clock.now - clock.start };
}

/**
 * The session clock (always visible on the lottery pages, labelled, with a link to the Safety
 * page that explains it) and the reality check: every chosen interval a
 * dialog shows how long the player has played and the session's net result, with "Keep
 * playing", "View history" and "Log out". It does not stop a bet in flight; it interrupts.
 */
export function RealityCheck() {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const titleId = useId();
  const textId = useId();
  const keepRef = useRef<HTMLButtonElement>(null);
  const { start, elapsed } = usePlaySession();
  useEffect(() => rememberLocaleForShell(locale), [locale]);
  const safety = useResource(safetyResource);
  const minutes = safety.data?.realityCheckMinutes ?? null;
  const due = checksDue(elapsed, minutes);
  // The check already answered: on first render, none of the past ones (a reload does not
  // replay them), only those that fall due while the page is open; a new session starts at none.
  const [answeredIn, setAnsweredIn] = useState({ start, due });
  const answered = answeredIn.start === start ? answeredIn.due : 0;
  const setAnswered = (n: number) => setAnsweredIn({ start, due: n });
  const [result, setResult] = useState<number | null>(null);
  const open = due > answered;

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    sessionResult(new Date(start), controller.signal).then(
      (r) => setResult(r.netResultMinor),
      () => setResult(null),
    );
    return () => controller.abort();
  }, [open, start]);

  const currency = safety.data?.currency ?? 'INR';
  const resultText = result === null ? '—' : `${result > 0 ? '+' : ''}${formatMoneyMinor(result, currency)}`;
  return (
    <>
      {/* A landmark of its own: it sits above the page's <main>, and axe wants all content in one. */}
      <aside aria-label={t('reality.clock')}>
        <p className="session-clock" aria-live="off">
          <span>{t('reality.session', { duration: formatDuration(elapsed) })}</span>{' '}
          <Link to={paths.safety.getHref()}>{t('reality.about')}</Link>
        </p>
      </aside>
      <Popup open={open} onClose={() => setAnswered(due)} labelledBy={titleId} describedBy={textId} initialFocusRef={keepRef}>
        <div className="confirm-dialog">
          <h2 id={titleId} className="confirm-dialog__title">
            {t('reality.title')}
          </h2>
          <p id={textId} className="confirm-dialog__message">
            {t('reality.text', { duration: formatDuration(elapsed), result: resultText })}
          </p>
          <div className="reality-check__actions">
            <button ref={keepRef} type="button" className="button button--primary" onClick={() => setAnswered(due)}>
              {t('reality.keep')}
            </button>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                setAnswered(due);
                void navigate(paths.bettingRecordWin.getHref());
              }}
            >
              {t('reality.history')}
            </button>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                setAnswered(due);
                void logout().then(() => navigate(paths.login.getHref(), { replace: true }));
              }}
            >
              {t('reality.logout')}
            </button>
          </div>
        </div>
      </Popup>
    </>
  );
}
