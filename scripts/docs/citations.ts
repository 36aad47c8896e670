import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Comments must point at something a reader of this repository can open: a doc under docs/, a
 * decision record, a file. An issue number, a section of the product specification or of the design notes
 * (kept outside the repository) cannot be followed from a checkout, so such citations are refused
 * in comments (scripts/docs/docs.test.ts). Say the rule itself, or name the repository document.
 */

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** The places source lives: every app and package, tests, scripts, e2e, benchmarks, the cluster test. */
const ROOTS = ['apps', 'packages', 'scripts', 'e2e', 'bench', 'cluster'];
const SKIP = new Set(['node_modules', 'dist', 'data', 'test-results', 'playwright-report', 'runs', '.tmp']);
const CODE = /\.(?:ts|tsx|mts|js|mjs|cjs|jsx)$/;
const BLOCK_COMMENTED = /\.(?:css|sql|html)$/;

/** The citations a comment may not use, each with a name for the failure message. */
export const UNTRACEABLE: Array<[RegExp, string]> = [
  [/\bissues?\s+#?\d+/i, 'an issue number'],
  [/\bspec(?:ification)?(?:'s)?\s+(?:sections?|§)\s*\d/i, 'a spec section'],
  [/\bproduct[- ]spec\b/i, 'the product spec'],
  [/\b(?:design|spec|system\.md)\s*§/i, 'a design section'],
  [/\bdesign sections?\s+\d/i, 'a design section'],
  [/\bsystem\.md\s+\d/i, 'a design section'],
];

export function sourceFiles(root = ROOT): string[] {
  const out: string[] = [];
  const visit = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (SKIP.has(name) || name.startsWith('.')) continue;
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) visit(full);
      else if (CODE.test(name) || BLOCK_COMMENTED.test(name)) out.push(full);
    }
  };
  for (const r of ROOTS) visit(path.join(root, r));
  return out;
}

/** Every comment of a file with the line it starts on. Code is parsed, so strings never count. */
export function commentsOf(file: string, text: string): Array<{ line: number; text: string }> {
  if (BLOCK_COMMENTED.test(file)) {
    const pattern = file.endsWith('.sql') ? /--[^\n]*|\/\*[\s\S]*?\*\//g : /\/\*[\s\S]*?\*\/|<!--[\s\S]*?-->/g;
    return [...text.matchAll(pattern)].map((m) => ({ line: lineAt(text, m.index!), text: m[0] }));
  }
  const kind = /\.(?:tsx|jsx)$/.test(file) ? ts.ScriptKind.TSX : /\.[mc]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const seen = new Map<number, string>();
  const collect = (ranges: ts.CommentRange[] | undefined) => {
    for (const r of ranges ?? []) seen.set(r.pos, text.slice(r.pos, r.end));
  };
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.pos));
    collect(ts.getTrailingCommentRanges(text, node.end));
    node.getChildren(source).forEach(visit);
  };
  visit(source);
  return [...seen].sort(([a], [b]) => a - b).map(([pos, comment]) => ({ line: lineAt(text, pos), text: comment }));
}

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** "file:line: cites an issue number: <the comment's words>" for each offending comment. */
export function untraceableCitations(files = sourceFiles()): string[] {
  const found: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    if (!UNTRACEABLE.some(([pattern]) => pattern.test(text))) continue;
    for (const comment of commentsOf(file, text)) {
      for (const [pattern, what] of UNTRACEABLE) {
        const m = pattern.exec(comment.text);
        if (!m) continue;
        const offset = comment.text.slice(0, m.index).split('\n').length - 1;
        found.push(`${path.relative(ROOT, file)}:${comment.line + offset}: cites ${what} ("${m[0]}")`);
      }
    }
  }
  return found;
}
