import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** The soak test alone (`npm run test:soak`): one long test that wants the machine to itself. */
export default defineConfig({
  root: fileURLToPath(new URL('../../../..', import.meta.url)),
  test: {
    include: ['packages/server/test/soak/*.soak.ts'],
    // The soak runs 160 s, plus its warm-up requests and the clean stop.
    testTimeout: 280_000,
    hookTimeout: 120_000,
    // Every search answer is checked against the official response schema.
    globalSetup: ['test-support/vitest-global-setup.ts'],
    setupFiles: ['test-support/vitest-search-checks.ts'],
  },
});
