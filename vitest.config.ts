import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner, three projects: each workspace holds its own vitest.config.ts.
export default defineConfig({
  test: {
    projects: ['contract', 'server', 'web', 'scripts'],
    // Vitest's default is one worker fewer than the cores: one on a two-core machine such as CI's. The
    // server's files mostly wait (on a database, a socket, a child process), so two run at once on
    // two cores: npm test 386 → 254 s and test:pg ≈ 500 → 335 s on a quiet two-core machine
    // (bench/RESULTS.md, "CI run time"). Each file has its own database, ports and data folder.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
