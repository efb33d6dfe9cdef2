import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    reporters: ['default', './scripts/summary-reporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Two projects so that the end-to-end suite's global setup (building the renderer) runs only
    // when an e2e test file is part of the run.
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['core/**/*.test.ts', 'cli/**/*.test.ts', 'node/**/*.test.ts', 'electron/**/*.test.ts', 'renderer/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
        },
      },
    ],
  },
});
