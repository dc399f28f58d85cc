import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { chunkPackages } from './build/chunk-packages.mjs';
import { compileHints } from './build/compile-hints.mjs';
import { appChunk } from './build/app-chunk.mjs';
import { precompress } from './build/precompress.mjs';
import { inlineCalls } from './build/inline-calls.mjs';
import * as calls from '@inkwell/contract/calls';

const api = 'http://127.0.0.1:3000';
const app = appChunk();

export default defineConfig({
  plugins: [react(), tailwindcss(), inlineCalls(calls), app.plugin, chunkPackages(), compileHints(), precompress()],
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/storage': { target: api, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/storage': { target: api, changeOrigin: false },
    },
  },
  // The server-side bundle (vite build --ssr) carries the contract and everything that renders inside
  // (React and the libraries that use it: one copy of React, whatever node_modules holds beside it).
  ssr: { noExternal: ['@inkwell/contract', 'react', 'react-dom', 'scheduler', 'react-router', '@tanstack/react-query', 'lucide-react'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each page loads (scripts/bundle-budget.test.ts reads it).
    manifest: true,
    // Every browser the app supports preloads modules itself (Safari 17, Firefox 115, Chrome 66): no
    // polyfill in the entry (an older one fetches the chunks as they are imported, later, not wrongly).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The contract's modules only declare things: a page that imports `paths` does not get every
      // zod schema with it (those come with the first API call, web/src/lib/load-schemas.ts).
      treeshake: { moduleSideEffects: [{ test: /[\\/]contract[\\/]src[\\/]/, sideEffects: false }] },
      output: {
        // The libraries every page loads, each in a chunk of its own that a new release of the app's
        // code does not change (so browsers keep them cached).
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            { name: 'router', test: /[\\/]node_modules[\\/]react-router[\\/]/, priority: 20 },
            { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/, priority: 10 },
            app.group,
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // One jsdom per worker, each file in a VM context of its own (still isolated): making jsdom for
    // every file was a third of the suite's time (69 files).
    pool: 'vmThreads',
    // A file per core, as every project of the root config (vitest.config.ts says why).
    maxWorkers: '100%',
    // findBy and waitFor give up after 5 s (src/test/setup.ts): a test has room for a few of them.
    testTimeout: 15_000,
  },
});
