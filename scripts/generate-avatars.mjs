#!/usr/bin/env node
// Writes the 20 avatar images (static assets numbered 1 to 20) as small SVGs:
// our own art, a friendly round face whose colours, eyes and mouth vary with the number.
// Run once after changing the design: node scripts/generate-avatars.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const out = path.resolve(import.meta.dirname, '../apps/web/public/avatars');
mkdirSync(out, { recursive: true });

const backgrounds = ['#1fbf75', '#f0455a', '#9a5cff', '#2f8cff', '#ffb020'];
const skins = ['#ffd9b3', '#f1c27d', '#c68642', '#8d5524'];
const hair = ['#2b1b17', '#6a3d1f', '#d9a441', '#3b3f8f', '#e8e8f0'];

function eyes(kind) {
  switch (kind) {
    case 0:
      return '<circle cx="38" cy="48" r="4" fill="#1b1c3a"/><circle cx="62" cy="48" r="4" fill="#1b1c3a"/>';
    case 1:
      return '<path d="M33 48q5-5 10 0M57 48q5-5 10 0" stroke="#1b1c3a" stroke-width="3" fill="none" stroke-linecap="round"/>';
    case 2:
      return '<rect x="28" y="42" width="18" height="11" rx="4" fill="#1b1c3a"/><rect x="54" y="42" width="18" height="11" rx="4" fill="#1b1c3a"/><path d="M46 46h8" stroke="#1b1c3a" stroke-width="3"/>';
    default:
      return '<circle cx="38" cy="48" r="5" fill="#fff"/><circle cx="62" cy="48" r="5" fill="#fff"/><circle cx="39" cy="49" r="2.5" fill="#1b1c3a"/><circle cx="63" cy="49" r="2.5" fill="#1b1c3a"/>';
  }
}

function mouth(kind) {
  switch (kind) {
    case 0:
      return '<path d="M40 64q10 9 20 0" stroke="#1b1c3a" stroke-width="3" fill="none" stroke-linecap="round"/>';
    case 1:
      return '<path d="M40 63h20q-2 9-10 9t-10-9z" fill="#1b1c3a"/>';
    default:
      return '<circle cx="50" cy="66" r="4" fill="#1b1c3a"/>';
  }
}

for (let n = 1; n <= 20; n++) {
  const i = n - 1;
  const bg = backgrounds[i % backgrounds.length];
  const skin = skins[Math.floor(i / 5) % skins.length];
  const h = hair[(i * 3) % hair.length];
  const hairShape =
    i % 2 === 0
      ? `<path d="M24 46q0-26 26-26t26 26q-8-12-26-12t-26 12z" fill="${h}"/>`
      : `<path d="M22 52q-2-34 28-34t28 34l-6-14q-22 6-44 0z" fill="${h}"/>`;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">` +
    `<rect width="100" height="100" rx="50" fill="${bg}"/>` +
    `<path d="M20 100q4-22 30-22t30 22z" fill="${h}" opacity="0.85"/>` +
    `<circle cx="50" cy="50" r="26" fill="${skin}"/>` +
    hairShape +
    eyes(i % 4) +
    mouth(i % 3) +
    `</svg>\n`;
  writeFileSync(path.join(out, `${n}.svg`), svg);
}
console.log(`wrote 20 avatars to ${out}`);
