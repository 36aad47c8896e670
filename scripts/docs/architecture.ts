import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { DOMAIN_EVENT_NAMES, DOMAIN_EVENT_SCHEMAS } from '@colorplay/contract';
import { SERVER_SRC, moduleGraph, moduleOf, readServerSource } from './source-graph';

/**
 * The generated blocks of docs/architecture.md: the module map (from the server's imports) and
 * the domain events (from the contract's DOMAIN_EVENT_SCHEMAS and the server's calls that record
 * and subscribe to them), the leader jobs (from their `jobs.add` lines). Generated rather than written so that they cannot drift from the code:
 * `npm run docs:generate` rewrites them, scripts/docs/docs.test.ts fails when they differ.
 * Module level on purpose (folder -> folders): files move inside a module without changing it.
 */

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const ARCHITECTURE_DOC = path.join(ROOT, 'docs/architecture.md');
const EVENTS_SOURCE = path.join(ROOT, 'packages/contract/src/events.ts');

const list = (items: Iterable<string>) => [...items].sort().map((i) => `\`${i}\``).join(', ') || '–';

/** Where a server file belongs: its module, or the top folder (events, jobs, plugins...) or file. */
function placeOf(file: string): string {
  return moduleOf(file) ?? path.relative(SERVER_SRC, file).split(path.sep)[0]!.replace(/\.ts$/, '');
}

/** The tables a module lists in its tables.ts (`OWNED_TABLES = [...]`), read as text. */
function ownedTables(source: Map<string, string>, mod: string): string[] {
  const code = source.get(path.join(SERVER_SRC, 'modules', mod, 'tables.ts')) ?? '';
  const body = /OWNED_TABLES\s*=\s*\[([^\]]*)\]/.exec(code)?.[1] ?? '';
  return [...body.matchAll(/['"]([a-z_][a-z0-9_]*)['"]/g)].map((m) => m[1]!);
}

export function renderModules(): string {
  const { files, source, edges } = readServerSource();
  const graph = moduleGraph(files, edges);
  const names = [...graph.keys()].sort();
  const importedBy = (m: string) => names.filter((n) => graph.get(n)!.has(m));
  const rows = names.map(
    (m) => `| \`${m}\` | ${list(graph.get(m)!)} | ${list(importedBy(m))} | ${list(ownedTables(source, m))} |`,
  );
  const outside = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    const target = moduleOf(to);
    if (!target || moduleOf(from)) continue;
    const place = placeOf(from);
    outside.set(place, (outside.get(place) ?? new Set()).add(target));
  }
  const outsideLines = [...outside.keys()]
    .sort()
    .map((p) => `- \`${p}\` uses ${list(outside.get(p)!)}`);
  return [
    `${names.length} modules under \`apps/server/src/modules/\`. "Imports" are the other modules whose`,
    '`index.ts` a module imports; "imported by" is the same graph read backwards.',
    '',
    '| module | imports | imported by | owns tables |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
    'Outside the modules, these use them (through their `index.ts` too):',
    '',
    ...outsideLines,
  ].join('\n');
}

/** The JSDoc above each event in the contract's DOMAIN_EVENT_SCHEMAS, as one line of text. */
function eventDescriptions(): Map<string, string> {
  const code = readFileSync(EVENTS_SOURCE, 'utf8');
  const body = code.slice(code.indexOf('DOMAIN_EVENT_SCHEMAS'));
  const found = new Map<string, string>();
  for (const m of body.matchAll(/\/\*\*([\s\S]*?)\*\/\s*(\w+)\s*:/g)) {
    const text = m[1]!.replace(/^\s*\*\s?/gm, ' ').replace(/\s+/g, ' ').trim();
    found.set(m[2]!, text.replace(/\|/g, '\\|'));
  }
  return found;
}

/** For each event name, the places (modules or platform folders) whose source matches `pattern`. */
function placesBy(source: Map<string, string>, pattern: RegExp): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  for (const [file, code] of source) {
    for (const m of code.matchAll(pattern)) {
      found.set(m[1]!, (found.get(m[1]!) ?? new Set()).add(placeOf(file)));
    }
  }
  return found;
}

export function renderEvents(): string {
  const { source } = readServerSource();
  const recorded = placesBy(source, /\.record(?:Many)?\(\s*\w+\s*,\s*'(\w+)'/g);
  const subscribed = placesBy(source, /\.subscribe\(\s*'(\w+)'/g);
  const heard = placesBy(source, /event\.name\s*===\s*'(\w+)'/g);
  const descriptions = eventDescriptions();
  const rows = [...DOMAIN_EVENT_NAMES].sort().map((name) => {
    const schema = DOMAIN_EVENT_SCHEMAS[name];
    const fields = Object.keys(schema.shape).map((k) => `\`${k}\``).join(', ');
    const none = new Set<string>();
    return `| \`${name}\` | ${descriptions.get(name) ?? ''} | ${fields} | ${list(recorded.get(name) ?? none)} | ${list(subscribed.get(name) ?? none)} | ${list(heard.get(name) ?? none)} |`;
  });
  return [
    `${DOMAIN_EVENT_NAMES.length} events in \`DOMAIN_EVENT_SCHEMAS\` (\`packages/contract/src/events.ts\`). "Recorded by" calls`,
    '`events.record` / `recordMany` in its transaction; "outbox subscribers" run once per handler',
    '(`events.subscribe`); "bus listeners" hear committed events in memory on every node.',
    '',
    '| event | meaning | payload | recorded by | outbox subscribers | bus listeners |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

/** Every `jobs.add({ name, intervalMs })` in the server's source, with the setting of its interval. */
export function renderJobs(): string {
  const { source } = readServerSource();
  const rows: string[] = [];
  for (const [file, code] of source) {
    for (const m of code.matchAll(/jobs\.add\(\{\s*name:\s*'([^']+)',\s*intervalMs:\s*([^,]+),/g)) {
      rows.push(`| \`${m[1]}\` | \`${m[2]!.trim()}\` | \`${path.relative(SERVER_SRC, file)}\` |`);
    }
  }
  return ['| job | interval | added in |', '| --- | --- | --- |', ...rows.sort()].join('\n');
}

const BLOCKS: Record<string, () => string> = { modules: renderModules, events: renderEvents, jobs: renderJobs };

/**
 * `text` with every generated block replaced by what the code says now. A block is the lines
 * between `<!-- generated:NAME -->` and `<!-- /generated:NAME -->`; a missing marker is an error.
 */
export function regenerate(text: string): string {
  let out = text;
  for (const [name, render] of Object.entries(BLOCKS)) {
    const open = `<!-- generated:${name} -->`;
    const close = `<!-- /generated:${name} -->`;
    const start = out.indexOf(open);
    const end = out.indexOf(close);
    if (start < 0 || end < start) throw new Error(`docs/architecture.md has no ${open} ... ${close} block`);
    out = `${out.slice(0, start + open.length)}\n${render()}\n${out.slice(end)}`;
  }
  return out;
}

/** The module folders, for checks that every module is described in the prose too. */
export function moduleNames(): string[] {
  return readdirSync(path.join(SERVER_SRC, 'modules'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}
