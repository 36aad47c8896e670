import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Decision 370: what a cold visit to Wingo must download and run before the round panel paints
// holds no zod. The contract's barrel (`@colorplay/contract`) builds every schema of the contract
// when it is evaluated, so a value imported from it (even a constant list) brings all of them and
// zod into the lottery chunk. Type imports are erased; dynamic import() is a chunk of its own
// (the live socket's code loads after the first render). Followed here through the static imports
// of the source files, from the modules the router and main.tsx load for the lottery pages.

const SRC = path.resolve(import.meta.dirname, '..');
const STARTS = ['app/routes/wingo.tsx', 'app/lottery-preload-start.ts'];
const FORBIDDEN = ['@colorplay/contract', 'zod'];

/** Specifiers of the value imports and re-exports of a module (not `import type`, not import()). */
function staticImports(source: string): string[] {
  const found: string[] = [];
  for (const [, clause, specifier] of source.matchAll(/^\s*(import|export)\s+(?!type\b)[^'";]*?from\s+'([^']+)'/gms)) {
    if (clause) found.push(specifier!);
  }
  for (const [, specifier] of source.matchAll(/^\s*import\s+'([^']+)'/gm)) found.push(specifier!);
  return found;
}

function resolveLocal(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    try {
      readFileSync(candidate);
      return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

/** Every local module statically reachable from the starts, and the forbidden imports each makes. */
function walk(): { reached: string[]; offenders: Record<string, string[]> } {
  const offenders: Record<string, string[]> = {};
  const seen = new Set<string>();
  const queue = STARTS.map((start) => path.join(SRC, start));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || /\.css$/.test(file)) continue;
    seen.add(file);
    for (const specifier of staticImports(readFileSync(file, 'utf8'))) {
      if (FORBIDDEN.includes(specifier)) (offenders[path.relative(SRC, file)] ??= []).push(specifier);
      const local = resolveLocal(file, specifier);
      if (local) queue.push(local);
    }
  }
  return { reached: [...seen].map((file) => path.relative(SRC, file)), offenders };
}

describe('the lottery pages’ chunk', () => {
  it('imports no value from the contract’s barrel or zod (constants come from the zod-free entries)', () => {
    expect(walk().offenders).toEqual({});
  });

  it('is followed from modules that exist and reaches the screens', () => {
    // A walker that found nothing would pass the check above without reading anything.
    expect(walk().reached).toEqual(expect.arrayContaining(['features/lottery/lottery-page.tsx', 'features/lottery/round-panel.tsx', 'features/lottery/games/views.tsx']));
  });
});
