import { useEffect, useRef } from 'react';
import { useWingo } from './wingo-context';

/**
 * Runs `refresh` each time one of the shared counters (decision 122) is bumped: this is how
 * a bump anywhere under the lottery layout (a placed bet, a settled round, the refresh button)
 * really makes the bet history or the balance read again. Not on mount: the resource layer has
 * already read them then.
 */
export function useRefreshKeyEffect(counter: 'betHistory' | 'balance', refresh: () => void): void {
  const shared = useWingo();
  const value = counter === 'betHistory' ? shared.betHistoryRefreshKey : shared.balanceRefreshKey;
  const seen = useRef(value);
  const latest = useRef(refresh);
  useEffect(() => {
    latest.current = refresh;
  });
  useEffect(() => {
    if (seen.current === value) return;
    seen.current = value;
    latest.current();
  }, [value]);
}
