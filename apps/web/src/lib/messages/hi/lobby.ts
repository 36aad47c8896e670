import type { Translation } from '../../i18n';
import type { enLobby } from '../en-lobby';

/** The lobby and the launcher in Hindi: loaded with the lobby's chunks, only for players who chose Hindi. */
export const hiLobby: Translation<typeof enLobby> = {
  'lobby.tipsTitle': 'सूचना',
  'lobby.joinGame': 'क्या आप सच में गेम में शामिल होना चाहते हैं?',
  'lobby.allGames': 'सभी गेम',
  'lobby.allGamesOf': '{vendor} के सभी गेम',
  'lobby.odds': 'जीतने की संभावना',
  'lobby.popularGames': 'लोकप्रिय गेम',
  'lobby.games': 'गेम',
  'lobby.empty': 'यहाँ अभी कोई गेम नहीं है।',
  'lobby.loadMore': 'और गेम',
  'lobby.providers': 'गेम प्रोवाइडर',
  'lobby.comingSoon': 'जल्द आ रहा है',
  'lobby.comingSoonTap': '{title} जल्द आ रहा है: अभी खेला नहीं जा सकता।',
  'lobby.cardColours': 'नंबर का अनुमान लगाएँ\nहरा/लाल/बैंगनी पर जीतें',
  'lobby.cardBigSmall': 'नंबर का अनुमान लगाएँ\nबड़ा/छोटा/विषम/सम',
};
