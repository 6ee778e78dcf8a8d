import { defineConfig } from 'vitest/config';

const sdk = `${import.meta.dirname}/sdk/src/index.ts`;

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
        },
      },
      {
        resolve: { alias: { '@bastion/sdk': sdk } },
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20000,
          hookTimeout: 60000,
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
          testTimeout: 20000,
          hookTimeout: 60000,
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
          testTimeout: 60000,
          hookTimeout: 90000,
          // A page waits for the server and the browser on a busy two-core machine: polls get room.
          expect: { poll: { timeout: 15000 } },
        },
      },
    ],
  },
});
