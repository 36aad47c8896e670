#!/usr/bin/env node
// Writes the game catalog (catalog/games.json) and its images (apps/web/public/games/...): our
// own small SVGs, no downloaded art. The catalog matches product-spec sections 2 and 9 exactly
// (18 popular, 4 lottery cards, 6 per casino or slot section, 5 sports and 2 rummy vendor tiles,
// 18 original, 19 fishing) and gives every game its configured return to player, which the demo
// vendor's engines are tested against. Deterministic: running it again writes the same bytes.
// Run after changing the design: node scripts/generate-catalog.mjs
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const imagesDir = path.join(root, 'apps/web/public/games');

// A small seeded generator (mulberry32) so titles and RTPs are stable across runs.
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = rng(20261123);
const pick = (list) => list[Math.floor(random() * list.length)];

/** The spec's game_uid: a hashed identifier string (32 hex characters). */
const uidOf = (id) => createHash('sha256').update(`colorplay-catalog:${id}`).digest('hex').slice(0, 32);

// Vendors (spec section 2). `provider` is the integration that serves the games and signs wallet
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
  slot: [
    ['Golden', 'Lucky', 'Mega', 'Royal', 'Super', 'Wild', 'Fortune', 'Dragon', 'Jungle', 'Cosmic', 'Ocean', 'Lotus', 'Tiger', 'Sunny', 'Crystal'],
    ['Fruits', 'Gems', 'Coins', 'Reels', 'Treasure', 'Bells', 'Stars', 'Sevens', 'Riches', 'Temple', 'Party', 'Garden', 'Harvest', 'Rush', 'Vault'],
  ],
  crash: [
    ['Rocket', 'Jet', 'Comet', 'Sky', 'Turbo', 'Aero', 'Lunar', 'Orbit', 'Falcon', 'Balloon', 'Kite', 'Meteor'],
    ['Climb', 'Flight', 'Launch', 'Rise', 'Dash', 'Soar', 'Boost', 'Ascent', 'Run', 'Drift'],
  ],
};

const games = [];
const taken = new Set();
for (const v of vendors) {
  for (let i = 0; i < v.games; i++) {
    let title;
    do {
      const [a, b] = words[v.engine];
      title = `${pick(a)} ${pick(b)}`;
    } while (taken.has(`${v.code}:${title}`));
    taken.add(`${v.code}:${title}`);
    const id = `${v.code.toLowerCase().replace(/_/g, '-')}-${String(i + 1).padStart(2, '0')}`;
    // RTP in basis points, 96.00% to 98.00% (spec section 9: "about 96 to 98 percent").
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
      hue: (v.hue + i * 17) % 360,
    });
  }
}
// One AG_Electronic tile has no game id: it is under maintenance (spec section 3).
const maintenance = games.find((g) => g.vendorCode === 'AG_Electronic' && g.id.endsWith('-04'));
maintenance.gameUid = '';
maintenance.title = `${maintenance.title} (maintenance)`;

// Fishing: 19 tiles, not clickable (spec section 2).
const fishNames = ['Fishing King', 'Ocean Hunter', 'Deep Sea Party', 'Shark Bounty', 'Coral Catch', 'Reef Raider', 'Golden Carp', 'Whale Tale', 'Lobster Loot', 'Pearl Diver', 'Octopus Ink', 'Tuna Tornado', 'Marlin Rush', 'Squid Spin', 'Koi Pond', 'Seahorse Star', 'Angler Joy', 'Harbour Haul', 'Jelly Drift'];
const fishing = fishNames.map((title, i) => {
  const id = `fishing-${String(i + 1).padStart(2, '0')}`;
  return { id, kind: 'game', title, vendorCode: null, engine: null, rtpBasisPoints: null, gameUid: '', clickable: false, image: `/games/fishing/${id}.svg`, hue: (190 + i * 9) % 360 };
});

// Lottery: four info cards with the spec's texts; Win Go leads to the Wingo screen.
const lottery = [
  { id: 'lottery-wingo', title: 'Win Go', description: 'Guess Number\nGreen/Red/Violet to win', href: '/home/AllLotteryGames/Wingo', hue: 140 },
  { id: 'lottery-k3', title: 'K3', description: 'Guess Number\nBig/Small/Odd/Even', href: null, hue: 20 },
  { id: 'lottery-5d', title: '5D', description: 'Guess Number\nBig/Small/Odd/Even', href: null, hue: 260 },
  { id: 'lottery-trxwin', title: 'Trx Win', description: 'Guess Number\nGreen/Red/Violet to win', href: null, hue: 0 },
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
  { key: 'fishing', title: 'Fishing', tab: 6, heading: false, tiles: fishing.map((g) => g.id), sections: [] },
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

// Images: a rounded card with the title's initials, in the game's own colour.
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
  writeFileSync(file, tileSvg(g.title, g.hue, n++));
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
