import path from 'node:path';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures.ts';
import { FIRST_ROUTE_JS_BUDGET_GZIP_BYTES, firstRouteJavaScript } from '../apps/web/build/first-route.ts';

/**
 * Budgets of issue 21 held as tests (docs/decisions/081): bytes and paints counted on the build
 * `npm test` has just made, never times.
 */
const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const ADMIN_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/admin/dist');
/**
 * The back office's first load (decision 092): antd, React, the router, the request layer and the
 * contract it checks answers against; 361 KB gzip when set. Pages, ECharts and the dictionaries
 * (one per language, about 12 KB gzip, fetched before the first render) load on demand.
 */
const ADMIN_FIRST_ROUTE_BUDGET_GZIP_BYTES = 380 * 1024;

test("the first route's JavaScript is at most 150 KB gzip, and has no zod in it", () => {
  const firstRoute = firstRouteJavaScript(DIST);
  const summary = firstRoute.files.map((file) => `${file.path} ${file.gzipBytes} B gz`).join(', ');
  expect(firstRoute.files.length, summary).toBeGreaterThan(0);
  expect(firstRoute.gzipBytes, summary).toBeLessThanOrEqual(FIRST_ROUTE_JS_BUDGET_GZIP_BYTES);
  // zod v4 keeps every schema's internals under `_zod`: none of it may ride on the first route.
  for (const file of firstRoute.files) expect(readFileSync(path.join(DIST, file.path), 'utf8'), file.path).not.toContain('_zod');
});

test("the back office's first load is at most 380 KB gzip, with no chart library in it", () => {
  const firstRoute = firstRouteJavaScript(ADMIN_DIST, '/admin/');
  const summary = firstRoute.files.map((file) => `${file.path} ${file.gzipBytes} B gz`).join(', ');
  expect(firstRoute.files.length, summary).toBeGreaterThan(0);
  expect(firstRoute.gzipBytes, summary).toBeLessThanOrEqual(ADMIN_FIRST_ROUTE_BUDGET_GZIP_BYTES);
  for (const file of firstRoute.files) expect(readFileSync(path.join(ADMIN_DIST, file.path.replace(/^\/admin\//, '')), 'utf8'), file.path).not.toMatch(/echarts/i);
});

test("the splash paints from index.html's HTML and CSS alone, before any of the app's files arrive", async ({ page }) => {
  // Every built file (the app's JavaScript, its stylesheet, fonts, images) is held back.
  const held: (() => Promise<void>)[] = [];
  let holding = true;
  await page.route('**/assets/**', (route) => (holding ? held.push(() => route.continue()) : route.continue()));
  await page.goto('/login', { waitUntil: 'commit' });
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
  const splash = page.getByTestId('splash');
  await expect(splash).toContainText('Chào mừng đến với Sen');
  expect(await page.evaluate(() => document.querySelector('#root')?.childElementCount)).toBe(0);
  expect(held.length).toBeGreaterThan(0);
  holding = false;
  await Promise.all(held.map((release) => release()));
  await expect(splash).toBeHidden({ timeout: 20_000 });
});

test("index.html's inline script and style run under the CSP, whatever encoding the server sends", async ({ page, request }) => {
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = violations;
    document.addEventListener('securitypolicyviolation', (event) => violations.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  for (const url of ['/', '/login']) {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const response = await request.get(url, { headers: { 'accept-encoding': encoding } });
      expect(response.headers()['content-encoding'] ?? 'identity', `${url} ${encoding}`).toBe(encoding);
    }
    await page.goto(url);
    // The inline script ran: it preloads /login's largest image (and sets the greeting).
    if (url === '/login') await expect(page.locator('link[rel="preload"][as="image"]')).toHaveCount(1);
    await expect(page.getByTestId('splash')).toBeHidden({ timeout: 20_000 });
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), url).toEqual([]);
  }
});
