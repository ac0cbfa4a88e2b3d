// Runs drizzle-kit so that it can import drizzle-orm. npm placed drizzle-orm under
// apps/server/node_modules while drizzle-kit sits in the root node_modules, and drizzle-kit's
// dynamic `import('drizzle-orm/version')` cannot see the nested copy. We link both into one
// temporary node_modules and run drizzle-kit from there with symlinks preserved.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The package folder Node would find from apps/server (its node_modules, then the parents'). */
function packageDir(name) {
  for (let dir = serverDir; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
  }
  throw new Error(`${name} is not installed`);
}
const kitDir = packageDir('drizzle-kit');
const ormDir = packageDir('drizzle-orm');

const temp = mkdtempSync(path.join(tmpdir(), 'sen-drizzle-kit-'));
try {
  mkdirSync(path.join(temp, 'node_modules'));
  symlinkSync(kitDir, path.join(temp, 'node_modules', 'drizzle-kit'));
  symlinkSync(ormDir, path.join(temp, 'node_modules', 'drizzle-orm'));
  const result = spawnSync(
    process.execPath,
    ['--preserve-symlinks', '--preserve-symlinks-main', path.join(temp, 'node_modules/drizzle-kit/bin.cjs'), ...process.argv.slice(2)],
    { cwd: serverDir, stdio: 'inherit' },
  );
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(temp, { recursive: true, force: true });
}
