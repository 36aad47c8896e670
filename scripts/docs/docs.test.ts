import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARCHITECTURE_DOC, moduleNames, regenerate } from './architecture';
import { commentsOf, untraceableCitations } from './citations';
import { DECISIONS_DIR, DECISIONS_INDEX, decisionProblems, readDecisions, renderDecisionIndex } from './decisions';
import { moduleGraph } from './source-graph';

/**
 * The docs say what the code says: the generated parts of docs/architecture.md and the decision
 * index are what `npm run docs:generate` would write now, and comments cite only what a reader of
 * the repository can open. When one of these fails, run `npm run docs:generate` (or fix the comment)
 * and commit the result.
 */

describe('docs/architecture.md', () => {
  const text = readFileSync(ARCHITECTURE_DOC, 'utf8');

  it('has its module map, event list and job list as the code has them (npm run docs:generate)', () => {
    expect(regenerate(text)).toBe(text);
  });

  it('notices a stale block: an edge the code does not have is rewritten away', () => {
    const stale = text.replace('| `wallet` | `ledger` |', '| `wallet` | `ledger`, `players` |');
    expect(stale).not.toBe(text);
    expect(regenerate(stale)).toBe(text);
  });

  it('refuses a document whose markers are gone, rather than silently writing nothing', () => {
    expect(() => regenerate(text.replace('<!-- generated:events -->', ''))).toThrow(/generated:events/);
  });

  it('describes every module in its prose table', () => {
    const described = [...text.matchAll(/^\| `([a-z-]+)` \| (?!`|–)/gm)].map((m) => m[1]);
    expect(moduleNames().filter((m) => !described.includes(m))).toEqual([]);
  });

  it('builds the module graph from index imports, module to module, without self edges', () => {
    const m = (p: string) => path.join('/src/modules', p);
    const graph = moduleGraph(
      [m('a/index.ts'), m('a/service.ts'), m('b/index.ts'), m('c/index.ts')],
      [
        { from: m('a/service.ts'), to: m('b') },
        { from: m('a/service.ts'), to: m('a/repo') },
        { from: '/src/app.ts', to: m('c') },
      ],
      '/src/modules',
    );
    expect(Object.fromEntries([...graph].map(([k, v]) => [k, [...v]]))).toEqual({ a: ['b'], b: [], c: [] });
  });
});

describe('docs/decisions', () => {
  const records = readDecisions();

  it('has an index listing every record with its status (npm run docs:generate)', () => {
    expect(readFileSync(DECISIONS_INDEX, 'utf8')).toBe(renderDecisionIndex(records));
  });

  it('names records NNN-title.md with a matching "# NNN" heading, one per number, statuses that resolve', () => {
    expect(records.length).toBeGreaterThan(100);
    expect(decisionProblems(records)).toEqual([]);
  });

  it('fails the index for a new record that has no line in it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'decisions-'));
    for (const r of records.filter((x) => x.status === 'accepted').slice(0, 3)) writeFileSync(path.join(dir, r.file), readFileSync(path.join(DECISIONS_DIR, r.file)));
    const before = renderDecisionIndex(readDecisions(dir));
    writeFileSync(path.join(dir, '999-something-new.md'), '# 999 Something new\n\n## Context\n');
    const after = renderDecisionIndex(readDecisions(dir));
    expect(after).not.toBe(before);
    expect(after).toContain('| 999 | [Something new](999-something-new.md) | accepted |');
    writeFileSync(path.join(dir, '998-bad.md'), '# 998 Bad\n\nStatus: superseded by 123.\n');
    expect(decisionProblems(readDecisions(dir))).toEqual(['998-bad.md: status names 123, which is no record']);
  });

  it('marks every record that a later one says it supersedes', () => {
    const claims: string[] = [];
    for (const r of records) {
      const text = readFileSync(path.join(DECISIONS_DIR, r.file), 'utf8');
      for (const m of text.matchAll(/\bsupersedes (?:decision )?(\d{3})\b/gi)) {
        const target = records.find((x) => x.number === m[1]);
        if (!target || !target.status.includes(r.number)) claims.push(`${r.file} supersedes ${m[1]}, whose status is "${target?.status}"`);
      }
    }
    expect(claims).toEqual([]);
  });
});

describe('comments cite what the repository holds', () => {
  it('finds a citation in a comment and ignores the same words in a string', () => {
    const code = ["// rounds are drawn here (issue 7)", "const s = 'issue 7 in a string';", '/** see design §7 */', 'export {};'].join('\n');
    expect(commentsOf('x.ts', code).map((c) => [c.line, c.text])).toEqual([
      [1, '// rounds are drawn here (issue 7)'],
      [3, '/** see design §7 */'],
    ]);
    expect(commentsOf('x.css', 'a { /* spec section 9 */ }')).toEqual([{ line: 1, text: '/* spec section 9 */' }]);
    expect(commentsOf('x.sql', 'SELECT 1; -- issue 3').map((c) => c.text)).toEqual(['-- issue 3']);
  });

  it('has no comment that cites an issue number, a spec section or a design section', () => {
    expect(untraceableCitations()).toEqual([]);
  });
});
