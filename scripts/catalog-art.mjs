// The lobby's game art (decision 477): our own small SVGs, drawn here from each tile's title and
// kind. A picture is two drawings chosen from the title's words, each with its own shape: the
// main drawing (a slot's symbol, a crash game's craft, a fish game's creature, a sport's ball)
// and an accent (a slot's theme badge, a crash game's flight curve, a fish game's scene). Colours
// vary with the id, but colour is not what tells two tiles apart: two tiles are "alike" when
// they have the same drawing id and parameters (`artSpecOf`), and scripts/catalog-art.test.ts
// checks that no lobby section holds two alike tiles. No text in the art: the tile prints the
// name beside it. Deterministic: the same catalog gives the same bytes.
import { createHash } from 'node:crypto';

/** Title words of the generated catalog, each mapped to exactly one drawing (injective maps). */
export const SLOT_SYMBOL = {
  Fruits: 'cherry', Gems: 'gem', Coins: 'coins', Reels: 'reels', Treasure: 'chest', Bells: 'bell', Stars: 'star', Sevens: 'seven',
  Riches: 'moneybag', Temple: 'temple', Party: 'confetti', Garden: 'flower', Harvest: 'wheat', Rush: 'bolt', Vault: 'safe',
};
export const SLOT_THEME = {
  Golden: 'sparkle', Lucky: 'clover', Mega: 'burst', Royal: 'crown', Super: 'shield', Wild: 'paw', Fortune: 'horseshoe', Dragon: 'flame',
  Jungle: 'leaf', Cosmic: 'planet', Ocean: 'wave', Lotus: 'petal', Tiger: 'stripes', Sunny: 'sun', Crystal: 'diamond',
};
export const CRASH_CRAFT = {
  Rocket: 'rocket', Jet: 'jet', Comet: 'comet', Sky: 'parachute', Turbo: 'turbo', Aero: 'paper-plane', Lunar: 'lander', Orbit: 'satellite',
  Falcon: 'falcon', Balloon: 'balloon', Kite: 'kite', Meteor: 'meteor',
};
export const CRASH_CURVE = {
  Climb: 'steep', Flight: 'gentle', Launch: 'vertical', Rise: 's-curve', Dash: 'low', Soar: 'arc', Boost: 'steps', Ascent: 'zigzag', Run: 'straight', Drift: 'wavy',
};
export const FISH_CREATURE = { Shark: 'shark', Octopus: 'octopus', Crab: 'crab', Whale: 'whale', Jelly: 'jellyfish', Turtle: 'turtle', Puffer: 'puffer', Koi: 'koi' };
export const FISH_SCENE = { Hunter: 'harpoon', Bounty: 'coins', Reef: 'coral', Party: 'bubbles', King: 'crown', Deep: 'lamp', Storm: 'bolt', Pearl: 'pearl' };
export const SPORT_BALL = { Cricket: 'cricket', CMD: 'football', Saba: 'basketball', IM: 'tennis', AG: 'hockey' };
export const RUMMY_DRAWING = { '365 Rummy': 'fan', 'V8 Poker': 'chips' };
export const LOTTERY_DRAWING = { 'lottery-wingo': 'colour-balls', 'lottery-k3': 'dice', 'lottery-5d': 'five-digits', 'lottery-trxwin': 'block-chain' };

/**
 * What a tile's picture is made of: the drawing ids and their parameters, from its title and
 * kind. Two tiles with equal specs look alike (only their colours may differ).
 */
export function artSpecOf(g) {
  const group = g.vendorCode ?? g.image.split('/')[2];
  const words = g.title.replace(/\s*\(.*\)\s*$/, '').split(/\s+/);
  const [first, second] = words;
  if (group === 'lottery') return need({ drawing: LOTTERY_DRAWING[g.id] }, g);
  if (group === 'sport') return need({ drawing: 'sport-ball', sport: SPORT_BALL[g.title] }, g);
  if (group === 'rummy') return need({ drawing: RUMMY_DRAWING[g.title] }, g);
  if (group === 'fishing' || g.vendorCode === 'MG_Fish') return need({ drawing: FISH_CREATURE[first], scene: FISH_SCENE[second] }, g);
  if (g.engine === 'crash') return need({ drawing: CRASH_CRAFT[first], curve: CRASH_CURVE[second] }, g);
  return need({ drawing: SLOT_SYMBOL[second], theme: SLOT_THEME[first] }, g);
}

