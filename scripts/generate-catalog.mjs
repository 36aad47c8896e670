#!/usr/bin/env node
// Writes the game catalog (catalog/games.json) and its images (apps/web/public/games/...): our
// own small SVGs, no downloaded art. The catalog matches the lobby exactly
// (18 popular, 4 lottery cards, 6 per casino or slot section, 5 sports and 2 rummy vendor tiles,
// 18 original, 19 fishing) and gives every game its configured return to player, which the demo
// vendor's engines are tested against. Deterministic: running it again writes the same bytes.
// Run after changing the design: node scripts/generate-catalog.mjs
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { artSvg, CRASH_CRAFT, CRASH_CURVE, FISH_CREATURE, FISH_SCENE, rng, SLOT_SYMBOL, SLOT_THEME } from './catalog-art.mjs';

const root = path.resolve(import.meta.dirname, '..');
const imagesDir = path.join(root, 'apps/web/public/games');

// Titles and RTPs come from the art module's seeded generator, so they are stable across runs.
const random = rng(20261123);
const pick = (list) => list[Math.floor(random() * list.length)];

/** The spec's game_uid: a hashed identifier string (32 hex characters). */
const uidOf = (id) => createHash('sha256').update(`colorplay-catalog:${id}`).digest('hex').slice(0, 32);

// Vendors. `provider` is the integration that serves the games and signs wallet
// calls: every launchable game here is served by the demo vendor (decision 112).
const vendors = [
  { code: 'EVO_Video', title: 'EVO Video', type: 'casino', tab: 0, engine: 'crash', games: 20, hue: 200 },
  { code: 'MG_Video', title: 'MG Video', type: 'casino', tab: 3, engine: 'crash', games: 15, hue: 280 },
  { code: 'JILI', title: 'JILI', type: 'slot', tab: 0, engine: 'slot', games: 30, hue: 30 },
  { code: 'PG', title: 'PG', type: 'slot', tab: 1, engine: 'slot', games: 24, hue: 140 },
  { code: 'JDB', title: 'JDB', type: 'slot', tab: 2, engine: 'slot', games: 18, hue: 0 },
  { code: 'AG_Electronic', title: 'AG Electronic', type: 'slot', tab: 5, engine: 'slot', games: 14, hue: 50 },
  { code: 'EVO_Electronic', title: 'EVO Electronic', type: 'slot', tab: 6, engine: 'slot', games: 16, hue: 220 },
  // The one vendor in transfer mode (decision 113): launching moves the main balance into the
  // player's sub-account for it, and transfer-to-main-wallet sweeps it back.
  { code: 'MG_Fish', title: 'MG Fish', type: 'slot', tab: 8, engine: 'slot', games: 12, hue: 180, walletMode: 'transfer' },
  { code: 'CHESS', title: 'Chess', type: null, tab: null, engine: 'crash', games: 9, hue: 330 },
];

const words = {
  slot: [Object.keys(SLOT_THEME), Object.keys(SLOT_SYMBOL)],
  crash: [Object.keys(CRASH_CRAFT), Object.keys(CRASH_CURVE)],
  fish: [Object.keys(FISH_CREATURE), Object.keys(FISH_SCENE)],
};
// The word that picks a tile's main drawing (catalog-art.mjs) goes round its list, starting at
// the vendor's `cycle` offset, so a vendor's first tiles (its lobby section) and the runs that
// Popular and Original take from it all show different drawings (decision 477): a slot's symbol
// is its second word, a crash game's craft and a fish game's creature its first.
const mainWord = { slot: 1, crash: 0, fish: 0 };
const cycle = { JILI: 0, PG: 3, JDB: 6, EVO_Electronic: 9, AG_Electronic: 12, EVO_Video: 0, MG_Video: 4, CHESS: 0, MG_Fish: 0 };
const themeOf = (v) => (v.code === 'MG_Fish' ? 'fish' : v.engine);

