import { Logo } from '../../components/ui/logo';
import { CategoryShortcuts } from '../../features/lobby/category-shortcuts';
import { PromoCarousel } from '../../features/promotions/promo-carousel';
import { useI18n } from '../../lib/i18n';
import './home.css';

/** Home (/): the brand header, our promotions and the lobby category shortcuts. */
export default function HomeRoute() {
  const { t } = useI18n();
  return (
    <main className="page home">
      <header className="home__header">
        <Logo className="home__logo" />
        <h1 className="home__brand">{t('brand.name')}</h1>
      </header>
      <div className="home__section">
        <PromoCarousel />
      </div>
      <div className="home__section home__section--card">
        <CategoryShortcuts />
      </div>
    </main>
  );
}