function need(spec, g) {
  for (const [k, v] of Object.entries(spec)) if (!v) throw new Error(`catalog-art: no ${k} for "${g.title}" (${g.id})`);
  return spec;
}

/** The key two tiles are compared by: alike when equal. */
export const artKey = (spec) => JSON.stringify(spec);

const seedOf = (id) => createHash('sha256').update(`colorplay-art:${id}`).digest().readUInt32LE(0);
/** A small seeded generator (mulberry32): the same drawings and catalog on every run. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
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
const GOLD = '#ffcb3d';
const GOLD_DARK = '#c98a12';
const RED = '#e8243c';
const WHITE = '#f3f3fb';

/** Main drawings, centred on (50, 56) in a 100 x 120 box; `h` is the tile's hue. */
const drawings = {
  // Slot symbols.
  cherry: () => `<path d="M40 66Q46 40 62 30M60 66Q58 46 62 30" fill="none" stroke="#3d7a22" stroke-width="3"/><path d="M62 30q14-8 20 2q-12 6-20-2Z" fill="#5bbf3a"/><circle cx="38" cy="72" r="12" fill="${RED}"/><circle cx="62" cy="72" r="12" fill="#d01c34"/><circle cx="34" cy="68" r="3.5" fill="#fff" opacity=".6"/><circle cx="58" cy="68" r="3.5" fill="#fff" opacity=".6"/>`,
  gem: (h) => `<path d="M30 46L40 34H60L70 46L50 80Z" fill="hsl(${(h + 180) % 360} 85% 62%)"/><path d="M30 46H70L50 80Z" fill="hsl(${(h + 180) % 360} 80% 45%)"/><path d="M40 34L45 46L50 34L55 46L60 34" fill="none" stroke="#fff" stroke-opacity=".7" stroke-width="1.5"/><path d="M45 46L50 80L55 46" fill="none" stroke="#fff" stroke-opacity=".4"/>`,
  coins: () => [80, 72, 64].map((y) => `<ellipse cx="44" cy="${y}" rx="18" ry="6" fill="${GOLD_DARK}"/><ellipse cx="44" cy="${y - 3}" rx="18" ry="6" fill="${GOLD}"/>`).join('') + `<circle cx="64" cy="50" r="15" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="3"/><path d="M59 43h10M59 48h10M62 43q8 0 0 10l7 6" stroke="${GOLD_DARK}" stroke-width="2.5" fill="none"/>`,
  reels: () => `<rect x="18" y="36" width="64" height="40" rx="6" fill="#2b1d4a" stroke="${GOLD}" stroke-width="3"/>` + [26, 44, 62].map((x, i) => `<rect x="${x}" y="42" width="12" height="28" rx="2" fill="${WHITE}"/><circle cx="${x + 6}" cy="56" r="4" fill="${[RED, '#1fbf75', '#2aa7ff'][i]}"/>`).join('') + `<path d="M84 40v22" stroke="${GOLD_DARK}" stroke-width="3"/><circle cx="84" cy="38" r="4" fill="${RED}"/>`,
  chest: () => `<path d="M26 54h48v26H26Z" fill="#9a5a22"/><path d="M26 54q0-18 24-18t24 18Z" fill="#b86e2c"/><path d="M26 54h48M26 64h48" stroke="${GOLD}" stroke-width="3"/><rect x="45" y="58" width="10" height="12" rx="2" fill="${GOLD}"/>`,
  bell: () => `<path d="M50 30c-12 0-18 10-18 22v12l-6 8h48l-6-8V52c0-12-6-22-18-22Z" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="2.5"/><circle cx="50" cy="76" r="5" fill="${GOLD_DARK}"/><circle cx="50" cy="28" r="3" fill="${GOLD_DARK}"/><path d="M40 46q2-8 8-10" stroke="#fff" stroke-width="3" fill="none" opacity=".6"/>`,
  star: () => `<polygon points="${starPoints(50, 58, 26, 11)}" fill="#ffd45a" stroke="#fff" stroke-width="2" stroke-linejoin="round"/><polygon points="${starPoints(26, 84, 5, 2)}" fill="#fff" opacity=".8"/>`,
  seven: () => `<rect x="22" y="34" width="56" height="46" rx="8" fill="#fff" opacity=".92"/><path d="M30 42h16l-8 30h-6l7-24h-9Z M54 42h16l-8 30h-6l7-24h-9Z" fill="${RED}"/>`,
  moneybag: () => `<path d="M42 38h16l-4 8q20 8 18 26q-2 10-22 10t-22-10q-2-18 18-26Z" fill="#c9a063" stroke="#8a6432" stroke-width="2.5"/><path d="M42 38l-4-6h24l-4 6" fill="#8a6432"/><circle cx="50" cy="64" r="9" fill="${GOLD}"/><path d="M47 60h6M47 64h6" stroke="${GOLD_DARK}" stroke-width="2"/>`,
  temple: () => `<path d="M50 26L76 44H24Z" fill="${GOLD}"/><rect x="28" y="44" width="44" height="4" fill="${GOLD_DARK}"/>` + [31, 43, 55, 65].map((x) => `<rect x="${x}" y="48" width="5" height="26" fill="${WHITE}"/>`).join('') + `<rect x="24" y="74" width="52" height="8" rx="1" fill="${GOLD_DARK}"/>`,
  confetti: (h) => `<path d="M30 82L44 40L62 66Z" fill="hsl(${(h + 200) % 360} 80% 58%)"/><path d="M44 40L62 66" stroke="#fff" stroke-width="2"/>` + [[58, 34, RED], [70, 44, GOLD], [66, 28, '#1fbf75'], [76, 58, '#2aa7ff'], [54, 48, '#fff']].map(([x, y, c]) => `<rect x="${x}" y="${y}" width="5" height="3" fill="${c}" transform="rotate(${x} ${x} ${y})"/>`).join(''),
  flower: (h) => [0, 72, 144, 216, 288].map((a) => `<ellipse cx="50" cy="40" rx="9" ry="14" fill="hsl(${(h + 300) % 360} 75% 68%)" transform="rotate(${a} 50 54)"/>`).join('') + `<circle cx="50" cy="54" r="8" fill="${GOLD}"/><path d="M50 68v18" stroke="#3d7a22" stroke-width="3"/>`,
  wheat: () => `<path d="M50 86V34M40 86l10-20M60 86l-10-20" stroke="#c9a063" stroke-width="2.5" fill="none"/>` + [36, 44, 52, 60].map((y) => `<ellipse cx="45" cy="${y}" rx="4" ry="7" fill="${GOLD}" transform="rotate(-30 45 ${y})"/><ellipse cx="55" cy="${y}" rx="4" ry="7" fill="${GOLD}" transform="rotate(30 55 ${y})"/>`).join(''),
  bolt: () => `<path d="M56 26L32 62h16l-6 26 26-38H52Z" fill="${GOLD}" stroke="#fff" stroke-width="2" stroke-linejoin="round"/>`,
  safe: () => `<rect x="24" y="32" width="52" height="50" rx="6" fill="#6b7a8f" stroke="#3c4656" stroke-width="3"/><circle cx="50" cy="57" r="14" fill="#9aa8bb" stroke="#3c4656" stroke-width="3"/><path d="M50 45v24M38 57h24" stroke="#3c4656" stroke-width="3"/><rect x="28" y="82" width="8" height="4" fill="#3c4656"/><rect x="64" y="82" width="8" height="4" fill="#3c4656"/>`,
  // Crash crafts (the curve they ride is the accent).
  rocket: (h) => `<g transform="rotate(35 50 58)"><path d="M50 26c10 10 12 26 10 40H40c-2-14 0-30 10-40Z" fill="${WHITE}"/><circle cx="50" cy="46" r="6" fill="hsl(${(h + 180) % 360} 80% 55%)" stroke="#9aa" stroke-width="2"/><path d="M40 58l-8 12h9ZM60 58l8 12h-9Z" fill="${RED}"/><path d="M44 66h12l-6 16Z" fill="#ffb020"/></g>`,
  jet: () => `<path d="M20 64l60-22q6-2 6 3l-40 25-22 6Z" fill="${WHITE}"/><path d="M46 54l-10-16h7l16 12ZM40 70l-4 12h6l8-15Z" fill="#9fb3c8"/>`,
  comet: () => `<path d="M30 80L66 44" stroke="#fff" stroke-width="10" stroke-linecap="round" opacity=".35"/><path d="M36 78L66 46" stroke="#ffe08a" stroke-width="5" stroke-linecap="round" opacity=".7"/><circle cx="66" cy="44" r="11" fill="#ffe08a"/><circle cx="63" cy="41" r="4" fill="#fff"/>`,
  parachute: (h) => `<path d="M24 50q26-30 52 0Z" fill="hsl(${(h + 150) % 360} 85% 60%)"/><path d="M37 50q13-30 26 0" fill="none" stroke="#fff" stroke-width="2"/><path d="M24 50l22 24M76 50L54 74M50 50v22" stroke="#fff" stroke-width="1.2"/><rect x="45" y="72" width="10" height="12" rx="3" fill="${GOLD}"/>`,
  turbo: () => `<path d="M18 70q4-14 22-16l14-8h14l10 12q6 2 6 12Z" fill="${RED}"/><path d="M42 54l12-6h12l6 8Z" fill="#9fd3ff"/><circle cx="34" cy="72" r="8" fill="#222"/><circle cx="70" cy="72" r="8" fill="#222"/><circle cx="34" cy="72" r="3" fill="#ccc"/><circle cx="70" cy="72" r="3" fill="#ccc"/><path d="M8 58h12M4 64h12" stroke="#fff" stroke-width="2" opacity=".6"/>`,
  'paper-plane': () => `<path d="M18 58L82 34L62 82L50 64Z" fill="${WHITE}"/><path d="M50 64L82 34L44 60Z" fill="#c7cfe0"/><path d="M50 64l-2 12 8-8" fill="#9aa7bf"/>`,
  lander: () => `<circle cx="70" cy="34" r="12" fill="#f1ecd0"/><circle cx="66" cy="30" r="3" fill="#d6cfa8"/><path d="M38 52h24v14H38Z" fill="${GOLD}"/><path d="M42 44h16l4 8H38Z" fill="${WHITE}"/><path d="M40 66l-6 14M60 66l6 14M30 80h8M62 80h8" stroke="${WHITE}" stroke-width="2.5"/>`,
  satellite: (h) => `<circle cx="50" cy="56" r="16" fill="hsl(${(h + 40) % 360} 70% 60%)"/><ellipse cx="50" cy="56" rx="30" ry="8" fill="none" stroke="#fff" stroke-width="2.5" transform="rotate(-20 50 56)"/><rect x="70" y="26" width="8" height="8" fill="${WHITE}"/><path d="M62 30h6M80 30h6" stroke="#9fd3ff" stroke-width="4"/>`,
  falcon: () => `<path d="M20 50q16-6 30 6q14-18 32-18q-12 8-16 20q-6 14-20 18l-6-12q-10 0-20-14Z" fill="#8a6432"/><path d="M50 56q10 2 16-4" stroke="${WHITE}" stroke-width="2" fill="none"/><circle cx="72" cy="44" r="2" fill="#222"/><path d="M80 42l6 2-6 2Z" fill="${GOLD}"/>`,
  balloon: (h) => `<ellipse cx="50" cy="46" rx="20" ry="23" fill="hsl(${(h + 150) % 360} 80% 58%)"/><path d="M36 40q14-16 28 0" stroke="#fff" stroke-width="3" fill="none" opacity=".5"/><path d="M44 68h12l-2 6h-8Z" fill="#fff" opacity=".8"/><rect x="43" y="76" width="14" height="9" rx="2" fill="#9a5a22"/>`,
  kite: (h) => `<path d="M50 26L70 50L50 84L30 50Z" fill="hsl(${(h + 160) % 360} 85% 58%)"/><path d="M50 26V84M30 50H70" stroke="#fff" stroke-width="1.5" opacity=".7"/><path d="M50 84q-6 8 0 14t0 14" stroke="#fff" fill="none" stroke-width="1.5"/>`,
  meteor: () => `<path d="M24 30L54 60M34 24L60 52M20 42L48 66" stroke="#ff8a3d" stroke-width="4" stroke-linecap="round" opacity=".7"/><circle cx="60" cy="64" r="14" fill="#7a5a48"/><circle cx="55" cy="60" r="3" fill="#5a4034"/><circle cx="65" cy="68" r="4" fill="#5a4034"/>`,
  // Fish games' creatures.
  shark: () => `<path d="M16 60q30-22 66-4q-4 4-10 6l12 10q-14 0-22-6q-24 8-46-6Z" fill="#8fa3b8"/><path d="M44 48l6-14 8 16Z" fill="#8fa3b8"/><path d="M20 62q26 10 48 0" fill="#e8eef4"/><circle cx="28" cy="57" r="2" fill="#111"/><path d="M34 64l3 3 3-3 3 3 3-3" stroke="#fff" fill="none"/>`,
  octopus: (h) => `<ellipse cx="50" cy="46" rx="18" ry="16" fill="hsl(${(h + 300) % 360} 70% 60%)"/>` + [30, 40, 50, 60, 70].map((x) => `<path d="M${x} 58q${x < 50 ? -6 : 6} 12 ${x < 50 ? 2 : -2} 22" stroke="hsl(${(h + 300) % 360} 70% 60%)" stroke-width="5" fill="none" stroke-linecap="round"/>`).join('') + `<circle cx="43" cy="46" r="3" fill="#fff"/><circle cx="57" cy="46" r="3" fill="#fff"/><circle cx="43" cy="46" r="1.5" fill="#111"/><circle cx="57" cy="46" r="1.5" fill="#111"/>`,
  crab: () => `<ellipse cx="50" cy="62" rx="20" ry="12" fill="#e8553c"/><path d="M30 60l-10-14M70 60l10-14" stroke="#e8553c" stroke-width="4"/><path d="M14 44q6-10 12-2q-6 0-8 6Z M86 44q-6-10-12-2q6 0 8 6Z" fill="#e8553c"/><path d="M34 70l-8 8M40 72l-4 10M66 70l8 8M60 72l4 10" stroke="#e8553c" stroke-width="3"/><circle cx="44" cy="52" r="3" fill="#fff"/><circle cx="56" cy="52" r="3" fill="#fff"/>`,
  whale: () => `<path d="M18 62q4-24 38-22q26 2 26 24q-20 12-48 8q-12-2-16-10Z" fill="#3e6fb0"/><path d="M82 58l10-12v18Z" fill="#3e6fb0"/><path d="M24 66q24 10 50 0" fill="#c8daf0"/><circle cx="32" cy="56" r="2.2" fill="#111"/><path d="M50 38q-2-10-6-12M50 38q2-10 6-12" stroke="#bfe6ff" stroke-width="2" fill="none"/>`,
  jellyfish: (h) => `<path d="M28 56q0-26 22-26t22 26Z" fill="hsl(${(h + 280) % 360} 80% 75%)" opacity=".9"/>` + [34, 42, 50, 58, 66].map((x, i) => `<path d="M${x} 56q${i % 2 ? 4 : -4} 10 0 18t0 12" stroke="hsl(${(h + 280) % 360} 80% 80%)" stroke-width="2" fill="none"/>`).join(''),
  turtle: () => `<ellipse cx="50" cy="58" rx="22" ry="16" fill="#4f8a3a"/><path d="M36 58h28M50 44v28M40 48l20 20M60 48l-20 20" stroke="#7fbf5a" stroke-width="2"/><circle cx="78" cy="56" r="6" fill="#9ccf7a"/><path d="M34 70l-8 8M66 70l6 8M34 46l-8-6M64 46l6-6" stroke="#9ccf7a" stroke-width="5" stroke-linecap="round"/>`,
  puffer: () => `<circle cx="48" cy="58" r="20" fill="${GOLD}"/>` + Array.from({ length: 12 }, (_, i) => { const a = (i * 30 * Math.PI) / 180; return `<path d="M${r1(48 + 20 * Math.cos(a))} ${r1(58 + 20 * Math.sin(a))}L${r1(48 + 27 * Math.cos(a))} ${r1(58 + 27 * Math.sin(a))}" stroke="${GOLD_DARK}" stroke-width="2"/>`; }).join('') + `<circle cx="40" cy="52" r="4" fill="#fff"/><circle cx="40" cy="52" r="2" fill="#111"/><path d="M68 58l10-8v16Z" fill="${GOLD_DARK}"/>`,
  koi: () => `<path d="M22 58q18-22 42 0q-24 22-42 0Z" fill="#fff"/><path d="M34 50q8 4 14 0q-2 8 6 10q-10 6-14 0Z" fill="#ff6b35"/><path d="M64 58l14-12v24Z" fill="#ff6b35"/><circle cx="30" cy="55" r="2" fill="#111"/>`,
  // Sports, rummy and the lottery cards.
  'sport-ball': (_h, spec) => sportBalls[spec.sport](),
  fan: () => [-24, -8, 8, 24].map((a, i) => `<g transform="rotate(${a} 50 86)"><rect x="38" y="34" width="24" height="36" rx="3" fill="#fff" stroke="#ccc"/><circle cx="50" cy="52" r="5" fill="${i % 2 ? RED : '#222'}"/></g>`).join(''),
  chips: () => [[38, 66, RED], [62, 66, '#2aa7ff'], [50, 46, '#1fbf75']].map(([x, y, c]) => `<circle cx="${x}" cy="${y}" r="15" fill="${c}"/><circle cx="${x}" cy="${y}" r="15" fill="none" stroke="#fff" stroke-width="4" stroke-dasharray="6 6"/><circle cx="${x}" cy="${y}" r="8" fill="#fff" opacity=".85"/>`).join(''),
  'colour-balls': () => [['#1fbf75', 34, 50], ['#f0455a', 62, 48], ['#9a5cff', 48, 74]].map(([c, x, y]) => `<circle cx="${x}" cy="${y}" r="13" fill="${c}"/><circle cx="${x - 4}" cy="${y - 4}" r="4" fill="#fff" opacity=".5"/>`).join(''),
  dice: () => `<rect x="26" y="40" width="28" height="28" rx="6" fill="#fff" transform="rotate(-10 40 54)"/><rect x="48" y="48" width="28" height="28" rx="6" fill="${WHITE}" transform="rotate(12 62 62)"/>` + [[34, 48], [40, 54], [46, 60]].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="2.6" fill="${RED}" transform="rotate(-10 40 54)"/>`).join('') + [[56, 56], [68, 56], [56, 68], [68, 68]].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="2.6" fill="#222" transform="rotate(12 62 62)"/>`).join(''),
  // Five reels of pips, one per digit of 5D.
  'five-digits': () => `<rect x="12" y="38" width="76" height="36" rx="6" fill="#2b1d4a" stroke="${GOLD}" stroke-width="2.5"/>` + [0, 1, 2, 3, 4].map((i) => `<rect x="${17 + i * 14}" y="43" width="10" height="26" rx="2" fill="${WHITE}"/>` + Array.from({ length: (i * 2) % 5 + 1 }, (_, p) => `<circle cx="${22 + i * 14}" cy="${47 + p * 4.5}" r="1.8" fill="${['#1fbf75', RED, '#9a5cff', '#2aa7ff', GOLD_DARK][i]}"/>`).join('')).join(''),
  // TRON's blocks: linked blocks, the last one's hash giving the digit (a coloured ball).
  'block-chain': () => [[16, 44], [40, 52], [64, 44]].map(([x, y], i) => `<rect x="${x}" y="${y}" width="20" height="20" rx="3" fill="none" stroke="${i === 2 ? '#ff4b4b' : WHITE}" stroke-width="3"/><path d="M${x + 4} ${y + 7}h12M${x + 4} ${y + 13}h8" stroke="${i === 2 ? '#ff4b4b' : WHITE}" stroke-width="2" opacity=".7"/>`).join('') + `<path d="M36 56l4 4M60 60l4-4" stroke="${WHITE}" stroke-width="3"/><circle cx="74" cy="82" r="9" fill="#1fbf75"/><circle cx="71" cy="79" r="3" fill="#fff" opacity=".5"/>`,
};

