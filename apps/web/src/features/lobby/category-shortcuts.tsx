import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useI18n } from '../../lib/i18n';
import { LOBBY_CATEGORIES } from './categories';
import { CategoryIcon } from './category-icon';
import './category-shortcuts.css';

/** The home page's grid of the eight lobby categories, each linking to its All Games tab. */
export function CategoryShortcuts() {
  const { t } = useI18n();
  return (
    <nav className="category-shortcuts" aria-label={t('home.categories')}>
      <ul className="category-shortcuts__grid">
        {LOBBY_CATEGORIES.map((category) => (
          <li key={category.key}>
            <Link to={paths.allGames.getHref(category.tab)} className="category-shortcuts__link">
              <span className={`category-shortcuts__tile category-shortcuts__tile--${category.key}`}>
                <CategoryIcon category={category.key} />
              </span>
              <span className="category-shortcuts__label">{t(category.labelKey)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
