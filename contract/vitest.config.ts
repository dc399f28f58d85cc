import { defineConfig } from 'vitest/config';

export default defineConfig({
  // A file per core, as every project of the root config (vitest.config.ts says why).
  test: { name: 'contract', environment: 'node', include: ['src/**/*.test.ts'], maxWorkers: '100%' },
});
