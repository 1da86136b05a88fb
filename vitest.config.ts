import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// At least two files at a time: the suites mostly wait on PostgreSQL, servers and Chromium, and Vitest's
// default (CPUs - 1) ran everything one file at a time on our 2-CPU machines (docs/decisions/ci-time.md).
const workers = Math.max(2, availableParallelism() - 1);

// Timeouts only catch a hung test, never judge speed: the machines are shared, and under a load of 20 on
// 2 CPUs a property test that takes 7 s took 30 s (docs/decisions/ci-time.md).
const HANG = { testTimeout: 180_000, hookTimeout: 240_000 };

// One runner for every suite. Server suites run twice: once on SQLite, once on PostgreSQL.
const serverSuite = (dialect: 'sqlite' | 'postgres') => ({
  test: {
    name: `server-${dialect}`,
    root: 'apps/server',
    include: ['src/**/*.test.ts'],
    // `*.postgres.test.ts`: what only exists with PostgreSQL (several processes on one database).
    exclude: dialect === 'sqlite' ? ['src/**/*.postgres.test.ts'] : [],
    environment: 'node',
    env: { TEST_DB: dialect },
    ...HANG,
  },
});

export default defineConfig({
  test: {
    maxWorkers: workers,
    projects: [
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'], ...HANG } },
      serverSuite('sqlite'),
      serverSuite('postgres'),
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          ...HANG,
        },
      },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.spec.ts'],
          ...HANG,
          fileParallelism: false,
        },
      },
    ],
  },
});
