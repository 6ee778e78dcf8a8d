import { defineConfig } from 'vitest/config';
import { TEST_TIMEOUT_MS, WAIT_MS } from './tests/support/wait.mjs';

const sdk = `${import.meta.dirname}/sdk/src/index.ts`;

// Every layer waits for conditions with the same generous limit (tests/support/wait.mjs): expect.poll,
// Testing Library's waitFor (tests/unit/setup.ts) and Playwright (tests/e2e/harness.ts) all read WAIT_MS.
const waits = { expect: { poll: { timeout: WAIT_MS, interval: 50 } } };

export default defineConfig({
  resolve: { alias: { '@bastion/sdk': sdk } },
  test: {
    projects: [
      {
        resolve: { alias: { '@bastion/sdk': sdk } },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'sdk/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['tests/unit/setup.ts'],
          testTimeout: TEST_TIMEOUT_MS,
          ...waits,
        },
      },
      {
        resolve: { alias: { '@bastion/sdk': sdk } },
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: TEST_TIMEOUT_MS,
          hookTimeout: TEST_TIMEOUT_MS,
          ...waits,
        },
      },
      {
        // The api suite again on PostgreSQL: one cluster for the run, a schema per test server.
        resolve: { alias: { '@bastion/sdk': sdk } },
        test: {
          name: 'api-pg',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/api/postgres-setup.ts'],
          testTimeout: TEST_TIMEOUT_MS,
          hookTimeout: TEST_TIMEOUT_MS,
          ...waits,
        },
      },
      {
        resolve: { alias: { '@bastion/sdk': sdk } },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // One browser at a time: the machine has two cores and the server runs in the same process.
          fileParallelism: false,
          testTimeout: TEST_TIMEOUT_MS,
          hookTimeout: TEST_TIMEOUT_MS,
          ...waits,
        },
      },
    ],
  },
});
