import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // getByRole walks the accessibility tree of a whole board in jsdom: well under a second alone,
    // but past vitest's 5 s default on a machine busy with other work (CI may be). A hang still fails.
    testTimeout: 30_000,
  },
});
