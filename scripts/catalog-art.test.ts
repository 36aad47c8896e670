import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without type declarations
import { artKey, artSpecOf, artSvg, CRASH_CRAFT, FISH_CREATURE, SLOT_SYMBOL } from './catalog-art.mjs';

// Decision 477. "Alike" here means: the same drawing id with the same parameters (artSpecOf:
// the main drawing and its accent, e.g. { drawing: 'bell', theme: 'crown' }). Colour is not a
// parameter: a recoloured drawing is the same drawing, which is what the lobby had (Royal Bells
// = Sunny Bells). The committed SVGs are checked to be exactly what the art module draws, so
// the rule holds for the files the lobby shows, not only for the module.

interface Tile { id: string; kind: string; title: string; vendorCode: string | null; engine: string | null; image: string; gameUid: string; clickable: boolean }
interface CategoryRow { key: string; sections: string[]; tiles: string[] }
const root = path.resolve(import.meta.dirname, '..');
const catalog = JSON.parse(readFileSync(path.join(root, 'catalog/games.json'), 'utf8')) as { categories: CategoryRow[]; games: Tile[] };
const byId = new Map(catalog.games.map((g) => [g.id, g]));
const spec = (g: Tile) => artSpecOf(g) as Record<string, string>;

/** Every section the lobby shows as one group: a vendor's part of Casino or Slots, or a whole category. */
function sections(): { name: string; tiles: Tile[] }[] {
  const out: { name: string; tiles: Tile[] }[] = [];
  for (const c of catalog.categories) {
    const tiles = c.tiles.map((id) => byId.get(id)!);
    if (c.sections.length === 0) out.push({ name: c.key, tiles });
    else for (const v of c.sections) out.push({ name: `${c.key} › ${v}`, tiles: tiles.filter((t) => t.vendorCode === v) });
  }
  return out;
}

function aliked(tiles: Tile[]): string[] {
  const seen = new Map<string, string>();
  const pairs: string[] = [];
  for (const t of tiles) {
    const key = artKey(spec(t));
    if (seen.has(key)) pairs.push(`${seen.get(key)} = ${t.title} (${key})`);
    else seen.set(key, t.title);
  }
  return pairs;
}

describe('lobby art', () => {
  it('no lobby section shows two alike tiles', () => {
    const found = sections().flatMap((s) => aliked(s.tiles).map((p) => `${s.name}: ${p}`));
    expect(found).toEqual([]);
    expect(sections().length).toBeGreaterThanOrEqual(14);
  });

  it("no vendor's whole list (All online games) shows two alike tiles", () => {
    const vendors = new Set(catalog.games.map((g) => g.vendorCode).filter((v): v is string => v !== null));
    const found = [...vendors].flatMap((v) => aliked(catalog.games.filter((g) => g.vendorCode === v)).map((p) => `${v}: ${p}`));
    expect(found).toEqual([]);
  });

  it("each tile's drawing fits its kind and name", () => {
    for (const g of catalog.games) {
      const s = spec(g);
      const fish = g.vendorCode === 'MG_Fish' || g.image.startsWith('/games/fishing/');
      if (fish) expect(Object.values(FISH_CREATURE), g.title).toContain(s.drawing);
      else if (g.engine === 'crash') expect(Object.values(CRASH_CRAFT), g.title).toContain(s.drawing);
      else if (g.engine === 'slot') {
        expect(Object.values(SLOT_SYMBOL), g.title).toContain(s.drawing);
        // The symbol is named by the title: "Golden Coins" shows coins, "Tiger Temple" a temple.
        expect(s.drawing).toBe((SLOT_SYMBOL as Record<string, string>)[g.title.replace(/\s*\(.*\)$/, '').split(' ')[1]!]);
      }
    }
    expect(spec(catalog.games.find((g) => g.title === 'Golden Coins')!).drawing).toBe('coins');
    expect(spec(catalog.games.find((g) => g.title === 'Tiger Temple')!).drawing).toBe('temple');
    // The four lottery cards each have their own drawing (5D and Trx Win no longer reuse Win Go's).
    const cards = ['lottery-wingo', 'lottery-k3', 'lottery-5d', 'lottery-trxwin'].map((id) => spec(byId.get(id)!).drawing);
    expect(new Set(cards).size).toBe(4);
  });

  it('the committed SVG files are what the art module draws', () => {
    for (const g of catalog.games) {
      const file = readFileSync(path.join(root, 'apps/web/public', g.image), 'utf8');
      // The generator's hue is not in the catalog; compare with the colours masked out.
      const mask = (svg: string) => svg.replace(/hsl\([^)]*\)/g, 'hsl()');
      expect(mask(file), g.image).toBe(mask(artSvg(g, 0)));
    }
  });

  it('each category lists what can be played first and the rest after it', () => {
    for (const c of catalog.categories) {
      const playable = c.tiles.map((id) => byId.get(id)!.clickable);
      const firstSoon = playable.indexOf(false);
      expect(firstSoon === -1 ? [] : playable.slice(firstSoon), c.key).not.toContain(true);
    }
    const fishing = catalog.categories.find((c) => c.key === 'fishing')!.tiles.map((id) => byId.get(id)!);
    expect(fishing.filter((t) => t.clickable && t.vendorCode === 'MG_Fish')).toHaveLength(12);
  });
});
