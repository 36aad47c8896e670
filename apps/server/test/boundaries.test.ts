import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_MODULES, SERVER_SRC, cyclesOf, importsOf, isModuleIndex, isTest, moduleGraph, moduleOf, readServerSource, walk } from '../../../scripts/docs/source-graph';

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

const SRC = SERVER_SRC;
const MIGRATIONS = path.resolve(import.meta.dirname, '../migrations');
const TESTS = path.resolve(import.meta.dirname);
/** Folders outside src/modules that own tables of their own (the platform pieces). */
const PLATFORM_OWNERS = ['events', 'jobs', 'db'] as const;

// The import graph is read by scripts/docs/source-graph.ts, which also draws the module map of
// docs/architecture.md (npm run docs:generate): the map and these rules see the same graph.
const { files, source, edges } = readServerSource();
/** Tests next to the code and everything under test/ (helpers included). */
const testFiles = [...walk(SRC).filter(isTest), ...walk(TESTS)];
const testEdges = testFiles.flatMap((from) => importsOf(from, readFileSync(from, 'utf8')));

/** The owner of a file for table purposes: its module, or a platform folder. */
function ownerOf(file: string): string | undefined {
  const top = path.relative(SRC, file).split(path.sep)[0];
  return moduleOf(file) ?? ((PLATFORM_OWNERS as readonly string[]).includes(top ?? '') ? top : undefined);
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
    const modules = new Set(files.map((f) => moduleOf(f)).filter(Boolean));
    expect(modules.size).toBeGreaterThanOrEqual(8);
    expect(edges.length).toBeGreaterThan(50);
  });

  it('gives every module an index.ts as its public face', () => {
    const modules = [...new Set(files.map((f) => moduleOf(f)).filter((m): m is string => Boolean(m)))];
    const missing = modules.filter((m) => !files.includes(path.join(SERVER_MODULES, m, 'index.ts')));
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
    const cycles = cyclesOf(moduleGraph(files, edges));
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
