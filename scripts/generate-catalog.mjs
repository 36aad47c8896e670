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
// Titles are unique across the whole catalog, not per vendor: Popular and Original mix vendors,
// and "Dragon Coins" twice in one list looked like a bug (decision 261).
const taken = new Set();
for (const v of vendors) {
  for (let i = 0; i < v.games; i++) {
    let title;
    do {
      const [a, b] = words[v.engine];
      title = `${pick(a)} ${pick(b)}`;
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

// Fishing: 19 tiles, not clickable.
const fishNames = ['Fishing King', 'Ocean Hunter', 'Deep Sea Party', 'Shark Bounty', 'Coral Catch', 'Reef Raider', 'Golden Carp', 'Whale Tale', 'Lobster Loot', 'Pearl Diver', 'Octopus Ink', 'Tuna Tornado', 'Marlin Rush', 'Squid Spin', 'Koi Pond', 'Seahorse Star', 'Angler Joy', 'Harbour Haul', 'Jelly Drift'];
const fishing = fishNames.map((title, i) => {
  const id = `fishing-${String(i + 1).padStart(2, '0')}`;
  return { id, kind: 'game', title, vendorCode: null, engine: null, rtpBasisPoints: null, gameUid: '', clickable: false, image: `/games/fishing/${id}.svg`, hue: (190 + i * 9) % 360 };
});

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

// Images: our own vector art, drawn here (nothing downloaded or copied). Each game's picture is
// deterministic from its id (a seeded generator), its motif from its title's words, and its
// background and frame from its vendor's style, so tiles of one vendor look like a family and no
// two tiles are alike. No text in the art: the tile prints the name beside it.
const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const initials = (t) => t.split(/\s+/).filter((w) => /^[A-Za-z0-9]/.test(w)).slice(0, 2).map((w) => w[0].toUpperCase()).join('');
const seedOf = (id) => createHash('sha256').update(`colorplay-art:${id}`).digest().readUInt32LE(0);
const r1 = (x) => Math.round(x * 10) / 10;
function starPoints(cx, cy, outer, inner, points = 5, turn = -90) {
  const out = [];
  for (let i = 0; i < points * 2; i++) {
    const a = ((turn + (i * 180) / points) * Math.PI) / 180;
    const r = i % 2 ? inner : outer;
    out.push(`${r1(cx + r * Math.cos(a))},${r1(cy + r * Math.sin(a))}`);
  }
  return out.join(' ');
}

/** Vendor styles: palette shift, background pattern and frame (one look per vendor). */
const styles = {
  JILI: { bg: 'rays', frame: '#ffd45a' },
  PG: { bg: 'blobs', frame: '#ffffff' },
  JDB: { bg: 'stripes', frame: '#ff6b6b' },
  AG_Electronic: { bg: 'rings', frame: '#f5c542' },
  EVO_Electronic: { bg: 'dots', frame: '#7fd4ff' },
  MG_Fish: { bg: 'waves', frame: '#6ff0e0' },
  EVO_Video: { bg: 'sky', frame: '#9fd3ff' },
  MG_Video: { bg: 'sky', frame: '#e0a8ff' },
  CHESS: { bg: 'checks', frame: '#ffffff' },
  fishing: { bg: 'waves', frame: '#a8f0ff' },
  lottery: { bg: 'rays', frame: '#ffffff' },
  sport: { bg: 'stripes', frame: '#ffffff' },
  rummy: { bg: 'checks', frame: '#ffd45a' },
};

function background(kind, hue, rand) {
  const light = `hsl(${hue} 80% 70% / .22)`;
  switch (kind) {
    case 'rays': {
      let d = '';
      for (let i = 0; i < 12; i++) {
        const a = (i * 30 + rand() * 8) * (Math.PI / 180);
        const b = a + 0.22;
        d += `M50 56L${r1(50 + 90 * Math.cos(a))} ${r1(56 + 90 * Math.sin(a))}L${r1(50 + 90 * Math.cos(b))} ${r1(56 + 90 * Math.sin(b))}Z`;
      }
      return `<path d="${d}" fill="${light}"/>`;
    }
    case 'blobs':
      return [0, 1, 2].map(() => `<circle cx="${r1(rand() * 100)}" cy="${r1(rand() * 120)}" r="${r1(18 + rand() * 22)}" fill="hsl(${(hue + 60 + rand() * 120) % 360} 85% 70% / .25)"/>`).join('');
    case 'stripes': {
      let d = '';
      for (let x = -120; x < 120; x += 16) d += `M${x} 120L${x + 120} 0h7L${x + 7} 120Z`;
      return `<path d="${d}" fill="${light}"/>`;
    }
    case 'rings':
      return [18, 32, 46, 60].map((r) => `<circle cx="50" cy="56" r="${r}" fill="none" stroke="${light}" stroke-width="5"/>`).join('');
    case 'dots': {
      let d = '';
      for (let y = 6; y < 120; y += 12) for (let x = (y / 12) % 2 ? 12 : 6; x < 100; x += 12) d += `M${x} ${y}h.1`;
      return `<path d="${d}" stroke="${light}" stroke-width="4" stroke-linecap="round"/>`;
    }
    case 'waves': {
      let out = '';
      for (let y = 20; y < 120; y += 22) out += `<path d="M0 ${y}q12.5 -8 25 0t25 0t25 0t25 0" fill="none" stroke="${light}" stroke-width="3"/>`;
      for (let i = 0; i < 5; i++) out += `<circle cx="${r1(8 + rand() * 84)}" cy="${r1(8 + rand() * 100)}" r="${r1(1.5 + rand() * 3)}" fill="none" stroke="#fff" stroke-opacity=".5"/>`;
      return out;
    }
    case 'sky': {
      let out = '';
      for (let i = 0; i < 14; i++) out += `<circle cx="${r1(rand() * 100)}" cy="${r1(rand() * 80)}" r="${r1(0.5 + rand() * 1.2)}" fill="#fff" opacity="${r1(0.4 + rand() * 0.6)}"/>`;
      // The crash curve: the multiplier climbing from the bottom left.
      return `${out}<path d="M6 108Q60 104 94 30" fill="none" stroke="hsl(${(hue + 180) % 360} 90% 70%)" stroke-width="3" stroke-linecap="round" opacity=".8"/>`;
    }
    case 'checks': {
      let d = '';
      for (let y = 0; y < 120; y += 20) for (let x = (y / 20) % 2 ? 20 : 0; x < 100; x += 40) d += `M${x} ${y}h20v20h-20Z`;
      return `<path d="${d}" fill="${light}"/>`;
    }
    default:
      return '';
  }
}

/** The picture in the middle, chosen by a word of the title (fallback: by the seed). */
const motifs = {
  cherry: () => `<path d="M40 66Q46 40 62 30M60 66Q58 46 62 30" fill="none" stroke="#3d7a22" stroke-width="3"/><path d="M62 30q14-8 20 2q-12 6-20-2Z" fill="#5bbf3a"/><circle cx="38" cy="72" r="12" fill="#e8243c"/><circle cx="62" cy="72" r="12" fill="#d01c34"/><circle cx="34" cy="68" r="3.5" fill="#fff" opacity=".6"/><circle cx="58" cy="68" r="3.5" fill="#fff" opacity=".6"/>`,
  gem: (h) => `<path d="M30 46L40 34H60L70 46L50 80Z" fill="hsl(${(h + 180) % 360} 85% 62%)"/><path d="M30 46H70L50 80Z" fill="hsl(${(h + 180) % 360} 80% 45%)"/><path d="M40 34L45 46L50 34L55 46L60 34" fill="none" stroke="#fff" stroke-opacity=".7" stroke-width="1.5"/><path d="M45 46L50 80L55 46" fill="none" stroke="#fff" stroke-opacity=".4"/>`,
  coin: () => [80, 72, 64].map((y) => `<ellipse cx="50" cy="${y}" rx="20" ry="7" fill="#c98a12"/><ellipse cx="50" cy="${y - 3}" rx="20" ry="7" fill="#ffcb3d"/>`).join('') + `<circle cx="50" cy="44" r="16" fill="#ffcb3d" stroke="#c98a12" stroke-width="3"/><path d="M50 34v20M44 39h12M44 49h12" stroke="#c98a12" stroke-width="3"/>`,
  seven: () => `<rect x="22" y="34" width="56" height="46" rx="8" fill="#fff" opacity=".92"/><path d="M30 42h16l-8 30h-6l7-24h-9Z M54 42h16l-8 30h-6l7-24h-9Z" fill="#e8243c"/><path d="M22 57h56" stroke="#ddd" stroke-width="1"/>`,
  bell: () => `<path d="M50 30c-12 0-18 10-18 22v12l-6 8h48l-6-8V52c0-12-6-22-18-22Z" fill="#ffcb3d" stroke="#c98a12" stroke-width="2.5"/><circle cx="50" cy="76" r="5" fill="#c98a12"/><circle cx="50" cy="28" r="3" fill="#c98a12"/><path d="M40 46q2-8 8-10" stroke="#fff" stroke-width="3" fill="none" opacity=".6"/>`,
  star: () => `<polygon points="${starPoints(50, 56, 26, 11)}" fill="#ffd45a" stroke="#fff" stroke-width="2" stroke-linejoin="round"/><polygon points="${starPoints(78, 30, 7, 3)}" fill="#fff"/><polygon points="${starPoints(24, 86, 5, 2)}" fill="#fff" opacity=".8"/>`,
  chest: () => `<path d="M26 54h48v26H26Z" fill="#9a5a22"/><path d="M26 54q0-18 24-18t24 18Z" fill="#b86e2c"/><path d="M26 54h48M26 64h48" stroke="#ffcb3d" stroke-width="3"/><rect x="45" y="58" width="10" height="12" rx="2" fill="#ffcb3d"/><circle cx="36" cy="40" r="3" fill="#fff" opacity=".8"/><circle cx="66" cy="36" r="2" fill="#fff" opacity=".8"/>`,
  lotus: (h) => [-50, -25, 0, 25, 50].map((a) => `<ellipse cx="50" cy="54" rx="8" ry="20" fill="hsl(${(h + 300) % 360} 75% ${a === 0 ? 72 : 62}%)" transform="rotate(${a} 50 74)"/>`).join('') + `<path d="M28 76q22 8 44 0" stroke="#3d7a22" stroke-width="3" fill="none"/>`,
  crown: () => `<path d="M26 72L22 40L38 54L50 32L62 54L78 40L74 72Z" fill="#ffcb3d" stroke="#c98a12" stroke-width="2.5" stroke-linejoin="round"/><rect x="26" y="72" width="48" height="8" rx="2" fill="#c98a12"/><circle cx="50" cy="62" r="5" fill="#e8243c"/><circle cx="36" cy="64" r="3" fill="#2aa7ff"/><circle cx="64" cy="64" r="3" fill="#2aa7ff"/>`,
  rocket: (h) => `<g transform="rotate(35 50 58)"><path d="M50 26c10 10 12 26 10 40H40c-2-14 0-30 10-40Z" fill="#f3f3fb"/><circle cx="50" cy="46" r="6" fill="hsl(${(h + 180) % 360} 80% 55%)" stroke="#9aa" stroke-width="2"/><path d="M40 58l-8 12h9ZM60 58l8 12h-9Z" fill="#e8243c"/><path d="M44 66h12l-6 16Z" fill="#ffb020"/></g>`,
  balloon: (h) => `<ellipse cx="50" cy="46" rx="20" ry="23" fill="hsl(${(h + 150) % 360} 80% 58%)"/><path d="M36 40q14-16 28 0" stroke="#fff" stroke-width="3" fill="none" opacity=".5"/><path d="M44 68h12l-2 6h-8Z" fill="#fff" opacity=".8"/><rect x="43" y="76" width="14" height="9" rx="2" fill="#9a5a22"/>`,
  kite: (h) => `<path d="M50 26L70 50L50 84L30 50Z" fill="hsl(${(h + 160) % 360} 85% 58%)"/><path d="M50 26V84M30 50H70" stroke="#fff" stroke-width="1.5" opacity=".7"/><path d="M50 84q-6 8 0 14t0 14" stroke="#fff" fill="none" stroke-width="1.5"/>`,
  plane: () => `<path d="M20 64l60-22q6-2 6 3l-40 25-22 6Z" fill="#f3f3fb"/><path d="M46 54l-10-16h7l16 12ZM40 70l-4 12h6l8-15Z" fill="#9fb3c8"/>`,
  fish: (h) => `<path d="M26 58q18-22 42 0q-24 22-42 0Z" fill="hsl(${(h + 30) % 360} 90% 60%)"/><path d="M68 58l12-12v24Z" fill="hsl(${(h + 30) % 360} 80% 48%)"/><circle cx="36" cy="55" r="3.5" fill="#fff"/><circle cx="35.5" cy="55" r="1.8" fill="#111"/><path d="M48 46q4 12 0 24" stroke="#fff" stroke-opacity=".5" stroke-width="2" fill="none"/>`,
  ball: () => `<circle cx="50" cy="56" r="22" fill="#f3f3fb"/><polygon points="${starPoints(50, 56, 8, 8, 5)}" fill="#222"/><path d="M50 34v14M30 50l12 2M70 50l-12 2M36 74l8-10M64 74l-8-10" stroke="#222" stroke-width="2"/>`,
  cards: () => `<rect x="26" y="34" width="30" height="42" rx="4" fill="#fff" transform="rotate(-12 41 55)"/><rect x="44" y="34" width="30" height="42" rx="4" fill="#fff" transform="rotate(10 59 55)"/><path d="M59 48c-4-6-12 0-6 6l6 6 6-6c6-6-2-12-6-6Z" fill="#e8243c" transform="rotate(10 59 55)"/>`,
  balls: () => [['#1fbf75', 34, 50], ['#f0455a', 62, 48], ['#9a5cff', 48, 74]].map(([c, x, y]) => `<circle cx="${x}" cy="${y}" r="13" fill="${c}"/><circle cx="${x - 4}" cy="${y - 4}" r="4" fill="#fff" opacity=".5"/>`).join(''),
  dice: () => `<rect x="26" y="40" width="28" height="28" rx="6" fill="#fff" transform="rotate(-10 40 54)"/><rect x="48" y="48" width="28" height="28" rx="6" fill="#f3f3fb" transform="rotate(12 62 62)"/>` + [[34, 48], [40, 54], [46, 60]].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="2.6" fill="#e8243c" transform="rotate(-10 40 54)"/>`).join('') + [[56, 56], [68, 56], [56, 68], [68, 68]].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="2.6" fill="#222" transform="rotate(12 62 62)"/>`).join(''),
  knight: () => `<path d="M36 82h30v-6c0-10-6-14-4-26 2-10-6-18-16-18l-2-4-4 6c-6 4-10 10-10 16l8 2 8-4c-2 8-12 12-12 22v12Z" fill="#f3f3fb" stroke="#222" stroke-width="2"/><circle cx="46" cy="42" r="2" fill="#222"/><rect x="32" y="82" width="38" height="6" rx="2" fill="#f3f3fb" stroke="#222" stroke-width="2"/>`,
};
const motifByWord = {
  Fruits: 'cherry', Harvest: 'cherry', Garden: 'lotus', Lotus: 'lotus', Gems: 'gem', Crystal: 'gem', Vault: 'chest',
  Coins: 'coin', Riches: 'coin', Golden: 'coin', Fortune: 'coin', Sevens: 'seven', Reels: 'seven', Bells: 'bell',
  Stars: 'star', Cosmic: 'star', Treasure: 'chest', Temple: 'chest', Royal: 'crown', Party: 'star', Rush: 'seven',
  Rocket: 'rocket', Comet: 'rocket', Lunar: 'rocket', Orbit: 'rocket', Meteor: 'rocket', Turbo: 'rocket',
  Jet: 'plane', Aero: 'plane', Falcon: 'plane', Sky: 'plane', Balloon: 'balloon', Kite: 'kite',
};
function motifFor(g, group, rand) {
  if (group === 'fishing' || g.vendorCode === 'MG_Fish') return 'fish';
  if (group === 'sport') return 'ball';
  if (group === 'rummy') return 'cards';
  if (group === 'lottery') return g.id === 'lottery-k3' ? 'dice' : 'balls';
  if (g.vendorCode === 'CHESS') return 'knight';
  const words = g.title.replace(/\(.*\)/, '').trim().split(/\s+/).reverse();
  for (const w of words) if (motifByWord[w]) return motifByWord[w];
  const pool = g.engine === 'crash' ? ['rocket', 'plane', 'balloon', 'kite'] : ['cherry', 'gem', 'coin', 'seven', 'bell', 'star', 'chest', 'crown'];
  return pool[Math.floor(rand() * pool.length)];
}

function artSvg(g) {
  const group = g.vendorCode ?? g.image.split('/')[2];
  const style = styles[group] ?? styles.lottery;
  const rand = rng(seedOf(g.id));
  const hue = g.hue;
  const c1 = `hsl(${hue} 72% ${group === 'EVO_Video' || group === 'MG_Video' ? 22 : 46}%)`;
  const c2 = `hsl(${(hue + 35 + Math.floor(rand() * 30)) % 360} 78% ${group === 'EVO_Video' || group === 'MG_Video' ? 12 : 26}%)`;
  const motif = motifs[motifFor(g, group, rand)](hue);
  const tilt = r1((rand() - 0.5) * 14);
  const scale = r1(0.95 + rand() * 0.15);
  const grey = g.gameUid === '' && g.kind === 'game' && g.vendorCode ? ' filter="url(#m)"' : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 120"><defs><linearGradient id="g" x1="0" y1="0" x2="0.6" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient><radialGradient id="l" cx=".5" cy=".45" r=".5"><stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient><clipPath id="c"><rect width="100" height="120" rx="12"/></clipPath><filter id="m"><feColorMatrix type="saturate" values="0.15"/></filter></defs><g clip-path="url(#c)"${grey}><rect width="100" height="120" fill="url(#g)"/>${background(style.bg, hue, rand)}<circle cx="50" cy="56" r="34" fill="url(#l)"/><g transform="rotate(${tilt} 50 56) translate(50 56) scale(${scale}) translate(-50 -56)">${motif}</g><rect x="0" y="96" width="100" height="24" fill="#000" opacity=".22"/></g><rect x="2" y="2" width="96" height="116" rx="11" fill="none" stroke="${style.frame}" stroke-opacity=".55" stroke-width="2.5"/></svg>\n`;
}

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
  writeFileSync(file, artSvg(g));
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
