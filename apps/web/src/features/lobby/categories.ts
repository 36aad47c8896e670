import type { CategoryKey } from '@colorplay/contract';
import type { AllGamesTab } from '../../config/paths';
import type { PlainMessageKey } from '../../lib/i18n';

/** A lobby category key, in the order of the All Games tab strip. */
export type LobbyCategoryKey = 'popular' | 'lottery' | 'casino' | 'slots' | 'sports' | 'rummy' | 'fishing' | 'original';

/** A lobby category: its key, its index in the All Games tab strip and its label. */
export interface LobbyCategory {
  key: LobbyCategoryKey;
  /** The catalog's key of the content this tab shows (the API's `category`). */
  content: CategoryKey;
  tab: AllGamesTab;
  labelKey: PlainMessageKey;
}

/**
 * The eight lobby categories of the lobby, in the order of the All Games `tab`
 * parameter (0..7). The spec's content key for index 4 is 'sport' while the tab is 'sports'; each
 * tab names its content here, so choosing Sports shows Sports (docs/decisions/125).
 */
export const LOBBY_CATEGORIES: readonly LobbyCategory[] = [
  { key: 'popular', content: 'popular', tab: 0, labelKey: 'lobby.popular' },
  { key: 'lottery', content: 'lottery', tab: 1, labelKey: 'lobby.lottery' },
  { key: 'casino', content: 'casino', tab: 2, labelKey: 'lobby.casino' },
  { key: 'slots', content: 'slots', tab: 3, labelKey: 'lobby.slots' },
  { key: 'sports', content: 'sport', tab: 4, labelKey: 'lobby.sports' },
  { key: 'rummy', content: 'rummy', tab: 5, labelKey: 'lobby.rummy' },
  { key: 'fishing', content: 'fishing', tab: 6, labelKey: 'lobby.fishing' },
  { key: 'original', content: 'original', tab: 7, labelKey: 'lobby.original' },
];
