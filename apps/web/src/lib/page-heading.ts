import { useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useI18n } from './i18n';

/**
 * What every page does with its heading (docs/decisions/062-page-titles-and-focus.md):
 * - sets the window title, "Wallet · Colorplay", through i18n;
 * - after a route change (not on the first page of the visit), moves focus to its <h1>, so a
 *   screen reader announces the new page and keyboard users start at its top.
 * The first path seen is remembered at module level: the page a visit opens on keeps the
 * browser's own focus.
 */

let lastPathname: string | null = null;

/** Returns a ref for the page's <h1>; give it tabIndex={-1} so it can take focus. */
export function usePageHeading(title: string): (el: HTMLHeadingElement | null) => void {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const heading = useRef<HTMLHeadingElement | null>(null);
  const windowTitle = t('page.windowTitle', { page: title });

  useEffect(() => {
    document.title = windowTitle;
  }, [windowTitle]);

  useEffect(() => {
    const first = lastPathname === null;
    const moved = lastPathname !== pathname;
    lastPathname = pathname;
    if (!first && moved) heading.current?.focus({ preventScroll: true });
  }, [pathname]);

  return useCallback((el: HTMLHeadingElement | null) => {
    heading.current = el;
  }, []);
}

/** For tests: as at the start of a visit. */
export function resetPageHeadingForTests(): void {
  lastPathname = null;
}
