import type { VendorType } from '@colorplay/contract';
import { LoadMoreButton } from '../../components/ui/load-more-button';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Tabs } from '../../components/ui/tabs';
import { TopBar } from '../../components/ui/top-bar';
import { useI18n } from '../../lib/i18n';
import { useInfiniteResource } from '../../lib/infinite-resource';
import { useResource } from '../../lib/resource';
import { vendorGamesSpec, vendorsResource } from './api';
import { GameGrid } from './game-tile';
import { LoadState } from './load-state';
import { useLaunchGame } from './use-launch-game';
import './lobby.css';
import './i18n';

export interface VendorGamesProps {
  title: string;
  backTo: string;
  type: VendorType;
  /** Keep `type` in the address (All online games) or not (All casino games). */
  typeInAddress: boolean;
}

/**
 * All online games (/home/AllOnlineGames?type=casino|slot&tab=n) and All casino games: a tab per
 * vendor of that type (`tab` is the vendor's number, e.g. MG_Video is casino tab 3) and the chosen
 * vendor's whole list from the API, read page by page as the end of the list scrolls into view.
 */
export function VendorGames({ title, backTo, type, typeInAddress }: VendorGamesProps) {
  const { t } = useI18n();
  const [search, setSearch] = useSearchParams();
  const vendors = useResource(vendorsResource(type));
  const { launch, dialog } = useLaunchGame();
  const list = vendors.data ?? [];
  const wanted = Number(search.get('tab'));
  const index = Math.max(0, list.findIndex((v) => v.tab === wanted));

  return (
    <main className="page vendor-games">
      <TopBar title={title} backTo={backTo} />
      {list.length === 0 ? (
        <LoadState error={vendors.error} onRetry={vendors.reload} />
      ) : (
        <Tabs
          items={list.map((vendor) => ({
            id: vendor.code,
            label: vendor.title,
            panel: <VendorGameList vendor={vendor.code} onLaunch={launch} />,
          }))}
          label={t('lobby.providers')}
          selectedIndex={index}
          onSelect={(i) => {
            const tab = String(list[i]?.tab ?? 0);
            setSearch(typeInAddress ? { type, tab } : { tab }, { replace: true });
          }}
        />
      )}
      {dialog}
    </main>
  );
}

function VendorGameList({ vendor, onLaunch }: { vendor: string; onLaunch: (gameId: string) => void }) {
  const { t } = useI18n();
  const games = useInfiniteResource(useMemo(() => vendorGamesSpec(vendor), [vendor]));
  const tiles = games.pages.flatMap((page) => page.items);
  return (
    <>
      {tiles.length > 0 && <GameGrid tiles={tiles} label={t('lobby.games')} onLaunch={onLaunch} />}
      {tiles.length === 0 && !games.loading && !games.error && <p className="lobby-notice">{t('lobby.empty')}</p>}
      {(games.fetching || games.error) && <LoadState error={games.fetching ? undefined : games.error} onRetry={games.retry} />}
      {games.hasMore && !games.error && <LoadMoreButton className="lobby-more" onLoadMore={games.loadMore} disabled={games.fetching} label={t('lobby.loadMore')} />}
    </>
  );
}
