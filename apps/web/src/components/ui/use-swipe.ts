import { useRef, type TouchEvent } from 'react';

/** What a swipe gesture does. */
export interface SwipeOptions {
  /** Finger moved towards the left: usually "next". */
  onSwipeLeft: () => void;
  /** Finger moved towards the right: usually "previous". */
  onSwipeRight: () => void;
  /** Horizontal movement that must be exceeded to count as a swipe. */
  thresholdPx: number;
}

/**
 * Touch handlers that report a horizontal swipe. A gesture counts only when it moves more
 * sideways than up or down, so vertical page scrolling never changes a tab or slide.
 */
export function useSwipe({ onSwipeLeft, onSwipeRight, thresholdPx }: SwipeOptions) {
  const start = useRef<{ x: number; y: number } | null>(null);

  return {
    onTouchStart(event: TouchEvent) {
      const touch = event.touches[0];
      start.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
    },
    onTouchEnd(event: TouchEvent) {
      const from = start.current;
      const touch = event.changedTouches[0];
      start.current = null;
      if (!from || !touch) return;
      const dx = touch.clientX - from.x;
      const dy = touch.clientY - from.y;
      if (Math.abs(dx) <= thresholdPx || Math.abs(dx) <= Math.abs(dy)) return;
      if (dx < 0) onSwipeLeft();
      else onSwipeRight();
    },
    onTouchCancel() {
      start.current = null;
    },
  };
}
