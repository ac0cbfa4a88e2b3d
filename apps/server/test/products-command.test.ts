import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PRODUCTS } from '../src/modules/product/index.ts';
import { runProductsCommand } from '../src/scripts/products-command.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/** `npm run products` (decision 050): the same checks as the operator endpoint. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  for (const product of DEMO_PRODUCTS) await t.services.product.upsert(product);
});
afterAll(async () => t?.close());

async function run(...args: string[]) {
  const lines: string[] = [];
  const code = await runProductsCommand(args, t.services.product, (line) => lines.push(line));
  return { code, output: lines.join('\n') };
}

describe('npm run products', () => {
  it('lists the products with their annual rate and the cap', async () => {
    const { code, output } = await run('list');
    expect(code).toBe(0);
    expect(output).toContain('sen-nhanh');
    expect(output).toContain('300 ppm/day (10.95%/year)');
    expect(output).toContain('cap: 20%/year (non-credit-institution)');
  });

  it('upserts from a file, refuses a rate over the cap, deactivates and activates', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sen-products-'));
    const good = path.join(dir, 'good.json');
    await writeFile(good, JSON.stringify({ ...DEMO_PRODUCTS[0], code: 'sen-cli', name: 'Sen CLI' }));
    expect(await run('upsert', good)).toMatchObject({ code: 0, output: expect.stringContaining('saved sen-cli') });
    const bad = path.join(dir, 'bad.json');
    await writeFile(bad, JSON.stringify([{ ...DEMO_PRODUCTS[0], code: 'sen-usury', dailyRatePpm: 1000, overdueDailyRatePpm: 0 }]));
    expect(await run('upsert', bad)).toMatchObject({ code: 1, output: expect.stringContaining('refused: RATE_OVER_CAP 36.50% > 20%/year') });
    expect(await run('deactivate', 'sen-cli')).toMatchObject({ code: 0 });
    expect((await t.services.product.list()).find((product) => product.code === 'sen-cli')?.active).toBe(false);
    expect(await run('activate', 'sen-cli')).toMatchObject({ code: 0 });
    expect(await run('deactivate', 'nope')).toMatchObject({ code: 1 });
    expect((await run('frobnicate')).code).toBe(2);
  });
});
