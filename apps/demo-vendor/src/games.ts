import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The vendor's own game list. The demo vendor shares the operator's checked-in catalog file as the
 * agreed list of games (as a real vendor and operator share a game list), and takes from it only
 * what a vendor would know: each game's id, title, engine and configured RTP.
 */
export type VendorGame = { gameUid: string; title: string; vendorCode: string; engine: 'slot' | 'crash'; rtpBasisPoints: number };

type CatalogGame = { gameUid: string; title: string; vendorCode: string | null; engine: 'slot' | 'crash' | null; rtpBasisPoints: number | null };

export function loadVendorGames(file = path.resolve(import.meta.dirname, '../../../catalog/games.json')): Map<string, VendorGame> {
  const catalog = JSON.parse(readFileSync(file, 'utf8')) as { games: CatalogGame[] };
  const games = new Map<string, VendorGame>();
  for (const g of catalog.games) {
    if (!g.gameUid || !g.engine || g.rtpBasisPoints === null || !g.vendorCode) continue;
    games.set(g.gameUid, { gameUid: g.gameUid, title: g.title, vendorCode: g.vendorCode, engine: g.engine, rtpBasisPoints: g.rtpBasisPoints });
  }
  return games;
}
