import { describe, expect, it } from 'vitest';
import { homePageHtml, homePreloads } from './home-page';

describe('`/`’s preloads (decision 586)', () => {
  const manifest = {
    'index.html': { file: 'assets/index.1.js', css: ['assets/index.1.css'], imports: ['_core.2.js'] },
    'src/app/routes/home.tsx': { file: 'assets/home.3.js', css: ['assets/home.3.css'], imports: ['index.html', '_core.2.js', '_shortcuts.4.js'] },
    '_core.2.js': { file: 'assets/core.2.js' },
    '_shortcuts.4.js': { file: 'assets/shortcuts.4.js', css: ['assets/shortcuts.4.css'], imports: ['_icons.5.js', '_shortcuts.4.js'] },
    '_icons.5.js': { file: 'assets/icons.5.js' },
  };
  const index =
    '<head><script type="module" crossorigin src="/assets/index.1.js"></script><link rel="modulepreload" crossorigin href="/assets/core.2.js">' +
    '<link rel="stylesheet" crossorigin href="/assets/index.1.css"></head>';

  it('lists the home chunk and its static imports, transitively and once, less what index.html links', () => {
    expect(homePreloads(manifest, index)).toEqual({
      scripts: ['/assets/home.3.js', '/assets/shortcuts.4.js', '/assets/icons.5.js'],
      stylesheets: ['/assets/home.3.css', '/assets/shortcuts.4.css'],
    });
    expect(homePreloads({}, index)).toEqual({ scripts: [], stylesheets: [] });
  });

  it('links them at the end of the head, and leaves index.html as it is when there is nothing to link', () => {
    expect(homePageHtml('<head><title>x</title></head><body></body>', { scripts: ['/a.js'], stylesheets: ['/b.css'] })).toBe(
      '<head><title>x</title><link rel="modulepreload" crossorigin href="/a.js"><link rel="preload" as="style" crossorigin href="/b.css"></head><body></body>',
    );
    expect(homePageHtml(index, { scripts: [], stylesheets: [] })).toBe(index);
  });
});
