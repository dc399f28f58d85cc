import { defineConfig } from 'vitest/config';

export default defineConfig({
  // A file per core, as every project of the root config (vitest.config.ts says why).
  test: { name: 'scripts', environment: 'node', include: ['**/*.test.ts'], testTimeout: 120_000, hookTimeout: 60_000, maxWorkers: '100%' },
});
