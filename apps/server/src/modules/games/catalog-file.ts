import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CategoryKeySchema, TileKindSchema, VendorTypeSchema, WalletModeSchema } from '@colorplay/contract';
import { z } from 'zod';

/** The checked-in catalog (written by scripts/generate-catalog.mjs), shared with the demo vendor. */
export const CATALOG_FILE = path.resolve(import.meta.dirname, '../../../../../catalog/games.json');

const CatalogFileSchema = z.object({
  version: z.literal(1),
  providers: z.array(z.object({ code: z.string(), title: z.string() })),
  vendors: z.array(
    z.object({
      code: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/),
      title: z.string(),
      type: VendorTypeSchema.nullable(),
      tab: z.number().int().min(0).nullable(),
      provider: z.string(),
      walletMode: WalletModeSchema,
      image: z.string(),
    }),
  ),
  categories: z.array(
    z.object({
      key: CategoryKeySchema,
      title: z.string(),
      tab: z.number().int().min(0).max(7),
      heading: z.boolean(),
      image: z.string(),
      sections: z.array(z.string()),
      tiles: z.array(z.string()),
    }),
  ),
  games: z.array(
    z.object({
      id: z.string().regex(/^[a-z0-9-]{1,60}$/),
      kind: TileKindSchema,
      title: z.string(),
      vendorCode: z.string().nullable(),
      engine: z.enum(['slot', 'crash']).nullable(),
      rtpBasisPoints: z.number().int().min(0).max(10_000).nullable(),
      gameUid: z.string().regex(/^([a-f0-9]{32})?$/),
      image: z.string(),
      clickable: z.boolean(),
      description: z.string().nullable(),
      href: z.string().nullable(),
    }),
  ),
});
export type CatalogFile = z.infer<typeof CatalogFileSchema>;

/** Reads and checks the catalog; the hash names this exact content (seed and ETag use it). */
export function loadCatalogFile(file = CATALOG_FILE): { catalog: CatalogFile; hash: string } {
  const raw = readFileSync(file, 'utf8');
  const catalog = CatalogFileSchema.parse(JSON.parse(raw));
  const vendorCodes = new Set(catalog.vendors.map((v) => v.code));
  const gameIds = new Set(catalog.games.map((g) => g.id));
  // Broken references would only show as missing tiles, so they stop the start instead.
  for (const g of catalog.games) {
    if (g.vendorCode !== null && !vendorCodes.has(g.vendorCode)) throw new Error(`Catalog game ${g.id}: unknown vendor ${g.vendorCode}`);
  }
  for (const c of catalog.categories) {
    for (const id of c.tiles) if (!gameIds.has(id)) throw new Error(`Catalog category ${c.key}: unknown tile ${id}`);
    for (const code of c.sections) if (!vendorCodes.has(code)) throw new Error(`Catalog category ${c.key}: unknown vendor ${code}`);
  }
  return { catalog, hash: createHash('sha256').update(raw).digest('hex') };
}
