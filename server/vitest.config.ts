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
    // The AWS SDK (S3 storage) warns once per process that its 2027 releases will want Node 22.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  },
});
