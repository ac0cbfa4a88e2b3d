import { composeServices, createInfra } from '../compose.ts';
import { loadConfig } from '../config.ts';
import { createDatabase } from '../db/database.ts';
import { runAdminCommand } from './admin-command.ts';

/**
 * `npm run admin -- create-operator --email E --role admin` on the configured database
 * (DATABASE_URL, else the PGlite database in DATA_DIR — stop a local server first: PGlite has one
 * process). Prints the one-time enrolment link (PUBLIC_BASE_URL, else http://localhost:PORT).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await createDatabase({ databaseUrl: config.databaseUrl, directUrl: config.databaseDirectUrl, poolMode: config.databasePoolMode, dataDir: config.dataDir });
  try {
    const services = composeServices(await createInfra({ config, database }));
    const baseUrl = config.ekyc.publicBaseUrl ?? `http://localhost:${config.port}`;
    process.exitCode = await runAdminCommand(process.argv.slice(2), services.operators, baseUrl, (line) => console.info(line));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error('admin failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
