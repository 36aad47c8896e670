import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's module rules (docs/architecture.md, "Adding a module"), checked on the source text:
 * - a module is a folder under src/modules; others reach it only through its index.ts;
 * - no two modules depend on each other, directly or in a longer circle;
 * - every table the migrations create is owned by exactly one module (its `tables.ts`), or by a
 *   platform folder (src/events, src/jobs, src/db), and a module's SQL names only its own tables.
 * Test files are held to the import rule too: a module's own tests may use its internals, every
 * other test (and test/helpers) goes through the index. They are left out of the circle check (a
 * test is never imported) and of the SQL check: tests read other modules' tables to observe what a
 * request persisted ("no ledger row was written"), which is looking, not owning, and holding them to
 * it would only push test-only queries into the modules' public faces.
 */

const SRC = path.resolve(import.meta.dirname, '../src');
const MIGRATIONS = path.resolve(import.meta.dirname, '../migrations');
const MODULES = path.join(SRC, 'modules');
const TESTS = path.resolve(import.meta.dirname);
/** Folders outside src/modules that own tables of their own (the platform pieces). */
const PLATFORM_OWNERS = ['events', 'jobs', 'db'] as const;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : /\.tsx?$/.test(name) ? [full] : [];
  });
}

const isTest = (f: string) => /\.test\.tsx?$/.test(f);
const files = walk(SRC).filter((f) => !isTest(f));
const source = new Map(files.map((f) => [f, readFileSync(f, 'utf8')]));
/** Tests next to the code and everything under test/ (helpers included). */
const testFiles = [...walk(SRC).filter(isTest), ...walk(TESTS)];

/** "src/modules/auth/routes.ts" -> "auth"; anything outside src/modules -> undefined. */
function moduleOf(file: string): string | undefined {
  const rel = path.relative(MODULES, file);
  if (rel.startsWith('..')) return undefined;
  return rel.split(path.sep)[0];
}

/** The owner of a file for table purposes: its module, or a platform folder. */
function ownerOf(file: string): string | undefined {
  const top = path.relative(SRC, file).split(path.sep)[0];
  return moduleOf(file) ?? ((PLATFORM_OWNERS as readonly string[]).includes(top ?? '') ? top : undefined);
}

