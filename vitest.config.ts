import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
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

/**
 * An app's test files that replace modules with vi.mock, relative to the app. They get a module
 * registry each (Vitest's isolation); the app's other files share one per worker, which saves each
 * file re-importing React, antd and the dictionaries (half of the apps' test time). A file that
 * starts mocking moves to the isolated project by itself.
 */
function filesThatMockModules(appRoot: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.test\.tsx?$/.test(entry.name) && /\bvi\.(do)?[mM]ock\(/.test(readFileSync(path, 'utf8'))) found.push(relative(appRoot, path));
    }
  };
  walk(join(appRoot, 'src'));
  return found;
}

/** A browser app's component tests in jsdom, as two projects: the files that mock modules, isolated, and the rest sharing modules. */
function browserAppProjects(app: 'web' | 'admin', setupFiles: string[]) {
  const root = `apps/${app}`;
  const mocking = filesThatMockModules(root);
  const project = (name: string, files: { include: string[]; exclude?: string[] }, isolate: boolean) => ({
    extends: `${root}/vite.config.ts`,
    test: { name, root, ...files, environment: 'jsdom' as const, setupFiles, isolate },
  });
  return [
    ...(mocking.length > 0 ? [project(app, { include: mocking }, true)] : []),
    project(`${app}-shared`, { include: ['src/**/*.test.{ts,tsx}'], exclude: mocking }, false),
  ];
}

const workers = Number(process.env.VITEST_WORKERS ?? Math.max(2, availableParallelism()));

export default defineConfig({
  test: {
    maxWorkers: workers,
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] } },
      serverProject('server-pglite', { TEST_DB: 'pglite' }, ['src/**/*.test.ts', 'test/**/*.test.ts']),
      ...(postgresUrl ? [serverProject('server-postgres', { TEST_DB: 'postgres', TEST_DATABASE_URL: postgresUrl }, ['test/**/*.test.ts'])] : []),
      ...browserAppProjects('web', ['src/test/jsdom-browser.ts', 'src/test/setup.ts']),
      // The browser shims both apps' tests share (they live with the borrower app's tests), and
      // antd's stylesheets cut to what hides or shows an element (lean-stylesheets.ts).
      ...browserAppProjects('admin', ['../web/src/test/jsdom-browser.ts', 'src/test/lean-stylesheets.ts', 'src/test/setup.ts']),
    ],
  },
});
