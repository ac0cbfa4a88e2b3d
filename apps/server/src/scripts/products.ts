import { loadConfig } from '../config.ts';
import { createDatabase } from '../db/database.ts';
import { productServiceFor } from '../modules/product/index.ts';
import { systemClock } from '../shared/clock.ts';
import { runProductsCommand } from './products-command.ts';

/**
 * `npm run products -- list | check <file.json>` on the configured database (DATABASE_URL, else the
 * PGlite database in DATA_DIR — stop a local server first, PGlite has one process). Changes are
 * back-office proposals (decision 091).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await createDatabase({ databaseUrl: config.databaseUrl, directUrl: config.databaseDirectUrl, poolMode: config.databasePoolMode, dataDir: config.dataDir });
  try {
    process.exitCode = await runProductsCommand(process.argv.slice(2), productServiceFor(database.uow, systemClock, config.rateCap), (line) => console.info(line));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error('products failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
