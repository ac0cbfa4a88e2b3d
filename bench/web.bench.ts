// `npm run bench:web`: builds the web app, serves it with the real Sen server on 127.0.0.1 and runs
// Lighthouse 12 with its mobile defaults (simulated slow 4G, 4x CPU slowdown, Moto G Power screen)
// in Debian's Chromium on the visitor's first routes. Prints the figures of issue 7 and whether
// each meets its target, and the byte budgets npm test holds (e2e/budgets.spec.ts) with their
// verdicts. It measures; it never fails a build (exit code 0 unless it cannot run).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { FIRST_ROUTE_JS_BUDGET_GZIP_BYTES, firstRouteJavaScript } from '../apps/web/build/first-route.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'apps/web/dist');
const HOST = '127.0.0.1';
const ROUTES = (process.env.BENCH_WEB_ROUTES ?? '/login,/home/no-auth').split(',');
const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 1));

const TARGETS = { performance: 95, accessibility: 100, bestPractices: 100, fcpMs: 1500 };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit' });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

async function startServer(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST,
      NODE_ENV: 'test',
      DATA_DIR: 'memory://',
      SMS_PROVIDER: 'dev',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
    },
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`http://${HOST}:${port}/api/health`);
      if (response.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill();
  throw new Error('server did not answer /api/health within 120 s');
}

/** The gzip size of the JavaScript a route loaded, measured on the built files (what a gzip-only client gets). */
function gzippedJsKb(scriptUrls: string[]): number {
  let bytes = 0;
  for (const url of scriptUrls) {
    const file = path.join(DIST, new URL(url).pathname);
    if (existsSync(file)) bytes += gzipSync(readFileSync(file), { level: 9 }).length;
  }
  return bytes / 1024;
}

interface Figures {
  route: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  jsKbGz: number;
  jsKbTransferred: number;
  failing: string[];
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

async function measure(port: number, chromePort: number, route: string): Promise<Figures> {
  const result = await lighthouse(`http://${HOST}:${port}${route}`, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${route}`);
  const { lhr } = result;
  // BENCH_WEB_REPORTS=dir keeps each full Lighthouse report (JSON) for a closer look.
  if (process.env.BENCH_WEB_REPORTS) {
    mkdirSync(process.env.BENCH_WEB_REPORTS, { recursive: true });
    writeFileSync(path.join(process.env.BENCH_WEB_REPORTS, `${route.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'root'}.json`), JSON.stringify(lhr));
  }
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? 0);
  const items = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []).filter(
    (item) => item.resourceType === 'Script' && item.url.startsWith(`http://${HOST}:${port}/`),
  );
  const failing = Object.values(lhr.audits)
    .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
    .map((audit) => audit.id);
  return {
    route,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    jsKbGz: gzippedJsKb(items.map((item) => item.url)),
    jsKbTransferred: items.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024,
    failing,
  };
}

function verdict(ok: boolean): string {
  return ok ? 'ok' : 'MISSED';
}

async function main() {
  const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromePath)) throw new Error(`Chromium not found at ${chromePath} (set CHROME_PATH); the bench never downloads a browser.`);
  if (process.env.BENCH_WEB_SKIP_BUILD !== '1') await run('npm', ['run', 'build', '-w', 'apps/web']);
  // The budgets `npm test` holds (e2e/budgets.spec.ts), read from the same build.
  const firstRoute = firstRouteJavaScript(DIST);
  const loadBefore = loadavg();
  const port = await freePort();
  const server = await startServer(port);
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage'],
  });
  const all: Figures[] = [];
  try {
    for (const route of ROUTES) {
      for (let attempt = 0; attempt < RUNS; attempt += 1) all.push(await measure(port, chrome.port, route));
    }
  } finally {
    chrome.kill();
    server.kill();
  }
  const loadAfter = loadavg();
  const load = (figures: number[]) => figures.map((figure) => figure.toFixed(2)).join(' / ');
  console.log('\nBudgets (bytes of the build, as e2e/budgets.spec.ts checks them in npm test)');
  console.log(
    `  first route JS  ${(firstRoute.gzipBytes / 1024).toFixed(1)} KB gzip (${(firstRoute.bytes / 1024).toFixed(1)} KB raw, ${firstRoute.files.length} file(s): index.html's entry and its static imports)  (budget <= ${FIRST_ROUTE_JS_BUDGET_GZIP_BYTES / 1024}: ${verdict(firstRoute.gzipBytes <= FIRST_ROUTE_JS_BUDGET_GZIP_BYTES)})`,
  );
  console.log(`\nLoad average (1 / 5 / 15 min) ${load(loadBefore)} before, ${load(loadAfter)} after, on ${availableParallelism()} cores: Lighthouse's times inflate with it`);
  console.log('\nLighthouse 12, mobile defaults (simulated slow 4G, 4x CPU), Chromium', chromePath);
  for (const f of all) {
    console.log(`\n${f.route}`);
    console.log(`  performance     ${f.performance}  (target >= ${TARGETS.performance}: ${verdict(f.performance >= TARGETS.performance)})`);
    console.log(`  accessibility   ${f.accessibility}  (target ${TARGETS.accessibility}: ${verdict(f.accessibility >= TARGETS.accessibility)})`);
    console.log(`  best practices  ${f.bestPractices}  (target ${TARGETS.bestPractices}: ${verdict(f.bestPractices >= TARGETS.bestPractices)})`);
    console.log(`  FCP             ${f.fcpMs} ms  (target <= ${TARGETS.fcpMs}: ${verdict(f.fcpMs <= TARGETS.fcpMs)})`);
    console.log(`  LCP             ${f.lcpMs} ms, TBT ${f.tbtMs} ms`);
    console.log(`  JS loaded       ${f.jsKbGz.toFixed(1)} KB gzipped (${f.jsKbTransferred.toFixed(1)} KB on the wire): every script the page fetched, its lazy route and dictionary included`);
    if (f.failing.length) console.log(`  failing audits  ${f.failing.join(', ')}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
