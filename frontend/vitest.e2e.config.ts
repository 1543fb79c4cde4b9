import { defineConfig } from 'vitest/config';

// End-to-end tests: real Chromium against the real server. Each file starts its own server and
// browser, so two files run side by side (one per core of the CI machine).
export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.ts'],
    setupFiles: ['e2e/setup.ts'],
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
