import { readFile } from 'node:fs/promises';
import type { ProductInput } from '@sen/contract';
import { AppError } from '../shared/app-error.ts';
import type { ProductService } from '../modules/product/index.ts';

export const PRODUCTS_USAGE = `Usage: npm run products -- <command>
  list                      every product with its rates (annual % against the cap)
  upsert <file.json>        create or change products by code (one object or an array), rates checked against the legal cap
  deactivate <code>         hide a product from borrowers (kept for existing loans)
  activate <code>           show it again`;

/**
 * `npm run products`: loan products changed without code, from the command line (decision 050).
 * Every change goes through ProductService.upsert, the operator endpoint's own path, so the same
 * checks apply. Returns the process exit code; `print` receives every line of output.
 */
export async function runProductsCommand(args: string[], products: ProductService, print: (line: string) => void): Promise<number> {
  const [command, argument] = args;
  try {
    if (command === 'list') {
      for (const product of await products.list()) {
        print(
          `${product.code.padEnd(20)} #${product.id} ${product.active ? 'active  ' : 'inactive'} ${product.minAmount}-${product.maxAmount} VND, ${product.termDays} days, ` +
            `${product.dailyRatePpm} ppm/day (${product.annualPercent.toFixed(2)}%/year), fee ${product.serviceFeePpm} ppm, overdue ${product.overdueDailyRatePpm} ppm/day`,
        );
      }
      print(`cap: ${products.rateCap.annualPercent}%/year (${products.rateCap.licence}), overdue ≤ ${products.rateCap.overdueMultiple * 100}% of the rate`);
      return 0;
    }
    if (command === 'upsert' && argument) {
      const parsed: unknown = JSON.parse(await readFile(argument, 'utf8'));
      const items = (Array.isArray(parsed) ? parsed : [parsed]) as ProductInput[];
      for (const item of items) {
        const saved = await products.upsert(item);
        print(`saved ${saved.code} (#${saved.id}, ${saved.annualPercent.toFixed(2)}%/year)`);
      }
      return 0;
    }
    if ((command === 'deactivate' || command === 'activate') && argument) {
      const existing = (await products.list()).find((product) => product.code === argument);
      if (!existing) {
        print(`no product with code ${argument}`);
        return 1;
      }
      const { id: _id, annualPercent: _annual, updatedAt: _updated, ...input } = existing;
      await products.upsert({ ...input, active: command === 'activate' });
      print(`${argument} ${command}d`);
      return 0;
    }
    print(PRODUCTS_USAGE);
    return 2;
  } catch (error) {
    if (error instanceof AppError) {
      print(`refused: ${error.errorName} ${Object.values(error.params).join(' ')}`);
      return 1;
    }
    throw error;
  }
}
