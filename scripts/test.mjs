// `npm test`: every test. Unit and server-integration tests (Vitest; server tests on PGlite, and
// on PostgreSQL too when TEST_DATABASE_URL is set), then the web and back-office builds and the
// Playwright journeys in Chromium: the borrower app at 390x844 and the back office at 1440x900
// (three workers, one server each; decisions 082, 093 and 123). Prints one 'N passed, N failed' line per
// runner with its time, and a total.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium } from './chromium.mjs';
import { buildAppsInParallel } from './web-build.mjs';

const root = new URL('..', import.meta.url).pathname;
const reports = join(root, 'test-results', 'summary');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

let chromePath;
try {
  chromePath = ensureChromium();
} catch (error) {
  console.error(`npm test: ${error.message}`);
  process.exit(1);
}

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function readJson(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null;
}

function failedVitestTests(report) {
  const names = [];
  for (const file of report?.testResults ?? []) {
    const path = file.name.replace(root, '');
    const failedTests = file.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failedTests) names.push(`${path} › ${test.fullName}`);
    // A file that failed outside its tests (an import or a hook) has no failed assertion to name.
    if (file.status === 'failed' && failedTests.length === 0) names.push(`${path}: ${String(file.message).split('\n')[0]}`);
  }
  return names;
}

function failedPlaywrightTests(report) {
  const names = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected') names.push(`[${test.projectName}] ${[...titles, spec.title].join(' › ')}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report?.suites ?? []) walk(suite, [suite.title]);
  return names;
}

const summary = [];
const started = Date.now();
const seconds = (since) => Math.round((Date.now() - since) / 1000);

let phaseStart = Date.now();
const vitestReport = join(reports, 'vitest.json');
const vitestStatus = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]);
const vitest = readJson(vitestReport);
summary.push({
  runner: 'vitest',
  passed: vitest?.numPassedTests ?? 0,
  failed: (vitest?.numFailedTests ?? 0) + (vitest ? 0 : 1),
  skipped: vitest?.numPendingTests ?? 0,
  status: vitestStatus,
  seconds: seconds(phaseStart),
});

phaseStart = Date.now();
let webBuildSeconds = 0;
let adminBuildSeconds = 0;
try {
  [webBuildSeconds, adminBuildSeconds] = await buildAppsInParallel(['web', 'admin']);
} catch (error) {
  console.error(`npm test: ${error.message}`);
  process.exit(1);
}
const buildsSeconds = seconds(phaseStart);
phaseStart = Date.now();
const playwrightReport = join(reports, 'playwright.json');
const playwrightStatus = run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--project', 'journeys', '--project', 'admin', '--reporter=list,json'], {
  CHROME_PATH: chromePath,
  PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
});
const playwright = readJson(playwrightReport);
summary.push({
  runner: 'playwright',
  passed: (playwright?.stats?.expected ?? 0) + (playwright?.stats?.flaky ?? 0),
  failed: (playwright?.stats?.unexpected ?? 0) + (playwright ? 0 : 1),
  skipped: playwright?.stats?.skipped ?? 0,
  status: playwrightStatus,
  seconds: seconds(phaseStart),
});

console.log('\n── test summary ──');
for (const { runner, passed, failed, skipped, seconds: took } of summary) {
  console.log(`${runner}: ${passed} passed, ${failed} failed, ${skipped} skipped (${took} s)`);
}
console.log(`builds side by side: ${buildsSeconds} s (web app ${webBuildSeconds} s, back office ${adminBuildSeconds} s)`);
// The failures again at the end, by name: the runners print them far above, out of a CI log's tail.
for (const name of failedVitestTests(vitest)) console.log(`failed (vitest): ${name}`);
for (const name of failedPlaywrightTests(playwright)) console.log(`failed (playwright): ${name}`);
const passed = summary.reduce((sum, entry) => sum + entry.passed, 0);
const failed = summary.reduce((sum, entry) => sum + entry.failed, 0);
console.log(`total: ${passed} passed, ${failed} failed (${seconds(started)} s)`);
const ok = summary.every((entry) => entry.status === 0 && entry.failed === 0) && passed > 0;
process.exit(ok ? 0 : 1);