const sportBalls = {
  cricket: () => `<path d="M30 80L62 30l8 5-32 50Z" fill="#d9b27a" stroke="#8a6432" stroke-width="2"/><path d="M62 30l5-8 8 5-5 8Z" fill="#333"/><circle cx="66" cy="72" r="9" fill="${RED}"/><path d="M60 68q6 4 12 8" stroke="#fff" stroke-width="1.2" fill="none"/>`,
  football: () => `<circle cx="50" cy="56" r="22" fill="${WHITE}"/><polygon points="${starPoints(50, 56, 8, 8, 5)}" fill="#222"/><path d="M50 34v14M30 50l12 2M70 50l-12 2M36 74l8-10M64 74l-8-10" stroke="#222" stroke-width="2"/>`,
  basketball: () => `<circle cx="50" cy="56" r="22" fill="#f08a24"/><path d="M28 56h44M50 34v44M34 40q10 16 0 32M66 40q-10 16 0 32" stroke="#5a2f0a" stroke-width="2" fill="none"/>`,
  tennis: () => `<circle cx="50" cy="56" r="20" fill="#c8e632"/><path d="M33 44q12 12 0 24M67 44q-12 12 0 24" stroke="#fff" stroke-width="3" fill="none"/>`,
  hockey: () => `<path d="M34 28L52 76q2 6 10 6h14" stroke="#d9b27a" stroke-width="6" fill="none" stroke-linecap="round"/><circle cx="40" cy="80" r="6" fill="#fff"/>`,
};

