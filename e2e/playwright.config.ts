import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, findChromium } from '../scripts/chromium.mjs';

/**
 * Journeys in Debian's Chromium at 390x844 against the built web app served by a real server on
 * 127.0.0.1 with a fresh in-memory database and the development SMS provider.
 */
const port = Number(process.env.E2E_PORT ?? 8191);
export const baseURL = `http://127.0.0.1:${port}`;
const executablePath = findChromium() ?? undefined;

const phone = { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 };

export default defineConfig({
  testDir: '.',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  outputDir: '../test-results/e2e',
  use: {
    baseURL,
    ...phone,
    browserName: 'chromium',
    launchOptions: { executablePath, args: CHROMIUM_FLAGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'journeys', testMatch: /.*\.spec\.ts/ },
    { name: 'screenshots', testMatch: /.*\.gallery\.ts/ },
  ],
  webServer: {
    command: 'node --import tsx apps/server/src/main.ts',
    cwd: '..',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      DATA_DIR: 'memory://',
      SMS_PROVIDER: 'dev',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
      OTP_LIMIT_PER_PHONE_HOUR: '1000',
      OTP_LIMIT_PER_IP_HOUR: '1000',
      OTP_LIMIT_PER_DEVICE_HOUR: '1000',
      // Payouts answer at once; the journeys run the loan jobs themselves (/api/dev/loans/run-jobs).
      PAYOUT_DELAY_MS: '0',
      TICKER_MIN_LOANS: '1',
    },
  },
});
