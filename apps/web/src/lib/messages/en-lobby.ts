/**
 * The game lobby's and the launcher's strings (decisions 126-128): an area loaded with the lobby's
 * chunks, not with `/` (features/lobby/i18n.ts, decision 482).
 */
export const enLobby = {
  'lobby.tipsTitle': 'Tips',
  'lobby.joinGame': 'Are you sure you want to join the game?',
  'lobby.allGames': 'All Games',
  'lobby.allGamesOf': 'All {vendor} games',
  'lobby.odds': 'odds of winning',
  'lobby.popularGames': 'Popular games',
  'lobby.games': 'Games',
  'lobby.empty': 'No games here yet.',
  'lobby.loadMore': 'More games',
  'lobby.providers': 'Game providers',
  'lobby.comingSoon': 'Coming soon',
  'lobby.comingSoonTap': '{title} is coming soon: it cannot be played yet.',
  // The lottery cards' subtitles (the catalog's text, translated; decision 478).
  'lobby.cardColours': 'Guess Number\nGreen/Red/Violet to win',
  'lobby.cardBigSmall': 'Guess Number\nBig/Small/Odd/Even',
} as const;
