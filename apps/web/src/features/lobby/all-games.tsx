import type { Category, GameTile } from '@colorplay/contract';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Tabs } from '../../components/ui/tabs';
import { TopBar } from '../../components/ui/top-bar';
import { paths, type AllGamesTab } from '../../config/paths';
import { useI18n } from '../../lib/i18n';
import { useResource } from '../../lib/resource';
import { categoriesResource, categoryGamesResource } from './api';
import { LOBBY_CATEGORIES, type LobbyCategory } from './categories';
import { CategoryIcon } from './category-icon';
import { GameGrid } from './game-tile';
import { LoadState } from './load-state';
import { useLaunchGame } from './use-launch-game';
import './category-shortcuts.css';
import './lobby.css';
import './i18n';

/** The `tab` query parameter as a category index; anything else is Popular (tab 0). */
export function tabFromSearch(value: string | null): AllGamesTab {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n >= 0 && n <= 7 ? (n as AllGamesTab) : 0;
}

/**
 * All Games (/home/AllGames?tab=0..7): the top bar 'All' back to home, the card
 * tab strip of the eight categories (swipe to move between them) and the chosen category's tiles.
 * The tab is kept in the address, so a shortcut from home and a reload land on the same one.
 */
export function AllGames() {
  const { t } = useI18n();
  const [search, setSearch] = useSearchParams();
  const tab = tabFromSearch(search.get('tab'));
  const { launch, dialog } = useLaunchGame();

  const items = LOBBY_CATEGORIES.map((category) => ({
    id: category.key,
    label: (
      <span className="all-games__tab">
        <span className={`all-games__tab-icon category-shortcuts__tile--${category.key}`}>
          <CategoryIcon category={category.key} />
        </span>
        {t(category.labelKey)}
      </span>
    ),
    panel: <CategoryContent category={category} onLaunch={launch} />,
  }));

  return (
    <main className="page all-games">
      <TopBar title={t('page.allGames.title')} backTo={paths.home.getHref()} />
      <Tabs
        className="all-games__tabs"
        items={items}
        label={t('home.categories')}
        selectedIndex={tab}
        onSelect={(index) => setSearch({ tab: String(index) }, { replace: true })}
      />
      {dialog}
    </main>
  );
}

/** One category's content, exactly as the catalog lists it. */
function CategoryContent({ category, onLaunch }: { category: LobbyCategory; onLaunch: (gameId: string) => void }) {
  const { t } = useI18n();
  const headingId = useId();
  const categories = useResource(categoriesResource);
  const games = useResource(categoryGamesResource(category.content));
  const info: Category | undefined = categories.data?.find((c) => c.key === category.content);
  const tiles = games.data;

  return (
    <div className="all-games__content">
      {info?.heading && (
        <h2 id={headingId} className="lobby-heading">
          {t(category.labelKey)}
        </h2>
      )}
      {!tiles || !info ? (
        <LoadState error={games.error ?? categories.error} onRetry={() => (games.error ? games.reload() : categories.reload())} />
      ) : info.sections.length > 0 ? (
        info.sections.map((section) => (
          <VendorSection
            key={section.vendorCode}
            title={section.title}
            tiles={tiles.filter((tile) => tile.vendorCode === section.vendorCode)}
            allGamesHref={paths.allOnlineGames.getHref(section.allGames)}
            onLaunch={onLaunch}
          />
        ))
      ) : (
        <GameGrid
          tiles={tiles}
          label={info.heading ? undefined : t(category.labelKey)}
          showOdds={category.content === 'popular'}
          onLaunch={onLaunch}
        />
      )}
    </div>
  );
}

/** A vendor's first games in a category (Casino, Slots), with 'All Games' to its whole list. */
function VendorSection(props: { title: string; tiles: GameTile[]; allGamesHref: string; onLaunch: (gameId: string) => void }) {
  const { t } = useI18n();
  const titleId = useId();
  return (
    <section className="vendor-section" aria-labelledby={titleId}>
      <div className="vendor-section__bar">
        {/* Not a heading: only Popular and Lottery have headings. */}
        <p id={titleId} className="vendor-section__title">
          {props.title}
        </p>
        <Link to={props.allGamesHref} className="vendor-section__all">
          {t('lobby.allGames')}
        </Link>
      </div>
      <GameGrid tiles={props.tiles} onLaunch={props.onLaunch} />
    </section>
  );
}
