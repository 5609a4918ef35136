import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Every search answer a test receives is checked against the official response schema.
    globalSetup: ['test-support/vitest-global-setup.ts'],
    setupFiles: ['test-support/vitest-search-checks.ts'],
  },
});
