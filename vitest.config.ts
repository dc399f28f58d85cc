import { defineConfig } from 'vitest/config';

// One runner, three projects: each workspace holds its own vitest.config.ts.
export default defineConfig({
  test: {
    projects: ['contract', 'server', 'web', 'scripts'],
  },
});
