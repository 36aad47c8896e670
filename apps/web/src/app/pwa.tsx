import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { useI18n } from '../lib/i18n';
import { defineArea } from '../lib/i18n-areas';
import { INSTALL_MOMENT_EVENT } from '../lib/install-moment';
import { enPwa } from '../lib/messages/en-pwa';
import './pwa.css';

/**
 * The installable app's client side (decision 222), a chunk of its own loaded after start:
 * registers /sw.js, says when the player is offline, announces a new version (which serves the
 * next visit, or now on "Reload now"), and offers installing at a sensible moment: on a second
 * visit or after a first win, never on the first load, and never again after "Not now".
 */
type EnPwa = typeof enPwa;
declare module '../lib/i18n' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the keys
  interface AreaMessages extends EnPwa {}
}
defineArea('pwa', enPwa, { hi: () => import('../lib/messages/hi/pwa').then((m) => m.hiPwa) });

const VISITS_KEY = 'colorplay.visits';
const INSTALL_DISMISSED_KEY = 'colorplay.install.dismissed';

/** Chrome's install prompt event (not in TypeScript's DOM types). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
}

function readNumber(key: string): number {
  try {
    return Number(localStorage.getItem(key) ?? '0') || 0;
  } catch {
    return 0;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage off: the install offer may come back next visit, nothing worse.
  }
}

let deferredPrompt: InstallPromptEvent | null = null;
let waitingWorker: ServiceWorker | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

function useNotified(): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    const l = () => setTick((n) => n + 1);
    listeners.add(l);
    return () => void listeners.delete(l);
  }, []);
}

function OfflineBar() {
  const { t } = useI18n();
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return (
    <p className="pwa-bar pwa-bar--offline" role="status">
      {online ? null : t('pwa.offline')}
    </p>
  );
}

function UpdateBar() {
  const { t } = useI18n();
  useNotified();
  if (!waitingWorker) return null;
  const reload = () => {
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload());
    waitingWorker?.postMessage('skip-waiting');
  };
  return (
    <div className="pwa-bar" role="status">
      <p>{t('pwa.update')}</p>
      <button type="button" className="pwa-bar__button" onClick={reload}>
        {t('pwa.reload')}
      </button>
    </div>
  );
}

function InstallOffer({ secondVisit }: { secondVisit: boolean }) {
  const { t } = useI18n();
  useNotified();
  const [moment, setMoment] = useState(secondVisit);
  const [dismissed, setDismissed] = useState(() => readNumber(INSTALL_DISMISSED_KEY) > 0);
  useEffect(() => {
    const onMoment = () => setMoment(true);
    window.addEventListener(INSTALL_MOMENT_EVENT, onMoment);
    return () => window.removeEventListener(INSTALL_MOMENT_EVENT, onMoment);
  }, []);
  if (!deferredPrompt || !moment || dismissed) return null;
  const later = () => {
    write(INSTALL_DISMISSED_KEY, '1');
    setDismissed(true);
  };
  const install = () => {
    const prompt = deferredPrompt;
    deferredPrompt = null;
    void prompt?.prompt().finally(later);
  };
  return (
    <aside className="pwa-bar" aria-label={t('pwa.install.label')}>
      <p>{t('pwa.install.text')}</p>
      <button type="button" className="pwa-bar__button" onClick={install}>
        {t('pwa.install.accept')}
      </button>
      <button type="button" className="pwa-bar__button pwa-bar__button--quiet" onClick={later}>
        {t('pwa.install.later')}
      </button>
    </aside>
  );
}

/** Starts the installable app's pieces: once, when main.tsx imports this module in production builds. */
function startPwa(): void {
  const visits = readNumber(VISITS_KEY) + 1;
  write(VISITS_KEY, String(visits));

  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferredPrompt = event as InstallPromptEvent;
    notify();
  });

  if ('serviceWorker' in navigator) {
    void navigator.serviceWorker.register('/sw.js').then((registration) => {
      const track = (worker: ServiceWorker | null) => {
        if (!worker) return;
        const check = () => {
          // A worker installed while another controls the page is a new version, waiting.
          if (worker.state === 'installed' && navigator.serviceWorker.controller) {
            waitingWorker = worker;
            notify();
          }
        };
        check();
        worker.addEventListener('statechange', check);
      };
      track(registration.waiting);
      registration.addEventListener('updatefound', () => track(registration.installing));
    }, () => undefined);
  }

  const host = document.createElement('div');
  host.className = 'pwa-root';
  document.body.append(host);
  createRoot(host).render(
    <>
      <OfflineBar />
      <UpdateBar />
      <InstallOffer secondVisit={visits >= 2} />
    </>,
  );
}

startPwa();
