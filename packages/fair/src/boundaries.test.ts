import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The main entry must bundle into the web app's verify screen: no node: imports anywhere it can
// reach, and (like every rules package) no clock and no randomness.
const dir = new URL('./', import.meta.url);
const sources = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
const nodeOnly = new Set(['node.ts', 'cli.ts', 'cli-core.ts']);

describe('@colorplay/fair boundaries', () => {
  it('keeps node: imports out of the browser entry', () => {
    const browser = sources.filter((f) => !nodeOnly.has(f));
    expect(browser).toContain('index.ts');
    for (const f of browser) {
      const text = readFileSync(new URL(f, dir), 'utf8');
      expect(text, f).not.toMatch(/from ['"]node:|require\(/);
      expect(text, f).not.toMatch(/from ['"]\.\/(node|cli|cli-core)['"]/);
    }
  });

  it('reads no clock and draws no randomness', () => {
    for (const f of sources) {
      const text = readFileSync(new URL(f, dir), 'utf8');
      expect(text, f).not.toMatch(/Date\.now|new Date\(|Math\.random|getRandomValues|randomBytes/);
    }
  });
});
