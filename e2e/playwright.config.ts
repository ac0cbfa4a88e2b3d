import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, findChromium } from '../scripts/chromium.mjs';

/**
 * Journeys in Debian's Chromium at 390x844 against the built web app (and the back office's at
 * 1440x900, under e2e/admin/) served by a real server on
 * 127.0.0.1 with a fresh in-memory database and the development SMS provider: one server per
 * worker, started by global-setup.ts and picked by the worker-scoped `server` fixture (fixtures.ts;
 * decision 082). Three workers by default on CI's two cores (decision 123; E2E_WORKERS to change); a file's tests run in order in
 * one worker.
 */
const workers = Number(process.env.E2E_WORKERS ?? 3);
const executablePath = findChromium() ?? undefined;

// One device pixel per CSS pixel: layout, hit targets and media queries are those of a 390 px phone
// either way, and a journey rasterises a quarter of the pixels a 2x screen would on CI's two cores.
const phone = { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 };
/** The back office is desktop-first: a laptop screen, a mouse, no touch. */
const desk = { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 };
/** The back office's journeys and gallery live in e2e/admin/. */
const ADMIN = /e2e[\\/]admin[\\/]/;

export default defineConfig({
  testDir: '.',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers,
  retries: 0,
  // Journeys of 40–60 s alone (the restructure, the Back walk, repay) ran past 60 s when three ran
  // side by side on two cores (CI of 2026-11-26); a limit is for a hang, not for the machine's speed.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  outputDir: '../test-results/e2e',
  use: {
    ...phone,
    browserName: 'chromium',
    launchOptions: { executablePath, args: CHROMIUM_FLAGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  // The back office's files first: workers take files in the projects' order, and its three files
  // are the longest (2.7 min, 1.1 min, 1.1 min); started last they ran alone at the end of the run.
  projects: [
    { name: 'admin', testMatch: /e2e[\\/]admin[\\/].*\.spec\.ts$/, use: { ...desk } },
    { name: 'journeys', testMatch: /.*\.spec\.ts/, testIgnore: ADMIN },
    { name: 'screenshots', testMatch: /.*\.gallery\.ts/, testIgnore: ADMIN },
    { name: 'admin-screenshots', testMatch: /e2e[\\/]admin[\\/].*\.gallery\.ts$/, use: { ...desk } },
  ],
});
