import { lazy, Suspense } from 'react';
import { Logo } from '../../components/ui/logo';
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
// Only for a signed-in player, and only shown once the server says a limit is still to be asked
// (registering lands here, decision 479): a guest's home never loads it.
const DepositLimitPrompt = lazy(() => import('../../features/safety/deposit-limit-prompt').then((m) => ({ default: m.DepositLimitPrompt })));

/**
 * Home (/): the brand header, a player's unread announcement (one line), then log in / register (a
 * guest) or the balance with Recharge and Win Go (a player), the standing notice and, until
 * answered, the deposit-limit prompt, our promotions, the lobby category shortcuts, then the
 * lottery section
 * and the popular games.
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
      <Suspense fallback={null}>
        <HomeGames />
      </Suspense>
    </main>
  );
}
