import { readFile } from 'node:fs/promises';
import type { ProductInput } from '@sen/contract';
import { AppError } from '../shared/app-error.ts';
import type { ProductService } from '../modules/product/index.ts';

export const PRODUCTS_USAGE = `Usage: npm run products -- <command>
  list                      every product with its rates (annual % against the cap)
  check <file.json>         validate products (one object or an array) against the contract and the legal cap, saving nothing

A product is changed only in the back office: proposed by one operator and applied when a second one
approves (decision 091), so every change has two names and an audit row.`;

/**
 * `npm run products`: read the loan products and check a product file before proposing it
 * (decisions 050, 091). It changes nothing: a change made here would have no second operator and
 * no audit row. Returns the process exit code; `print` receives every line of output.
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
    if (command === 'check' && argument) {
      const parsed: unknown = JSON.parse(await readFile(argument, 'utf8'));
      const items = (Array.isArray(parsed) ? parsed : [parsed]) as ProductInput[];
      for (const item of items) print(`ok ${products.validate(item).code}`);
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
