import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2020',
    sourcemap: true,
    // The JS for `/` has a 100 KB gzip budget (scripts/bundle-size.mjs checks it).
    reportCompressedSize: false,
  },
  server: { port: 5173 },
});
