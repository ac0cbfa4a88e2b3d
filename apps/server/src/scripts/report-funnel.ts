import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { createDatabase } from '../db/database.ts';
import { computeFunnel, funnelSteps, funnelSvg, funnelTable } from '../modules/tracking/index.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `npm run report:funnel -- --from 2026-11-01 --to 2026-11-30 [--out file.svg]`: the conversion
 * funnel between two Vietnam calendar days (inclusive) on the configured database (DATABASE_URL,
 * else the PGlite DATA_DIR), printed as a table and written as an SVG bar chart (default
 * reports/funnel-FROM-TO.svg). The same figures: GET /api/admin/funnel.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' }, out: { type: 'string' } } });
  const { from, to } = values;
  if (!from || !to || !DATE.test(from) || !DATE.test(to) || from > to) {
    console.error('usage: npm run report:funnel -- --from YYYY-MM-DD --to YYYY-MM-DD [--out chart.svg]  (from <= to)');
    process.exit(2);
  }
  const config = loadConfig();
  const database = await createDatabase({ databaseUrl: config.databaseUrl, directUrl: config.databaseDirectUrl, poolMode: config.databasePoolMode, dataDir: config.dataDir, pool: { ...config.dbPool, max: 1 } });
  try {
    const report = await computeFunnel(database.db, funnelSteps(config.authConfig), from, to);
    console.info(funnelTable(report));
    const out = path.resolve(values.out ?? path.join('reports', `funnel-${from}-${to}.svg`));
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, funnelSvg(report));
    console.info(`\nchart: ${path.relative(process.cwd(), out)}`);
    console.info('sources: server = users and user_auth_state; tracking = tracking_events (first visit, and the loan steps until order tables exist)');
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error('funnel report failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
