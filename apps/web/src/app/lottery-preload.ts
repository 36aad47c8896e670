import { paths } from '../config/paths';
import { safetyResource } from '../features/safety/api';
import { historyResource, myBetsResource, stateResource, type RoomOf, type ScreenGame } from '../features/lottery/api';
import { lotteryScreenOf } from '../features/lottery/games/links';
import { storedRoom } from '../features/lottery/room-storage';
import { accessTokenExpired } from '../lib/access-token';
import { balanceResource } from '../lib/balance';
import { pagesResource } from '../lib/infinite-resource';
import { prefetchResource } from '../lib/resource';
import { readStoredToken, refreshSession } from '../lib/session';

/** The game whose page `pathname` is (React Router matches paths case-insensitively), or null. */
function gameOfPath(pathname: string): ScreenGame | null {
  if (pathname.toLowerCase() === paths.wingo.path.toLowerCase()) return 'wingo';
  const prefix = paths.lotteryGame.path.replace(':game', '').toLowerCase();
  if (!pathname.toLowerCase().startsWith(prefix)) return null;
  const game = lotteryScreenOf(pathname.slice(prefix.length));
  return game === 'verify' ? null : game;
}

/**
 * The data of the lottery pages, read while their code downloads (decision 305: on a cold visit a
 * slow phone fetched the page code, then ran it, and only then asked for the data). The router
 * imports this small chunk beside the lottery chunk, so these reads start as soon as it arrives.
 * They go into the resource layer under the keys the pages' components read, which then join
 * the reads under way or find their answers.
 *
 * Public reads start at once. The player's reads start as soon as a usable token is known: at
 * once with an unexpired stored token; with an expired one (a visit after the 15-minute token
 * life) after the refresh that the session started at boot, which this joins, instead of
 * sending requests certain to be refused and refreshing a second time after the refusals.
 * Runs only under RequireSession (a token is stored).
 */
export function preloadLottery(pathname: string, nowMs = Date.now()): Promise<void> {
  const game = gameOfPath(pathname);
  // The room the page opens on (lottery-page.tsx): the one chosen last on this device.
  const room = (game === 'wingo' ? storedRoom() : game ? storedRoom(game) : '') as RoomOf<ScreenGame>;
  if (game) {
    prefetchResource(stateResource(game, room));
    prefetchResource(pagesResource(historyResource(game, room)));
  }
  const token = readStoredToken();
  const ready = token !== null && accessTokenExpired(token, nowMs) ? refreshSession().then(() => undefined) : Promise.resolve();
  return ready.then(() => {
    if (readStoredToken() === null) return; // the refresh ended the session: the page goes to login
    // The reality check over every lottery page (the bet records and verify pages too).
    prefetchResource(safetyResource);
    if (!game) return;
    prefetchResource(balanceResource);
    prefetchResource(pagesResource(myBetsResource(game, room)));
  });
}
