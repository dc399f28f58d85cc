import { defineConfig } from 'vitest/config';

// One runner, four projects: each workspace holds its own vitest.config.ts. Each of them runs
// `maxWorkers: '100%'` (a file per core): Vitest's default is one worker fewer than the cores, one
// file at a time on a two-core machine such as CI's, while the server's files mostly wait on a
// database, a socket or a child process (bench/RESULTS.md, "CI run time"). It is set in every project
// because a project's own config decides its pool (a setting here does not reach them), and the
// projects must agree (Vitest refuses projects of one group with different maxWorkers).
export default defineConfig({
  test: {
    projects: ['contract', 'server', 'web', 'scripts'],
  },
});
