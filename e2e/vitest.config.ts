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
    // expect.poll waits up to 10 s (Vitest's default is 1 s): on a busy two-core machine a page's call
    // can take longer than a second, and a journey then failed on a count that was about to be right.
    expect: { poll: { timeout: 10_000 } },
  },
});
