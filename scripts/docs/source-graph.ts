import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The server's source as a graph of imports, read as text so that nothing has to load. Shared by
 * the boundary test (apps/server/test/boundaries.test.ts), which enforces the module rules on it,
 * and by the docs generator (`npm run docs:generate`), which draws the module map of
 * docs/architecture.md from it: one reading of the code for both, so the map cannot say what the
 * test does not check.
 */

export const SERVER_SRC = path.resolve(import.meta.dirname, '../../apps/server/src');
export const SERVER_MODULES = path.join(SERVER_SRC, 'modules');

/** Every .ts/.tsx file under `dir`, recursively. */
export function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : /\.tsx?$/.test(name) ? [full] : [];
  });
}

export const isTest = (f: string) => /\.test\.tsx?$/.test(f);

/** "src/modules/auth/routes.ts" -> "auth"; anything outside src/modules -> undefined. */
export function moduleOf(file: string, modulesDir = SERVER_MODULES): string | undefined {
  const rel = path.relative(modulesDir, file);
  if (rel.startsWith('..')) return undefined;
  return rel.split(path.sep)[0];
}

/** The relative specifiers a file imports (static, dynamic and side-effect imports). */
export function relativeImports(code: string): string[] {
  const found: string[] = [];
  const pattern = /(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g;
  for (const match of code.matchAll(pattern)) found.push(match[1]!);
  return found;
}

export type ImportEdge = { from: string; to: string };

/** A file's relative imports as absolute, extension-less targets. */
export const importsOf = (from: string, code: string): ImportEdge[] =>
  relativeImports(code).map((specifier) => ({ from, to: path.resolve(path.dirname(from), specifier) }));

/** True when `target` (an import's resolved path, extension-less) is a module's public face. */
export function isModuleIndex(target: string, mod: string, modulesDir = SERVER_MODULES): boolean {
  const base = path.join(modulesDir, mod);
  return target === base || target === path.join(base, 'index') || target === path.join(base, 'index.ts');
}

/** The server's non-test source files with their text, and the imports between them. */
export function readServerSource(src = SERVER_SRC) {
  const files = walk(src).filter((f) => !isTest(f));
  const source = new Map(files.map((f) => [f, readFileSync(f, 'utf8')]));
  const edges = [...source].flatMap(([from, code]) => importsOf(from, code));
  return { files, source, edges };
}

/**
 * Module -> the other modules it imports (through their index.ts, which the boundary test
 * enforces). Every module is a key, those that import nothing with an empty set.
 */
export function moduleGraph(files: string[], edges: ImportEdge[], modulesDir = SERVER_MODULES): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const f of files) {
    const m = moduleOf(f, modulesDir);
    if (m && !graph.has(m)) graph.set(m, new Set());
  }
  for (const { from, to } of edges) {
    const a = moduleOf(from, modulesDir);
    const b = moduleOf(to, modulesDir);
    if (a && b && a !== b) graph.get(a)!.add(b);
  }
  return graph;
}

/** Every circle of the graph, each as "a -> b -> a". */
export function cyclesOf(graph: Map<string, Set<string>>): string[] {
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
  return cycles;
}
