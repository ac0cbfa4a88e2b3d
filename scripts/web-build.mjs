// Builds the web app when its build is missing or older than its sources.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
export const webDistIndex = join(root, 'apps/web/dist/index.html');
const sourceDirs = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/public', 'packages/contract/src'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

export function webBuildIsCurrent() {
  if (!existsSync(webDistIndex)) return false;
  const built = statSync(webDistIndex).mtimeMs;
  return sourceDirs.every((dir) => newestMtime(join(root, dir)) <= built);
}

export function buildWeb({ force = false } = {}) {
  if (!force && webBuildIsCurrent()) return;
  console.log(force ? 'Building the web app …' : 'Web build missing or out of date: building it …');
  execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
}