/** Accents, by kind: a slot's theme badge (top left), a crash game's curve, a fish game's scene. */
const themes = {
  sparkle: () => `<polygon points="${starPoints(0, 0, 9, 2.5, 4)}" fill="#fff"/><polygon points="${starPoints(14, 10, 5, 1.5, 4)}" fill="#fff" opacity=".8"/>`,
  clover: () => [0, 90, 180, 270].map((a) => `<circle cx="0" cy="-5" r="5" fill="#3fbf5a" transform="rotate(${a})"/>`).join('') + `<path d="M0 0l4 10" stroke="#2a8a3a" stroke-width="2"/>`,
  burst: () => `<polygon points="${starPoints(0, 0, 11, 6, 10)}" fill="#ff4b8b"/>`,
  crown: () => `<path d="M-10 6L-12-6L-4 0L0-9L4 0L12-6L10 6Z" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="1.5"/>`,
  shield: () => `<path d="M0-10L10-6V2Q10 8 0 12Q-10 8-10 2V-6Z" fill="#2aa7ff" stroke="#fff" stroke-width="1.5"/>`,
  paw: () => `<ellipse cx="0" cy="4" rx="6" ry="5" fill="#fff"/>` + [[-7, -4], [-2.5, -8], [2.5, -8], [7, -4]].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="2.5" fill="#fff"/>`).join(''),
  horseshoe: () => `<path d="M-8 8V-2a8 8 0 0 1 16 0V8" stroke="#cfd6e0" stroke-width="4.5" fill="none"/>`,
  flame: () => `<path d="M0-11q10 8 6 16q-2 6-6 6t-6-6q-2-6 4-10q0 6 3 6q2-6-1-12Z" fill="#ff7a1a"/>`,
  leaf: () => `<path d="M-9 9Q-9-9 9-9Q9 9-9 9Z" fill="#3fbf5a"/><path d="M-9 9L5-5" stroke="#2a7a2a" stroke-width="1.5"/>`,
  planet: () => `<circle r="7" fill="#b48bff"/><ellipse rx="13" ry="4" fill="none" stroke="#fff" stroke-width="1.5" transform="rotate(-20)"/>`,
  wave: () => `<path d="M-11 2q5-8 11 0t11 0M-11 8q5-8 11 0t11 0" stroke="#7fd4ff" stroke-width="2.5" fill="none"/>`,
  petal: () => [-30, 0, 30].map((a) => `<ellipse cx="0" cy="-2" rx="3.5" ry="9" fill="#ff9ad0" transform="rotate(${a} 0 6)"/>`).join(''),
  stripes: () => `<path d="M-10-8l6 16M-3-10l6 20M4-8l6 16" stroke="#ff9a1a" stroke-width="3"/>`,
  sun: () => `<circle r="6" fill="#ffd23d"/>` + [0, 45, 90, 135, 180, 225, 270, 315].map((a) => `<path d="M0-9v-3" stroke="#ffd23d" stroke-width="2" transform="rotate(${a})"/>`).join(''),
  diamond: () => `<path d="M-8-3L-4-8H4L8-3L0 9Z" fill="#bff4ff" stroke="#fff" stroke-width="1"/>`,
};
const curves = {
  steep: 'M6 108Q40 104 70 14', gentle: 'M6 108Q70 106 96 60', vertical: 'M10 110Q24 100 30 6', 's-curve': 'M6 108C40 108 40 60 60 60S90 30 96 16',
  low: 'M4 108Q60 108 98 84', arc: 'M6 108Q50 0 96 40', steps: 'M6 108H30V88H52V66H74V42H96', zigzag: 'M6 108L30 84L40 94L64 56L74 66L96 22',
  straight: 'M6 108L96 20', wavy: 'M6 108q15-20 30-10t30-20t30-40',
};
const scenes = {
  harpoon: () => `<path d="M84 14L60 38" stroke="#ccc" stroke-width="2.5"/><path d="M60 38l2-8 6 6Z" fill="#ccc"/>`,
  coins: () => [[16, 96], [26, 100], [82, 98]].map(([x, y]) => `<ellipse cx="${x}" cy="${y - 6}" rx="6" ry="3" fill="${GOLD}" stroke="${GOLD_DARK}"/>`).join(''),
  coral: () => `<path d="M12 96V78M12 86l-6-8M12 82l6-8M88 96V74M88 82l-6-6M88 86l6-6" stroke="#ff6f91" stroke-width="4" stroke-linecap="round"/>`,
  bubbles: () => [[18, 30, 4], [24, 20, 2.5], [80, 24, 5], [86, 40, 3], [14, 44, 2]].map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="#fff" stroke-width="1.5" opacity=".8"/>`).join(''),
  crown: () => `<path d="M40 26L38 16L45 21L50 12L55 21L62 16L60 26Z" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="1.5"/>`,
  lamp: () => `<path d="M80 12q-10 0-10 12" stroke="#ccc" stroke-width="1.5" fill="none"/><circle cx="70" cy="26" r="4" fill="#fff6a8"/><circle cx="70" cy="26" r="10" fill="#fff6a8" opacity=".25"/>`,
  bolt: () => `<path d="M22 8L12 26h7l-4 14 13-19h-8Z" fill="#fff6a8"/>`,
  pearl: () => `<path d="M70 94q10-16 20 0Z" fill="#e0d4c8"/><circle cx="80" cy="90" r="4" fill="#fff"/>`,
};

