import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * One Vitest run for every unit and server-integration test. The server's integration tests
 * (test/**) run once on embedded PGlite and, when TEST_DATABASE_URL is set, once more on that
 * PostgreSQL; the server's unit tests beside its code (src/**) use no database and run once, in
 * the PGlite project. Two workers at least: CI has 2 cores and Vitest's default is cores - 1
 * (decision 082).
 */
const serverProject = (name: string, env: Record<string, string>, include: string[]) => ({
  test: {
    name,
    root: 'apps/server',
    include,
    // One migrated database per project and run, copied by each test file's database (decision 082).
    globalSetup: ['test/helpers/global-setup.ts'],
    environment: 'node',
    // A worker keeps its modules from one test file to the next: the server's import graph was a
    // third of these projects' CPU, and no server test changes module state (decision 107).
    isolate: false,
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

const postgresUrl = process.env.TEST_DATABASE_URL;

const workers = Number(process.env.VITEST_WORKERS ?? Math.max(2, availableParallelism()));

export default defineConfig({
  test: {
    maxWorkers: workers,
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] } },
      serverProject('server-pglite', { TEST_DB: 'pglite' }, ['src/**/*.test.ts', 'test/**/*.test.ts']),
      ...(postgresUrl ? [serverProject('server-postgres', { TEST_DB: 'postgres', TEST_DATABASE_URL: postgresUrl }, ['test/**/*.test.ts'])] : []),
      {
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test/jsdom-browser.ts', 'src/test/setup.ts'],
        },
      },
      {
        extends: 'apps/admin/vite.config.ts',
        test: {
          name: 'admin',
          root: 'apps/admin',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // The browser shims both apps' tests share (they live with the borrower app's tests).
          setupFiles: ['../web/src/test/jsdom-browser.ts', 'src/test/setup.ts'],
        },
      },
    ],
  },
});
