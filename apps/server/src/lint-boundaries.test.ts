import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });

/** The rules a probe file at `file` (inside apps/server/src) breaks. */
async function brokenRules(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'apps/server/src', file) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? 'parse');
}

describe('lint boundaries of the server (issue 20, item 7)', () => {
  it('refuses a module importing another module’s repository or internals', async () => {
    const code = "import { CreditRepository } from '../credit/credit.repository.ts';\nexport const probe = CreditRepository;\n";
    expect(await brokenRules('modules/loan/probe.ts', code)).toContain('no-restricted-imports');
  });

  it('lets a module import another through its index.ts', async () => {
    const code = "import type { CreditService } from '../credit/index.ts';\nexport type Probe = CreditService;\n";
    expect(await brokenRules('modules/loan/probe.ts', code)).toEqual([]);
  });

  it('refuses the schema in a service, allows it in a repository, and allows its row types anywhere', async () => {
    const value = "import { loanOrders } from '../../db/schema.ts';\nexport const probe = loanOrders;\n";
    expect(await brokenRules('modules/loan/probe.service.ts', value)).toContain('@typescript-eslint/no-restricted-imports');
    expect(await brokenRules('modules/loan/probe.repository.ts', value)).toEqual([]);
    const rowType = "import type { loanOrders } from '../../db/schema.ts';\nexport type Probe = typeof loanOrders.$inferSelect;\n";
    expect(await brokenRules('modules/loan/probe.service.ts', rowType)).toEqual([]);
  });

  it('refuses a job importing a module’s internals', async () => {
    const code = "import { OrderRepository } from '../modules/loan/order.repository.ts';\nexport const probe = OrderRepository;\n";
    expect(await brokenRules('jobs/probe.ts', code)).toContain('no-restricted-imports');
  });
});
