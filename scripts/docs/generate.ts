import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ARCHITECTURE_DOC, ROOT, regenerate } from './architecture';
import { DECISIONS_INDEX, decisionProblems, readDecisions, renderDecisionIndex } from './decisions';

/**
 * `npm run docs:generate`: rewrites the generated parts of the docs from the code (the module map
 * and event list of docs/architecture.md, the index of docs/decisions/). `--check` writes nothing
 * and exits 1 when a file is stale, for CI or a hook; scripts/docs/docs.test.ts checks the same.
 */

/** Each generated file with what it should contain now. */
export function generatedFiles(): Array<{ file: string; current: string; wanted: string }> {
  const arch = readFileSync(ARCHITECTURE_DOC, 'utf8');
  let index = '';
  try {
    index = readFileSync(DECISIONS_INDEX, 'utf8');
  } catch {
    // no index yet: generating writes it
  }
  return [
    { file: ARCHITECTURE_DOC, current: arch, wanted: regenerate(arch) },
    { file: DECISIONS_INDEX, current: index, wanted: renderDecisionIndex() },
  ];
}

if (import.meta.filename === path.resolve(process.argv[1] ?? '')) {
  const check = process.argv.includes('--check');
  const problems = decisionProblems(readDecisions());
  for (const p of problems) console.error(`docs/decisions: ${p}`);
  let stale = 0;
  for (const { file, current, wanted } of generatedFiles()) {
    if (current === wanted) continue;
    stale++;
    if (check) console.error(`${path.relative(ROOT, file)} is stale: run npm run docs:generate`);
    else {
      writeFileSync(file, wanted);
      console.log(`wrote ${path.relative(ROOT, file)}`);
    }
  }
  if (!stale) console.log('generated docs are up to date');
  process.exit(problems.length || (check && stale) ? 1 : 0);
}
