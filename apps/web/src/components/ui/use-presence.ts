import { useEffect, useState } from 'react';
import { TRANSITION_MS } from '../../config/constants';

/** Mount state of an element with enter and exit transitions. */
export interface Presence {
  /** Whether the element should be in the DOM. */
  mounted: boolean;
  /** True during the exit transition: the element is still mounted but on its way out. */
  closing: boolean;
}

/**
 * Keeps an element mounted for `durationMs` after `open` turns false, so its exit transition can
 * play. The enter transition needs no timer: it is a CSS animation that runs on insertion.
 */
export function usePresence(open: boolean, durationMs: number = TRANSITION_MS): Presence {
  const [mounted, setMounted] = useState(open);
  // Mount synchronously on open (React's "adjust state while rendering" pattern), so there is no
  // frame where `open` is true and nothing is shown.
  if (open && !mounted) setMounted(true);

  useEffect(() => {
    if (open || !mounted) return;
    const timer = setTimeout(() => setMounted(false), durationMs);
    return () => clearTimeout(timer);
  }, [open, mounted, durationMs]);

  return { mounted: mounted || open, closing: mounted && !open };
}