function accentSvg(spec, hue) {
  if (spec.theme) return `<g transform="translate(18 18)">${themes[spec.theme]()}</g>`;
  if (spec.curve) return `<path d="${curves[spec.curve]}" fill="none" stroke="hsl(${(hue + 180) % 360} 90% 70%)" stroke-width="3" stroke-linecap="round" stroke-linejoin="round" opacity=".8"/>`;
  if (spec.scene) return scenes[spec.scene]();
  return '';
}

/** The backdrop of a kind of game: sky for crash games, water for fish games, rays otherwise. */
function backdrop(spec, hue, rand) {
  const light = `hsl(${hue} 80% 70% / .22)`;
  if (spec.curve) {
    let out = '';
    for (let i = 0; i < 14; i++) out += `<circle cx="${r1(rand() * 100)}" cy="${r1(rand() * 80)}" r="${r1(0.5 + rand() * 1.2)}" fill="#fff" opacity="${r1(0.4 + rand() * 0.6)}"/>`;
    return out;
  }
  if (spec.scene) {
    let out = '';
    for (let y = 20; y < 120; y += 22) out += `<path d="M0 ${y}q12.5 -8 25 0t25 0t25 0t25 0" fill="none" stroke="${light}" stroke-width="3"/>`;
    return out;
  }
  let d = '';
  for (let i = 0; i < 12; i++) {
    const a = (i * 30 + rand() * 8) * (Math.PI / 180);
    const b = a + 0.22;
    d += `M50 56L${r1(50 + 90 * Math.cos(a))} ${r1(56 + 90 * Math.sin(a))}L${r1(50 + 90 * Math.cos(b))} ${r1(56 + 90 * Math.sin(b))}Z`;
  }
  return `<path d="${d}" fill="${light}"/>`;
}

