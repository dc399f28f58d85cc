import { defineConfig } from 'vitest/config';

// Browser journeys, each file against its own server process, database, mail server and browser, two
// files at a time (a journey mostly waits on its page; one at a time left a core idle).
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    maxWorkers: 2,
    testTimeout: 90_000,
    hookTimeout: 90_000,
  },
});
