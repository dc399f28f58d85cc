import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './build/precompress.mjs';

const api = 'http://127.0.0.1:3000';

/**
 * The components are written against React's API and run on Preact's (preact/compat), in the browser,
 * on the server and in the tests alike: React 19's runtime alone weighs 66 KB gzipped, Preact's 11 KB,
 * and issue 11 gives a page's first load 100 KB (ARCHITECTURE.md, decisions).
 */
const preactForReact = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];
/** Packages that import React themselves: bundled (and in tests inlined) so that they get Preact too. */
const usesReact = ['react-router', '@tanstack/react-query', 'lucide-react'];
/** The tests render through Preact's Testing Library, whose API is the one they are written against. */
const testingLibrary = [{ find: /^@testing-library\/react$/, replacement: '@testing-library/preact' }];

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: preactForReact,
    dedupe: ['preact'],
    // In the tests, packages resolve to their ES modules (whose imports the aliases reach), not to CommonJS.
    ...(process.env.VITEST ? { conditions: ['module', 'browser', 'development|production'] } : {}),
  },
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
  // The server-side bundle (vite build --ssr) carries the contract and everything that renders inside.
  ssr: { noExternal: ['@inkwell/contract', 'react', 'react-dom', 'preact', 'preact-render-to-string', ...usesReact] },
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
            { name: 'preact', test: /[\\/]node_modules[\\/]preact[\\/]/, priority: 30 },
            { name: 'router', test: /[\\/]node_modules[\\/]react-router[\\/]/, priority: 20 },
            { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/, priority: 10 },
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
    // findBy and waitFor give up after 5 s (src/test/setup.ts): a test has room for a few of them.
    testTimeout: 15_000,
    alias: testingLibrary,
    server: { deps: { inline: [...usesReact, '@testing-library/preact'] } },
  },
});
