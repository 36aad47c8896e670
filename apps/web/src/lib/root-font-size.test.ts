import { afterEach, describe, expect, it } from 'vitest';
import { rootFontSizePx, watchRootFontSize } from './root-font-size';

function resizeTo(widthPx: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: widthPx });
  window.dispatchEvent(new Event('resize'));
}

describe('root font size', () => {
  afterEach(() => {
    document.documentElement.style.fontSize = '';
  });

  it('is a tenth of the width below 540 px and 54 px from 540 px up', () => {
    expect(rootFontSizePx(375)).toBe(37.5);
    expect(rootFontSizePx(539)).toBe(53.9);
    expect(rootFontSizePx(540)).toBe(54);
    expect(rootFontSizePx(1440)).toBe(54);
  });

  it('is applied at once and follows resizes until stopped', () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 375 });
    const stop = watchRootFontSize(window);
    expect(document.documentElement.style.fontSize).toBe('37.5px');
    resizeTo(412);
    expect(document.documentElement.style.fontSize).toBe('41.2px');
    resizeTo(1024);
    expect(document.documentElement.style.fontSize).toBe('54px');
    stop();
    resizeTo(320);
    expect(document.documentElement.style.fontSize).toBe('54px');
  });
});
