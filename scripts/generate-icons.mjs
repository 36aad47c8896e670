#!/usr/bin/env node
/**
 * Draws the app icons (PNG) and favicon.ico from the logo's geometry (apps/web/public/favicon.svg:
 * three arcs in green, red and violet around a white dot, on the page colour), with no image tool
 * and nothing downloaded: pixels are computed here (4x4 supersampling) and written as PNG with
 * node:zlib. The output is committed (apps/web/public/icons, favicon.ico); run this again only
 * when the logo changes: `node scripts/generate-icons.mjs`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const PUBLIC = join(dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'web', 'public');
const BG = [0x12, 0x13, 0x2a];
const ARCS = [
  { from: 32, color: [0x1f, 0xbf, 0x75] },
  { from: 134, color: [0xf0, 0x45, 0x5a] },
  { from: 236, color: [0x9a, 0x5c, 0xff] },
];

/** The colour at (x, y) in the 48-unit logo box, or null outside everything. */
function logoAt(x, y, { rounded }) {
  const inBox = x >= 0 && y >= 0 && x <= 48 && y <= 48;
  if (!inBox) return null;
  if (rounded) {
    const cx = Math.min(Math.max(x, 12), 36);
    const cy = Math.min(Math.max(y, 12), 36);
    if ((x - cx) ** 2 + (y - cy) ** 2 > 144) return null;
  }
  const dx = x - 24;
  const dy = y - 24;
  const r = Math.hypot(dx, dy);
  if (r <= 5.5) return [255, 255, 255];
  const angle = (Math.atan2(dy, dx) * 180) / Math.PI;
  for (const arc of ARCS) {
    const rel = (((angle - arc.from) % 360) + 360) % 360;
    if (rel <= 90 && Math.abs(r - 15) <= 4) return arc.color;
    for (const end of [arc.from, arc.from + 90]) {
      const ex = 24 + 15 * Math.cos((end * Math.PI) / 180);
      const ey = 24 + 15 * Math.sin((end * Math.PI) / 180);
      if ((x - ex) ** 2 + (y - ey) ** 2 <= 16) return arc.color;
    }
  }
  return BG;
}

/** RGBA pixels of a size x size icon; `scale` is the logo's share of the width (maskable: smaller, full bleed). */
function draw(size, { maskable = false } = {}) {
  const pixels = Buffer.alloc(size * size * 4);
  const logoShare = maskable ? 0.72 : 1;
  const offset = (size * (1 - logoShare)) / 2;
  const unit = (size * logoShare) / 48;
  const S = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < S; sy++) {
        for (let sx = 0; sx < S; sx++) {
          const x = (px + (sx + 0.5) / S - offset) / unit;
          const y = (py + (sy + 0.5) / S - offset) / unit;
          const c = logoAt(x, y, { rounded: !maskable }) ?? (maskable ? BG : null);
          if (c) {
            r += c[0]; g += c[1]; b += c[2]; a += 1;
          }
        }
      }
      const i = (py * size + px) * 4;
      if (a > 0) {
        pixels[i] = Math.round(r / a);
        pixels[i + 1] = Math.round(g / a);
        pixels[i + 2] = Math.round(b / a);
      }
      pixels[i + 3] = Math.round((a / (S * S)) * 255);
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
function png(size, pixels) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) pixels.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
/** An .ico holding PNG images (valid since Windows Vista, read by every browser). */
function ico(images) {
  const head = Buffer.alloc(6);
  head.writeUInt16LE(1, 2);
  head.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, data }) => {
    const e = Buffer.alloc(16);
    e[0] = size >= 256 ? 0 : size;
    e[1] = size >= 256 ? 0 : size;
    e.writeUInt16LE(1, 4);
    e.writeUInt16LE(32, 6);
    e.writeUInt32LE(data.length, 8);
    e.writeUInt32LE(offset, 12);
    offset += data.length;
    return e;
  });
  return Buffer.concat([head, ...entries, ...images.map((i) => i.data)]);
}

mkdirSync(join(PUBLIC, 'icons'), { recursive: true });
const write = (name, data) => {
  writeFileSync(join(PUBLIC, name), data);
  console.log(`${name}: ${data.length} bytes`);
};
for (const size of [192, 512]) {
  write(`icons/icon-${size}.png`, png(size, draw(size)));
  write(`icons/maskable-${size}.png`, png(size, draw(size, { maskable: true })));
}
write('icons/apple-touch-icon-180.png', png(180, draw(180, { maskable: true })));
write('favicon.ico', ico([16, 32, 48].map((size) => ({ size, data: png(size, draw(size)) }))));
