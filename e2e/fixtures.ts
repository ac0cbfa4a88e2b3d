import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';
export type { APIRequestContext, Page, Request } from '@playwright/test';

/*
 * One server per Playwright worker slot (decision 082): global-setup.ts starts as many servers as
 * there are workers, each on a port of its own with a fresh in-memory database, and a worker's
 * journeys run one after another against the server of its slot (parallelIndex). Journeys in two
 * workers never share a database, a business clock or the demo borrower. A worker that restarts
 * (after a failure, or for a file with other launch options) keeps its slot and so its server,
 * instead of waiting for a new one to start.
 */
export const test = base.extend<object, { server: { baseURL: string } }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use, workerInfo) => {
      const urls = (process.env.E2E_SERVER_URLS ?? '').split(',').filter(Boolean);
      const baseURL = urls[workerInfo.parallelIndex % Math.max(urls.length, 1)];
      if (!baseURL) throw new Error('no e2e server: run through e2e/playwright.config.ts (its global setup starts them)');
      await use({ baseURL });
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => use(server.baseURL),
});