function relativeImports(code: string): string[] {
  const found: string[] = [];
  const pattern = /(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g;
  for (const match of code.matchAll(pattern)) found.push(match[1]!);
  return found;
}

const importsOf = (from: string, code: string) =>
  relativeImports(code).map((specifier) => ({ from, to: path.resolve(path.dirname(from), specifier) }));
const edges = [...source].flatMap(([from, code]) => importsOf(from, code));
const testEdges = testFiles.flatMap((from) => importsOf(from, readFileSync(from, 'utf8')));

/** True when `target` (an import's resolved path, extension-less) is a module's public face. */
function isModuleIndex(target: string, mod: string): boolean {
  const base = path.join(MODULES, mod);
  return target === base || target === path.join(base, 'index') || target === path.join(base, 'index.ts');
}

const rel = (f: string) => path.relative(SRC, f);

/** Imports that reach into another module's files instead of its index.ts. */
function reachingIn(list: { from: string; to: string }[]): string[] {
  return list
    .filter(({ from, to }) => {
      const target = moduleOf(to);
      return target !== undefined && target !== moduleOf(from) && !isModuleIndex(to, target);
    })
    .map(({ from, to }) => `${rel(from)} -> ${rel(to)}`);
}

describe('server module boundaries', () => {
  it('finds the modules, their files and their imports', () => {
    const modules = new Set(files.map(moduleOf).filter(Boolean));
    expect(modules.size).toBeGreaterThanOrEqual(8);
    expect(edges.length).toBeGreaterThan(50);
  });

  it('gives every module an index.ts as its public face', () => {
    const modules = [...new Set(files.map(moduleOf).filter((m): m is string => Boolean(m)))];
    const missing = modules.filter((m) => !files.includes(path.join(MODULES, m, 'index.ts')));
    expect(missing).toEqual([]);
  });

  it("imports another module only through its index.ts", () => {
    expect(reachingIn(edges)).toEqual([]);
  });

  it("lets tests use their own module's internals, and other modules only through index.ts", () => {
    expect(testEdges.length).toBeGreaterThan(20);
    expect(reachingIn(testEdges)).toEqual([]);
  });

  it('has no circle of module imports', () => {
    const graph = new Map<string, Set<string>>();
    for (const { from, to } of edges) {
      const a = moduleOf(from);
      const b = moduleOf(to);
      if (a && b && a !== b) graph.set(a, (graph.get(a) ?? new Set()).add(b));
    }
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (node: string, trail: string[]) => {
      if (state.get(node) === 'done') return;
      if (state.get(node) === 'open') {
        cycles.push([...trail.slice(trail.indexOf(node)), node].join(' -> '));
        return;
      }
      state.set(node, 'open');
      for (const next of graph.get(node) ?? []) visit(next, [...trail, node]);
      state.set(node, 'done');
    };
    for (const node of graph.keys()) visit(node, []);
    expect(cycles).toEqual([]);
  });

  it('has one owner for every table the migrations create', () => {
    const created = readdirSync(MIGRATIONS)
      .filter((f) => f.endsWith('.sql'))
      .flatMap((f) => [...readFileSync(path.join(MIGRATIONS, f), 'utf8').matchAll(/CREATE TABLE (?:IF NOT EXISTS )?([a-z_][a-z0-9_]*)/gi)])
      .map((m) => m[1]!.toLowerCase());
    const owners = tableOwners();
    const unowned = created.filter((t) => !owners.has(t));
    const doubly = [...owners].filter(([, o]) => o.length > 1).map(([t, o]) => `${t}: ${o.join(', ')}`);
    const stale = [...owners.keys()].filter((t) => !created.includes(t));
    expect({ unowned, doubly, stale }).toEqual({ unowned: [], doubly: [], stale: [] });
  });

  it("names in a module's SQL only the tables that module owns", () => {
    const owners = tableOwners();
    const trespass: string[] = [];
    for (const [file, code] of source) {
      const owner = ownerOf(file);
      if (!owner) continue;
      for (const table of tablesNamedIn(code)) {
        const tableOwner = owners.get(table)?.[0];
        if (tableOwner && tableOwner !== owner) trespass.push(`${rel(file)} names ${table} (owned by ${tableOwner})`);
      }
    }
    expect([...new Set(trespass)]).toEqual([]);
  });
});

/**
 * Each owner lists its tables in `tables.ts` (`export const OWNED_TABLES = ['a', 'b'] as const`),
 * read as text so that this test needs no module to load.
 */
function tableOwners(): Map<string, string[]> {
  const owners = new Map<string, string[]>();
  for (const file of files.filter((f) => path.basename(f) === 'tables.ts')) {
    const owner = ownerOf(file);
    const list = /OWNED_TABLES\s*=\s*\[([^\]]*)\]/.exec(source.get(file) ?? '')?.[1] ?? '';
    for (const m of list.matchAll(/['"]([a-z_][a-z0-9_]*)['"]/g)) {
      if (owner) owners.set(m[1]!, [...(owners.get(m[1]!) ?? []), owner]);
    }
  }
  return owners;
}

/** Table names after the SQL keywords that introduce one, inside string literals of the code. */
function tablesNamedIn(code: string): string[] {
  const names: string[] = [];
  for (const literal of code.matchAll(/`[^`]*`|'(?:[^'\\\n]|\\.)*'/g)) {
    const text = literal[0];
    if (!/\b(SELECT|INSERT|UPDATE|DELETE|TRUNCATE)\b/.test(text)) continue;
    const pattern = /\b(?:FROM|JOIN|INTO|UPDATE|TRUNCATE(?:\s+TABLE)?)\s+([a-z_][a-z0-9_]*)/g;
    for (const m of text.matchAll(pattern)) names.push(m[1]!);
  }
  return names;
}
