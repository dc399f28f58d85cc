import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'scripts', environment: 'node', include: ['**/*.test.ts'], testTimeout: 120_000, hookTimeout: 60_000 },
});
