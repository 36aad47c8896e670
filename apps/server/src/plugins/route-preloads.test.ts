import { describe, expect, it } from 'vitest';
import { preloadLinks, routePreloads, withHeadLinks } from './route-preloads';

describe('a route’s preloads (decision 586)', () => {
  const manifest = {
    'index.html': { file: 'assets/index.1.js', css: ['assets/index.1.css'], imports: ['_core.2.js'] },
    'src/app/routes/home.tsx': { file: 'assets/home.3.js', css: ['assets/home.3.css'], imports: ['index.html', '_core.2.js', '_shortcuts.4.js'] },
    '_core.2.js': { file: 'assets/core.2.js' },
    '_shortcuts.4.js': { file: 'assets/shortcuts.4.js', css: ['assets/shortcuts.4.css'], imports: ['_icons.5.js', '_shortcuts.4.js'] },
    '_icons.5.js': { file: 'assets/icons.5.js' },
    'src/app/start.ts': { file: 'assets/start.6.js', imports: ['_icons.5.js'] },
  };
  const index =
    '<head><script type="module" crossorigin src="/assets/index.1.js"></script><link rel="modulepreload" crossorigin href="/assets/core.2.js">' +
    '<link rel="stylesheet" crossorigin href="/assets/index.1.css"></head>';

  it('lists the modules’ chunks and their static imports, transitively and once, less what index.html links', () => {
    expect(routePreloads(manifest, index, ['src/app/routes/home.tsx', 'src/app/start.ts', 'src/app/none.ts'])).toEqual({
      scripts: ['/assets/home.3.js', '/assets/shortcuts.4.js', '/assets/icons.5.js', '/assets/start.6.js'],
      stylesheets: ['/assets/home.3.css', '/assets/shortcuts.4.css'],
    });
    expect(routePreloads({}, index, ['src/app/routes/home.tsx'])).toEqual({ scripts: [], stylesheets: [] });
  });

  it('links scripts as module preloads and stylesheets as preloads, at the end of the head', () => {
    const links = preloadLinks({ scripts: ['/a.js'], stylesheets: ['/b.css'] });
    expect(links).toBe('<link rel="modulepreload" crossorigin href="/a.js"><link rel="preload" as="style" crossorigin href="/b.css">');
    expect(withHeadLinks('<head><title>x</title></head><body></body>', links)).toBe(`<head><title>x</title>${links}</head><body></body>`);
    expect(withHeadLinks(index, preloadLinks({ scripts: [], stylesheets: [] }))).toBe(index);
  });
});
