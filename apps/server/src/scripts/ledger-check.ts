import { formatVnd } from '@sen/domain';
import { compose } from '../compose.ts';
import { loadConfig } from '../config.ts';
import { createDatabase } from '../db/database.ts';

/**
 * `npm run ledger:check`: verifies the ledger of the configured database (DATABASE_URL, else the
 * PGlite database in DATA_DIR) with every check the composition registers (the loans' and the
 * repayments' own too), prints the totals and exits 1 when any check fails.
 */
async function main(): Promise<number> {
  const config = { ...loadConfig(), logLevel: 'error', jobs: { enabled: false, intervalSeconds: 300 }, seedDemo: false };
  const database = await createDatabase({ databaseUrl: config.databaseUrl, directUrl: config.databaseDirectUrl, poolMode: config.databasePoolMode, dataDir: config.dataDir, pool: { ...config.dbPool, max: 2 } });
  try {
    const { services } = await compose({ config, database });
    const report = await services.ledger.check();
    const { totals } = report;
    console.info(`Ledger check (${database.kind}) at ${report.checkedAt}`);
    console.info(`  entries ${totals.entries}, lines ${totals.lines}, debits ${formatVnd(BigInt(totals.debits), 'en')}, credits ${formatVnd(BigInt(totals.credits), 'en')}`);
    for (const [event, entries] of Object.entries(totals.byEvent)) console.info(`  ${event.padEnd(22)} ${entries} entries`);
    console.info('  balances by account (debit − credit, all owners):');
    for (const [code, balance] of Object.entries(totals.byAccount)) console.info(`    ${code.padEnd(20)} ${formatVnd(BigInt(balance), 'en').padStart(22)}`);
    for (const check of report.checks) console.info(`  ${check.violations === 0 ? 'ok  ' : 'FAIL'} ${check.name}: ${check.description}${check.violations ? ` (${check.violations})` : ''}`);
    for (const violation of report.violations) console.error(`  ✗ ${violation.check}: ${violation.detail}`);
    console.info(report.ok ? 'Ledger OK.' : 'Ledger check FAILED.');
    return report.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('Ledger check could not run:', error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
