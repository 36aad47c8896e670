import { createContext, use, useCallback, useMemo, useState, type ReactNode } from 'react';
import { COOKIE_NAMES } from '../../config/constants';
import { getCookie, setCookie } from '../../lib/cookies';

/**
 * What the Wingo route shares with its children (decision 122): two refresh
 * counters that parts of the page watch to refetch, and the voice setting.
 */
export interface WingoShared {
  /** Bumped after a bet so the bet history refetches. */
  betHistoryRefreshKey: number;
  /** Bumped when the balance may have changed so it refetches. */
  balanceRefreshKey: number;
  incrementBetHistoryRefreshKey: () => void;
  incrementBalanceRefreshKey: () => void;
  /** Whether countdown voice is muted; persisted in the cookie `voiceDisabled`. */
  voiceDisabled: boolean;
  toggleVoice: () => void;
}

const WingoContext = createContext<WingoShared | null>(null);

/** Provides the shared Wingo state; the voice setting starts from the `voiceDisabled` cookie. */
export function WingoProvider({ children }: { children: ReactNode }) {
  const [betHistoryRefreshKey, setBetHistoryRefreshKey] = useState(0);
  const [balanceRefreshKey, setBalanceRefreshKey] = useState(0);
  const [voiceDisabled, setVoiceDisabled] = useState(() => getCookie(COOKIE_NAMES.voiceDisabled) === 'true');

  const incrementBetHistoryRefreshKey = useCallback(() => setBetHistoryRefreshKey((k) => k + 1), []);
  const incrementBalanceRefreshKey = useCallback(() => setBalanceRefreshKey((k) => k + 1), []);
  const toggleVoice = useCallback(() => {
    // The cookie is written here, not inside a state updater, because updaters must stay pure.
    const next = !voiceDisabled;
    setCookie(COOKIE_NAMES.voiceDisabled, String(next));
    setVoiceDisabled(next);
  }, [voiceDisabled]);

  const value = useMemo(
    () => ({
      betHistoryRefreshKey,
      balanceRefreshKey,
      incrementBetHistoryRefreshKey,
      incrementBalanceRefreshKey,
      voiceDisabled,
      toggleVoice,
    }),
    [betHistoryRefreshKey, balanceRefreshKey, incrementBetHistoryRefreshKey, incrementBalanceRefreshKey, voiceDisabled, toggleVoice],
  );
  return <WingoContext value={value}>{children}</WingoContext>;
}

/** The shared Wingo state; only inside the Wingo route. */
export function useWingo(): WingoShared {
  const value = use(WingoContext);
  if (!value) throw new Error('useWingo() must be used inside <WingoProvider>');
  return value;
}
