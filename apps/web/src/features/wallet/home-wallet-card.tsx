import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useI18n } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import './home-wallet-card.css';

const HomeBalance = lazy(() => import('./home-balance'));

/**
 * The first thing on home. A guest gets Log in and Register; a player gets the balance (from
 * the balance store, shared with the wallet and game pages) and Recharge; the way into Win Go is
 * home's own, under the card, for both.
 * Both states have the same shape and height, so the card does not move the page when the
 * session is known; the amount is loaded with the balance store only for a player.
 */
export function HomeWalletCard() {
  const { t } = useI18n();
  const { status } = useSession();

  if (status !== 'logged_in') {
    return (
      <section className="home-card" aria-label={t('home.welcomeLabel')}>
        <p className="home-card__text">{t('home.welcome')}</p>
        <div className="home-card__actions">
          <Link to={paths.login.getHref()} className="button button--primary">
            {t('home.login')}
          </Link>
          <Link to={paths.register.getHref()} className="button button--ghost">
            {t('home.register')}
          </Link>
        </div>
      </section>
    );
  }

  return (
    <section className="home-card" aria-labelledby="home-card-balance">
      <p className="home-card__text">
        <span id="home-card-balance">{t('home.balance')}</span>{' '}
        <Suspense fallback={<strong className="home-card__amount">{t('common.loading')}</strong>}>
          <HomeBalance />
        </Suspense>
      </p>
      <div className="home-card__actions">
        <Link to={paths.recharge.getHref()} className="button button--primary">
          {t('home.recharge')}
        </Link>
      </div>
    </section>
  );
}
