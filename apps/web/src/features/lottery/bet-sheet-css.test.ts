/// <reference types="node" />
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Read from disk: Vitest hands CSS imports to tests as empty modules. The bet sheet's failure
// line used .form-error, whose rule is in the money screens' sheet, never loaded with Wingo: it
// showed as plain text (decision 480). Its own rule must be in the sheet's stylesheet.
const css = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'wingo-bet-sheet.css'), 'utf8');

describe('bet sheet failure style', () => {
  it('styles the failure alert as a box with its mark in the sheet’s own stylesheet', () => {
    expect(css).toMatch(/\.bet-sheet__problem\s*\{[^}]*border:[^}]*\}/);
    expect(css).toMatch(/\.bet-sheet__problem::before\s*\{[^}]*content:/);
  });
});
