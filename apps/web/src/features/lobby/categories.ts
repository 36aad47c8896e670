import type { AllGamesTab } from '../../config/paths';
import type { PlainMessageKey } from '../../lib/i18n';

/** A lobby category key, in the order of the All Games tab strip. */
export type LobbyCategoryKey = 'popular' | 'lottery' | 'casino' | 'slots' | 'sports' | 'rummy' | 'fishing' | 'original';

/** A lobby category: its key, its index in the All Games tab strip and its label. */
export interface LobbyCategory {
  key: LobbyCategoryKey;
  tab: AllGamesTab;
  labelKey: PlainMessageKey;
}

/**
 * The eight lobby categories of product-spec section 1, in the order of the All Games `tab`
 * parameter (0..7). The spec's content key for index 4 is 'sport'; the shortcut only carries the
 * index, so that known defect is left to the All Games page.
 */
export const LOBBY_CATEGORIES: readonly LobbyCategory[] = [
  { key: 'popular', tab: 0, labelKey: 'lobby.popular' },
  { key: 'lottery', tab: 1, labelKey: 'lobby.lottery' },
  { key: 'casino', tab: 2, labelKey: 'lobby.casino' },
  { key: 'slots', tab: 3, labelKey: 'lobby.slots' },
  { key: 'sports', tab: 4, labelKey: 'lobby.sports' },
  { key: 'rummy', tab: 5, labelKey: 'lobby.rummy' },
  { key: 'fishing', tab: 6, labelKey: 'lobby.fishing' },
  { key: 'original', tab: 7, labelKey: 'lobby.original' },
];
