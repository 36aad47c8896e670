import { vi } from 'vitest';

/** One stubbed observer: the callback it was made with and the element it watches now. */
export type ObservedEntry = { callback: IntersectionObserverCallback; target?: Element };

/**
 * Replaces IntersectionObserver (jsdom has none) with one that records each observer, so a test
 * can find the one watching an element and call its callback as if the element scrolled in.
 */
export function stubIntersectionObserver(): ObservedEntry[] {
  const observers: ObservedEntry[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      entry: ObservedEntry;
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback };
        observers.push(this.entry);
      }
      observe(target: Element) {
        this.entry.target = target;
      }
      disconnect() {
        this.entry.target = undefined;
      }
    },
  );
  return observers;
}
