import { describe, expect, it } from 'vitest';

/**
 * The import rules of docs/architecture (bulletproof-react's one-way imports), checked here
 * because the repo's lint config is shared: config -> lib -> components -> features -> app, and
 * no feature imports another feature.
 */

const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const LAYERS = ['config', 'lib', 'components', 'features', 'app'] as const;
type Layer = (typeof LAYERS)[number] | 'root';

/** "src/features/lottery/x.tsx" -> { layer: 'features', feature: 'lottery' }. */
function locate(srcPath: string): { layer: Layer; feature?: string } {
  const [top, second] = srcPath.split('/');
  const layer = (LAYERS as readonly string[]).includes(top ?? '') ? (top as Layer) : 'root';
  return layer === 'features' ? { layer, feature: second } : { layer };
}

function resolve(fromSrcPath: string, specifier: string): string {
  const parts = fromSrcPath.split('/').slice(0, -1);
  for (const segment of specifier.split('/')) {
    if (segment === '..') parts.pop();
    else if (segment !== '.') parts.push(segment);
  }
  return parts.join('/');
}

function relativeImports(code: string): string[] {
  const found: string[] = [];
  for (const match of code.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g)) found.push(match[1]!);
  return found;
}

const edges = Object.entries(sources).flatMap(([globPath, code]) => {
  const from = globPath.replace(/^\.\.\//, '');
  return relativeImports(code).map((specifier) => ({ from, to: resolve(from, specifier) }));
});

describe('import boundaries', () => {
  it('finds the source files and their imports', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(30);
    expect(edges.length).toBeGreaterThan(30);
  });

  it('imports only from the same or a lower layer', () => {
    const rank = (layer: Layer) => (layer === 'root' ? LAYERS.length : LAYERS.indexOf(layer));
    const upward = edges.filter(({ from, to }) => rank(locate(to).layer) > rank(locate(from).layer));
    expect(upward).toEqual([]);
  });

  it('never imports one feature from another', () => {
    const crossFeature = edges.filter(({ from, to }) => {
      const a = locate(from);
      const b = locate(to);
      return a.layer === 'features' && b.layer === 'features' && a.feature !== b.feature;
    });
    expect(crossFeature).toEqual([]);
  });
});
