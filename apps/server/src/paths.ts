import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package folder (apps/server). This file sits one level below it in the sources
 * (src/paths.ts) and its bundled copy one level below it in the build (dist/main.js), so one
 * relative step finds it either way; every other path is derived from here, not from the
 * location of the module that needs it (which a bundle changes).
 */
export const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');
/** The committed SQL migrations (drizzle-kit generate). */
export const MIGRATIONS_FOLDER = path.join(SERVER_ROOT, 'drizzle');
