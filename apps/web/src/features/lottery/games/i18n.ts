import '../i18n';
import { defineArea } from '../../../lib/i18n-areas';
import { enLotteryGames } from '../../../lib/messages/en-lottery-games';

/** K3's and 5D's strings, loaded with their chunks (decision 345); Wingo's area comes along for the shared keys. */
type EnLotteryGames = typeof enLotteryGames;

declare module '../../../lib/i18n' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the keys
  interface AreaMessages extends EnLotteryGames {}
}

defineArea('lottery-games', enLotteryGames, { hi: () => import('../../../lib/messages/hi/lottery-games').then((m) => m.hiLotteryGames) });
