import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Rules packages do no I/O and read no clock or randomness: time and results are arguments.
describe('@colorplay/lottery boundaries', () => {
  it('has no clock, randomness or node: import in its sources', () => {
    const dir = new URL('./', import.meta.url);
    const sources = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    expect(sources).toContain('index.ts');
    for (const f of sources) {
      const text = readFileSync(new URL(f, dir), 'utf8');
      expect(text, f).not.toMatch(/Date\.now|new Date\(|Math\.random|from ['"]node:|process\./);
    }
  });
});
