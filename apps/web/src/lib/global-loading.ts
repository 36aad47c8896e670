import { createContext, use } from 'react';

/** The global loading flag and its setter. */
export interface GlobalLoading {
  loading: boolean;
  setLoading: (loading: boolean) => void;
}

/**
 * The context lives in lib/ so features can use it without importing app/ (imports go one way:
 * lib -> features -> app); app/global-loading-provider.tsx provides it and draws the overlay.
 */
export const GlobalLoadingContext = createContext<GlobalLoading | null>(null);

/** The global loading flag; while it is on, a full-screen overlay with a spinning logo shows. */
export function useGlobalLoading(): GlobalLoading {
  const value = use(GlobalLoadingContext);
  if (!value) throw new Error('useGlobalLoading() must be used inside <GlobalLoadingProvider>');
  return value;
}