/** The SVG of one catalog tile (`hue` is the generator's colour for it). */
export function artSvg(g, hue) {
  const spec = artSpecOf(g);
  const rand = rng(seedOf(g.id));
  const dark = Boolean(spec.curve);
  const c1 = `hsl(${hue} 72% ${dark ? 24 : spec.scene ? 38 : 46}%)`;
  const c2 = `hsl(${(hue + 35 + Math.floor(rand() * 30)) % 360} 78% ${dark ? 12 : spec.scene ? 18 : 26}%)`;
  const tilt = spec.curve ? 0 : r1((rand() - 0.5) * 10);
  const grey = g.gameUid === '' && g.kind === 'game' && g.vendorCode ? ' filter="url(#m)"' : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 120"><defs><linearGradient id="g" x1="0" y1="0" x2="0.6" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient><radialGradient id="l" cx=".5" cy=".45" r=".5"><stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient><clipPath id="c"><rect width="100" height="120" rx="12"/></clipPath><filter id="m"><feColorMatrix type="saturate" values="0.15"/></filter></defs><g clip-path="url(#c)"${grey}><rect width="100" height="120" fill="url(#g)"/>${backdrop(spec, hue, rand)}<circle cx="50" cy="56" r="34" fill="url(#l)"/>${accentSvg(spec, hue)}<g transform="rotate(${tilt} 50 56)">${drawings[spec.drawing](hue, spec)}</g><rect x="0" y="96" width="100" height="24" fill="#000" opacity=".22"/></g><rect x="2" y="2" width="96" height="116" rx="11" fill="none" stroke="#fff" stroke-opacity=".5" stroke-width="2.5"/></svg>\n`;
}
