import { useMemo } from 'react';
import { useInfiniteResource } from '../../lib/infinite-resource';
import { myBetsResource, type ScreenGame } from './api';

/**
 * How many bets the player holds in each period of a room (decision 510), from the room's My history
 * list the screen already reads (useSettlements, the My history tab): the same resource key, so
 * no read or polling of its own. Periods older than the pages loaded are not known here.
 */
export function useMyBetCounts(game: ScreenGame, room: string): ReadonlyMap<string, number> {
  const bets = useInfiniteResource(myBetsResource(game, room as never));
  return useMemo(() => {
    const counts = new Map<string, number>();
    for (const page of bets.pages) for (const bet of page.items) counts.set(bet.period, (counts.get(bet.period) ?? 0) + 1);
    return counts;
  }, [bets.pages]);
}
