/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The design system (docs/design-system.md) in the stylesheets themselves: colours and motion are
 * defined once, in app/tokens.css, and every other stylesheet uses the custom properties.
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TOKENS = path.join(SRC, 'app/tokens.css');

/** Stylesheets not yet on the tokens, with the reason (none today). */
const NOT_YET: Record<string, string> = {};

function stylesheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? stylesheets(full) : e.name.endsWith('.css') ? [full] : [];
  });
}

/** Declarations (property: value) outside comments, with the line they are on. */
function declarations(css: string): { line: number; property: string; value: string }[] {
  const plain = css.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '));
  return [...plain.matchAll(/([a-z-]+)\s*:\s*([^;{}]+)/g)].map((m) => ({
    line: plain.slice(0, m.index).split('\n').length,
    property: m[1]!,
    value: m[2]!.trim(),
  }));
}

const COLOUR = /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?)\(/i;
const DURATION = /(?<![\w-])\d*\.?\d+m?s\b/;

describe('design tokens', () => {
  const files = stylesheets(SRC).filter((f) => f !== TOKENS && !NOT_YET[path.relative(SRC, f)]);

  it('finds the stylesheets', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it('no stylesheet but tokens.css writes a colour: they use the colour tokens', () => {
    const found = files.flatMap((f) =>
      declarations(readFileSync(f, 'utf8'))
        .filter((d) => !d.property.startsWith('--') && COLOUR.test(d.value))
        .map((d) => `${path.relative(SRC, f)}:${d.line} ${d.property}: ${d.value}`),
    );
    expect(found).toEqual([]);
  });

  it('no transition or animation has a length of its own: they use the motion tokens', () => {
    const found = files.flatMap((f) =>
      declarations(readFileSync(f, 'utf8'))
        .filter((d) => /^(transition|animation)(-duration)?$/.test(d.property) && DURATION.test(d.value))
        .map((d) => `${path.relative(SRC, f)}:${d.line} ${d.property}: ${d.value}`),
    );
    expect(found).toEqual([]);
  });

  it('reduced motion turns the motion tokens to (almost) nothing', () => {
    const tokens = readFileSync(TOKENS, 'utf8');
    const reduced = /@media \(prefers-reduced-motion: reduce\)\s*\{\s*:root\s*\{([^}]*)\}/.exec(tokens)?.[1] ?? '';
    for (const name of ['--motion-fast', '--motion-base', '--motion-slow']) expect(reduced).toMatch(new RegExp(`${name}:\\s*1ms`));
  });

  it('every custom property used is defined in tokens.css (or set by the component itself)', () => {
    const tokens = readFileSync(TOKENS, 'utf8');
    const defined = new Set([...tokens.matchAll(/(--[a-z0-9-]+)\s*:/g)].map((m) => m[1]));
    // Set inline from JavaScript by the popup and the loading overlay (their fade length).
    defined.add('--transition-ms');
    const unknown = files.flatMap((f) => {
      const css = readFileSync(f, 'utf8');
      const own = new Set([...css.matchAll(/(--[a-z0-9-]+)\s*:/g)].map((m) => m[1]));
      return [...css.matchAll(/var\((--[a-z0-9-]+)/g)].map((m) => m[1]!).filter((v) => !defined.has(v) && !own.has(v)).map((v) => `${path.relative(SRC, f)} ${v}`);
    });
    expect([...new Set(unknown)]).toEqual([]);
  });
});
