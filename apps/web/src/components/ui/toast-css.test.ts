/// <reference types="node" />
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Read from disk: Vitest hands CSS imports to tests as empty modules, and jsdom does no layout
// (the layout spec checks the toast's box against the page's headings in Chromium).
const css = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'toast.css'), 'utf8');

describe('toast position (decision 480)', () => {
  it('sits at the bottom above the navigation and the safe area, not mid-screen over headings', () => {
    const region = /\.toast-region\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(region).toMatch(/position:\s*fixed/);
    expect(region).toMatch(/bottom:\s*calc\([^;]*env\(safe-area-inset-bottom\)/);
    expect(region).not.toMatch(/(^|\s)top:/);
  });
});
