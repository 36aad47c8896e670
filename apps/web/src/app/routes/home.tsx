import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../components/ui/logo';
import { paths } from '../../config/paths';
import { AnnouncementLine } from '../../features/announcements/announcement-line';
import { CategoryShortcuts } from '../../features/lobby/category-shortcuts';
import { PromoCarousel } from '../../features/promotions/promo-carousel';
import { HomeWalletCard } from '../../features/wallet/home-wallet-card';
import { useI18n } from '../../lib/i18n';
import { usePageHeading } from '../../lib/page-heading';
import { useSession } from '../../lib/session';
import './home.css';

// The games below the fold are their own chunk, so they do not count against `/`'s first load.
const HomeGames = lazy(() => import('../../features/lobby/home-games'));
// Today's figures (decision 518) sit below the fold: their chunk is fetched once their place
// is scrolled into view (after the first paint, which an observer's first report always follows), so
// they are not `/`'s first-load JS.
const TodayFigures = lazy(() => import('../../features/today/today-figures'));
// Only for a signed-in player, and only shown once the server says a limit is still to be asked
// (registering lands here, decision 479): a guest's home never loads it.
const DepositLimitPrompt = lazy(() => import('../../features/safety/deposit-limit-prompt').then((m) => ({ default: m.DepositLimitPrompt })));

/** Renders its children once this place (the end of the page) is scrolled into view. */
function WhenInView({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    // Without an observer (old browsers) there is no "in view": what this wraps is extra, left out.
    if (!el || near || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setNear(true);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  return (
    <div ref={ref} className="home__later">
      {near && <Suspense fallback={null}>{children}</Suspense>}
    </div>
  );
}

/**
 * Renders its children once the page around them has been painted (two animation frames): the
 * games start just below the fold of a phone, and their chunk, its imports and their data, a dozen
 * requests, would otherwise share the phone's few connections with the top of home (decision 587).
 */
function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  // Not cancelled on unmount: a state update of an unmounted component is a no-op (React 18+),
  // and `/`'s budget has no bytes for a cleanup.
  useEffect(() => void requestAnimationFrame(() => requestAnimationFrame(() => setPainted(true))), []);
  return painted ? children : null;
}

/**
 * Home (/): the brand header, a player's unread announcement (one line), then log in / register (a
 * guest) or the balance with Recharge (a player), the way into Win Go, the standing notice and, until
 * answered, the deposit-limit prompt, our promotions, the lobby category shortcuts, then the
 * lottery section, the popular games and today's figures.
 */
export default function HomeRoute() {
  const { t } = useI18n();
  const headingRef = usePageHeading(t('nav.home'));
  const { status } = useSession();
  return (
    <main className="page home">
      <header className="home__header">
        <Logo className="home__logo" />
        <h1 className="home__brand" ref={headingRef} tabIndex={-1}>
          {t('brand.name')}
        </h1>
      </header>
      <AnnouncementLine />
      <HomeWalletCard />
      {/* The way to play, a guest's too: the session guard asks a guest to log in, then opens Win Go. */}
      <Link to={paths.wingo.getHref()} className="home-play">
        <span className="home-play__text">
          <strong>{t('home.playWingo')}</strong> {t('home.playLine')}
        </span>
      </Link>
      {/* The standing notice (docs/support.md): one line, against the scams that fill support's gap. */}
      <p className="home__notice" role="note">
        {t('home.notice')}
      </p>
      {status === 'logged_in' && (
        <Suspense fallback={null}>
          <DepositLimitPrompt />
        </Suspense>
      )}
      <div className="home__section">
        <PromoCarousel />
      </div>
      <div className="home__section home__section--card">
        <CategoryShortcuts />
      </div>
      <AfterFirstPaint>
        <Suspense fallback={null}>
          <HomeGames />
        </Suspense>
      </AfterFirstPaint>
      <WhenInView>
        <TodayFigures />
      </WhenInView>
    </main>
  );
}
