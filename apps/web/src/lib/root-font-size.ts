import { LAYOUT_MAX_WIDTH_PX } from '../config/constants';

/**
 * The spec's layout rule (section 9): below 540 px the root font is a tenth of the window width,
 * so `10rem` is always the full app width and every size in rem scales with the phone. At or
 * above 540 px the app is a 540 px column, so the root font stays at 54 px.
 */

/** Root font size in px for a window width in px. */
export function rootFontSizePx(windowWidthPx: number): number {
  return Math.min(windowWidthPx, LAYOUT_MAX_WIDTH_PX) / 10;
}

/** Sets the root font size from the current window width. */
export function applyRootFontSize(win: Window = window): void {
  win.document.documentElement.style.fontSize = `${rootFontSizePx(win.innerWidth)}px`;
}

/** Applies the root font size now and on every resize; returns a function that stops watching. */
export function watchRootFontSize(win: Window = window): () => void {
  const onResize = () => applyRootFontSize(win);
  onResize();
  win.addEventListener('resize', onResize);
  return () => win.removeEventListener('resize', onResize);
}
