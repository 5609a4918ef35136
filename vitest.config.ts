import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'test/**/*.test.ts'],
    // Two files at a time even on two cores (Vitest's default there is one): the suite spends most
    // of its time waiting on the servers, archives and ClickHouse shards it starts, not computing.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Every search answer a test receives is checked against the official response schema.
    globalSetup: ['test-support/vitest-global-setup.ts'],
    setupFiles: ['test-support/vitest-search-checks.ts'],
  },
});
