import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The accessibility walks first, the longest of the suite's files (the member's walk at one width takes
 * minutes on a loaded machine): on a clean clone Vitest has no timings of a previous run and orders the
 * files by size, which put these small files last, and the suite then waited on one of them at its end.
 */
class WalksFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const walk = (spec: TestSpecification) => /accessibility-[\w-]+\.e2e\.ts$/.test(spec.moduleId);
    return [...sorted.filter(walk), ...sorted.filter((spec) => !walk(spec))];
  }
}

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
    sequence: { sequencer: WalksFirst },
    // expect.poll waits up to 10 s (Vitest's default is 1 s): on a busy two-core machine a page's call
    // can take longer than a second, and a journey then failed on a count that was about to be right.
    expect: { poll: { timeout: 10_000 } },
  },
});