const games = [];
// Titles are unique across the whole catalog, not per vendor: Popular and Original mix vendors,
// and "Dragon Coins" twice in one list looked like a bug (decision 261).
const taken = new Set();
for (const v of vendors) {
  const theme = themeOf(v);
  const lists = words[theme];
  const main = lists[mainWord[theme]];
  const other = lists[1 - mainWord[theme]];
  for (let i = 0; i < v.games; i++) {
    let title;
    const fixed = main[(cycle[v.code] + i) % main.length];
    do {
      const parts = [fixed, pick(other)];
      title = (mainWord[theme] === 0 ? parts : parts.reverse()).join(' ');
    } while (taken.has(title));
    taken.add(title);
    const id = `${v.code.toLowerCase().replace(/_/g, '-')}-${String(i + 1).padStart(2, '0')}`;
    // RTP in basis points, 96.00% to 98.00% ("about 96 to 98 percent", decision 110).
    const rtpBasisPoints = 9600 + Math.floor(random() * 201);
    games.push({
      id,
      kind: 'game',
      title,
      vendorCode: v.code,
      engine: v.engine,
      rtpBasisPoints,
      gameUid: uidOf(id),
      image: `/games/${v.code}/${id}.svg`,
      // Honest labels: the "video" casino vendors and Chess serve crash games from the demo
      // vendor, not a live dealer, so their tiles say what they are (decision 261).
      description: v.engine === 'crash' ? 'Crash game' : null,
      hue: (v.hue + i * 17) % 360,
    });
  }
}
// One AG_Electronic tile has no game id: it is under maintenance.
const maintenance = games.find((g) => g.vendorCode === 'AG_Electronic' && g.id.endsWith('-04'));
maintenance.gameUid = '';
maintenance.title = `${maintenance.title} (maintenance)`;

// Fishing: 19 tiles, MG Fish's 12 playable fish games first, then 7 not playable yet ("Coming
// soon"), with titles from the same words so their art is drawn alike (decision 477).
const FISHING_TILES = 19;
const fishing = [];
for (let i = 0; fishing.length < FISHING_TILES - byVendorCount('MG_Fish'); i++) {
  const [creatures, scenes] = words.fish;
  const title = `${creatures[(i + 4) % creatures.length]} ${scenes[(i * 3 + 1) % scenes.length]}`;
  if (taken.has(title)) continue;
  taken.add(title);
  const id = `fishing-${String(fishing.length + 1).padStart(2, '0')}`;
  fishing.push({ id, kind: 'game', title, vendorCode: null, engine: null, rtpBasisPoints: null, gameUid: '', clickable: false, image: `/games/fishing/${id}.svg`, hue: (190 + i * 9) % 360 });
}
function byVendorCount(code) {
  return games.filter((g) => g.vendorCode === code).length;
}

// Lottery: four info cards with the spec's texts; each leads to its game's screen (decisions 345, 355).
const lottery = [
  { id: 'lottery-wingo', title: 'Win Go', description: 'Guess Number\nGreen/Red/Violet to win', href: '/home/AllLotteryGames/Wingo', hue: 140 },
  { id: 'lottery-k3', title: 'K3', description: 'Guess Number\nBig/Small/Odd/Even', href: '/home/AllLotteryGames/K3', hue: 20 },
  { id: 'lottery-5d', title: '5D', description: 'Guess Number\nBig/Small/Odd/Even', href: '/home/AllLotteryGames/5D', hue: 260 },
  { id: 'lottery-trxwin', title: 'Trx Win', description: 'Guess Number\nGreen/Red/Violet to win', href: '/home/AllLotteryGames/TrxWin', hue: 0 },
].map((c) => ({ ...c, kind: 'info', vendorCode: null, engine: null, rtpBasisPoints: null, gameUid: '', clickable: c.href !== null, image: `/games/lottery/${c.id}.svg` }));

