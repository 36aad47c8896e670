/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Read from disk: Vitest hands CSS imports to tests as empty modules.
const read = (name: string) => readFileSync(new URL(name, import.meta.url), 'utf8');
const globalCss = read('./global.css');
const tabLayoutCss = read('./tab-layout.css');

/**
 * Layout rules that must hold before any JavaScript runs (first paint, Lighthouse CLS), checked
 * in the stylesheets themselves since jsdom does no layout.
 */
describe('global layout CSS', () => {
  it('sets the root font size in CSS: a tenth of the window width, at most 54 px (spec section 9)', () => {
    const root = /:root\s*\{([^}]*)\}/.exec(globalCss)?.[1] ?? '';
    expect(root).toMatch(/font-size:\s*min\(10vw,\s*54px\)/);
  });

  it('keeps a tab page within the window: the room for the bottom navigation is inside its height', () => {
    const layout = /\.tab-layout\s*\{([^}]*)\}/.exec(tabLayoutCss)?.[1] ?? '';
    expect(layout).toMatch(/min-height:\s*100dvh/);
    expect(layout).toMatch(/padding-bottom:/);
    // The page inside grows into the layout instead of adding its own 100vh on top of the padding.
    expect(tabLayoutCss).toMatch(/\.tab-layout\s+\.page\s*\{[^}]*min-height:\s*0/);
  });
});
