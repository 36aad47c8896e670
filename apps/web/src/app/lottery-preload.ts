import { paths } from '../config/paths';
import { safetyResource } from '../features/safety/api';
import { historyResource, myBetsResource, stateResource } from '../features/lottery/api';
import { accessTokenExpired } from '../lib/access-token';
import { balanceResource } from '../lib/balance';
import { pagesResource } from '../lib/infinite-resource';
import { prefetchResource } from '../lib/resource';
import { readStoredToken, refreshSession } from '../lib/session';

/** The room the Wingo page opens on (wingo-page.tsx). */
const FIRST_ROOM = '30s';

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
  // React Router matches paths case-insensitively.
  const wingo = pathname.toLowerCase() === paths.wingo.path.toLowerCase();
  if (wingo) {
    prefetchResource(stateResource('wingo', FIRST_ROOM));
    prefetchResource(pagesResource(historyResource('wingo', FIRST_ROOM)));
  }
  const token = readStoredToken();
  const ready = token !== null && accessTokenExpired(token, nowMs) ? refreshSession().then(() => undefined) : Promise.resolve();
  return ready.then(() => {
    if (readStoredToken() === null) return; // the refresh ended the session: the page goes to login
    // The reality check over every lottery page.
    prefetchResource(safetyResource);
    if (!wingo) return;
    prefetchResource(balanceResource);
    prefetchResource(pagesResource(myBetsResource('wingo', FIRST_ROOM)));
  });
}
