import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // A file per core, as every project of the root config (vitest.config.ts says why): each file has its
    // own database, ports and data folder.
    maxWorkers: '100%',
    // Files share a worker's modules rather than loading the server's ~450 modules again for each of
    // them (more than half of a file's time went to that): each file still builds its own app,
    // database and ports. Every file passed that way on both databases before it was turned on
    // (bench/RESULTS.md, "CI run time": the SQLite run 344 s → 229–274 s). A file that leaves state
    // in a module for the next one to trip on is a bug of that file.
    isolate: false,
    // The AWS SDK (S3 storage) warns once per process that its 2027 releases will want Node 22.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  },
});
