import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PRODUCTS } from '../src/modules/product/index.ts';
import { runProductsCommand } from '../src/scripts/products-command.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/** `npm run products` (decisions 050, 091): reads and checks; a change goes through the back office's four eyes. */
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

  it('checks a file against the contract and the cap, saving nothing; changes only through the back office', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sen-products-'));
    const good = path.join(dir, 'good.json');
    await writeFile(good, JSON.stringify({ ...DEMO_PRODUCTS[0], code: 'sen-cli', name: 'Sen CLI' }));
    expect(await run('check', good)).toMatchObject({ code: 0, output: 'ok sen-cli' });
    const bad = path.join(dir, 'bad.json');
    await writeFile(bad, JSON.stringify([{ ...DEMO_PRODUCTS[0], code: 'sen-usury', dailyRatePpm: 1000, overdueDailyRatePpm: 0 }]));
    expect(await run('check', bad)).toMatchObject({ code: 1, output: expect.stringContaining('refused: RATE_OVER_CAP 36.50% > 20%/year') });
    expect((await t.services.product.list()).map((product) => product.code)).not.toContain('sen-cli');
    for (const change of [['upsert', good], ['deactivate', 'sen-nhanh'], ['activate', 'sen-nhanh']]) {
      expect(await run(...change)).toMatchObject({ code: 2, output: expect.stringContaining('second one') });
    }
    expect((await t.services.product.list()).find((product) => product.code === 'sen-nhanh')?.active).toBe(true);
  });
});