// Sports and rummy: vendor tiles that do nothing on tap.
const vendorTile = (group, title, i, hue) => ({
  id: `${group}-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
  kind: 'vendor', title, vendorCode: null, engine: null, rtpBasisPoints: null, gameUid: '', clickable: false,
  image: `/games/${group}/${group}-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.svg`, hue: (hue + i * 40) % 360,
});
const sports = ['Cricket', 'CMD', 'Saba', 'IM', 'AG'].map((t, i) => vendorTile('sport', t, i, 100));
const rummy = ['365 Rummy', 'V8 Poker'].map((t, i) => vendorTile('rummy', t, i, 300));

const byVendor = (code) => games.filter((g) => g.vendorCode === code);
// Popular: 18 games, three from each slot vendor's list (not the maintenance one).
const popular = ['JILI', 'PG', 'JDB', 'EVO_Electronic', 'MG_Fish', 'EVO_Video'].flatMap((code) =>
  byVendor(code).filter((g) => g.gameUid !== '').slice(6, 9),
);
// Original: 18 chess and JILI tiles that launch games.
const original = [...byVendor('CHESS'), ...byVendor('JILI').slice(9, 18)];

const sectionOf = (codes) => codes.map((code) => ({ vendorCode: code, games: byVendor(code).slice(0, 6).map((g) => g.id) }));

const categories = [
  { key: 'popular', title: 'Popular', tab: 0, heading: true, tiles: popular.map((g) => g.id), sections: [] },
  { key: 'lottery', title: 'Lottery', tab: 1, heading: true, tiles: lottery.map((g) => g.id), sections: [] },
  { key: 'casino', title: 'Casino', tab: 2, heading: false, sections: sectionOf(['EVO_Video', 'MG_Video']) },
  { key: 'slots', title: 'Slots', tab: 3, heading: false, sections: sectionOf(['JILI', 'PG', 'JDB', 'AG_Electronic', 'EVO_Electronic', 'MG_Fish']) },
  { key: 'sport', title: 'Sports', tab: 4, heading: false, tiles: sports.map((g) => g.id), sections: [] },
  { key: 'rummy', title: 'Rummy', tab: 5, heading: false, tiles: rummy.map((g) => g.id), sections: [] },
  { key: 'fishing', title: 'Fishing', tab: 6, heading: false, tiles: [...byVendor('MG_Fish'), ...fishing].map((g) => g.id), sections: [] },
  { key: 'original', title: 'Original', tab: 7, heading: false, tiles: original.map((g) => g.id), sections: [] },
].map((c) => ({
  key: c.key,
  title: c.title,
  tab: c.tab,
  heading: c.heading,
  image: `/games/categories/${c.key}.svg`,
  sections: c.sections.map((s) => s.vendorCode),
  tiles: c.tiles ?? c.sections.flatMap((s) => s.games),
}));

const all = [...games, ...fishing, ...lottery, ...sports, ...rummy];
const strip = ({ hue: _hue, ...rest }) => ({ clickable: true, description: null, href: null, ...rest });
const catalog = {
  $comment: 'Generated by scripts/generate-catalog.mjs; the server seeds its database from this file on start.',
  version: 1,
  providers: [{ code: 'demo', title: 'Demo vendor (sandbox)' }],
  vendors: vendors.map((v) => ({
    code: v.code,
    title: v.title,
    type: v.type,
    tab: v.tab,
    provider: 'demo',
    walletMode: v.walletMode ?? 'seamless',
    image: `/games/vendors/${v.code}.svg`,
  })),
  categories,
  games: all.map(strip),
};
mkdirSync(path.join(root, 'catalog'), { recursive: true });
writeFileSync(path.join(root, 'catalog/games.json'), `${JSON.stringify(catalog, null, 2)}\n`);

// Images: our own vector art, drawn by scripts/catalog-art.mjs from each tile's title and kind
// (decision 477); vendor and category tiles keep their lettered badges.
const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const initials = (t) => t.split(/\s+/).filter((w) => /^[A-Za-z0-9]/.test(w)).slice(0, 2).map((w) => w[0].toUpperCase()).join('');

function tileSvg(title, hue, shape) {
  const c1 = `hsl(${hue} 70% 48%)`;
  const c2 = `hsl(${(hue + 40) % 360} 75% 32%)`;
  const shapes = [
    '<circle cx="80" cy="26" r="16" fill="#fff" opacity=".18"/>',
    '<path d="M0 90 L100 60 V120 H0Z" fill="#fff" opacity=".14"/>',
    '<rect x="62" y="8" width="30" height="30" rx="8" fill="#fff" opacity=".16" transform="rotate(18 77 23)"/>',
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 120" role="img" aria-label="${esc(title)}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient></defs><rect width="100" height="120" rx="12" fill="url(#g)"/>${shapes[shape % 3]}<text x="50" y="68" text-anchor="middle" font-family="Arial,sans-serif" font-size="30" font-weight="700" fill="#fff">${esc(initials(title))}</text><text x="50" y="104" text-anchor="middle" font-family="Arial,sans-serif" font-size="10" fill="#fff">${esc(title.slice(0, 18))}</text></svg>\n`;
}
let n = 0;
for (const g of all) {
  const file = path.join(root, 'apps/web/public', g.image);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, artSvg(g, g.hue));
}
for (const v of vendors) {
  const file = path.join(imagesDir, 'vendors', `${v.code}.svg`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, tileSvg(v.title, v.hue, n++));
}
for (const [i, c] of categories.entries()) {
  const file = path.join(imagesDir, 'categories', `${c.key}.svg`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, tileSvg(c.title, (i * 45) % 360, i));
}
console.log(`catalog: ${all.length} tiles, ${vendors.length} vendors, ${categories.length} categories`);
