import { renameSync, writeFileSync } from 'node:fs';
import { formatVnd } from '@sen/domain';
import { compose } from '../compose.ts';
import { loadConfig } from '../config.ts';
import { createDatabase } from '../db/database.ts';

/**
 * `npm run ledger:check`: verifies the ledger of the configured database (DATABASE_URL, else the
 * PGlite database in DATA_DIR) with every check the composition registers (the loans' and the
 * repayments' own too), prints the totals and exits 1 when any check fails. With
 * LEDGER_CHECK_PROM_FILE it also writes the outcome for node_exporter's textfile collector
 * (sen_ledger_check_ok, sen_ledger_check_violations, sen_ledger_check_timestamp_seconds; the alert
 * rules in deploy/prometheus-alerts.yml read them).
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
    const promFile = process.env.LEDGER_CHECK_PROM_FILE?.trim();
    if (promFile) writePromFile(promFile, report.ok, report.violations.length);
    return report.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

/** Written whole then renamed, so the collector never reads half a file. */
function writePromFile(file: string, ok: boolean, violations: number): void {
  const lines = [
    '# HELP sen_ledger_check_ok 1 when the last ledger check passed',
    '# TYPE sen_ledger_check_ok gauge',
    `sen_ledger_check_ok ${ok ? 1 : 0}`,
    '# HELP sen_ledger_check_violations Violations found by the last ledger check',
    '# TYPE sen_ledger_check_violations gauge',
    `sen_ledger_check_violations ${violations}`,
    '# HELP sen_ledger_check_timestamp_seconds When the last ledger check ran',
    '# TYPE sen_ledger_check_timestamp_seconds gauge',
    `sen_ledger_check_timestamp_seconds ${Math.floor(Date.now() / 1000)}`,
  ];
  writeFileSync(`${file}.tmp`, `${lines.join('\n')}\n`);
  renameSync(`${file}.tmp`, file);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    // The driver's own message (a timeout, a lost connection) is the cause of the query's failure.
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
    console.error(`Ledger check could not run: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}${cause}`);
    process.exit(2);
  },
);
