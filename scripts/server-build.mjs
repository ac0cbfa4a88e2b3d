// Builds the server bundle (apps/server/dist) when it is missing or older than its sources.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildServer } from '../apps/server/build.mjs';

const root = new URL('..', import.meta.url).pathname;
export const serverEntry = join(root, 'apps/server/dist/main.js');
// What the bundle is made of: the server's and the workspace packages' sources and the build
// script. Migrations are read at run time, not bundled.
const sourcePaths = ['apps/server/src', 'apps/server/build.mjs', 'apps/server/package.json', 'packages/contract/src', 'packages/domain/src'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

export function serverBuildIsCurrent() {
  if (!existsSync(serverEntry)) return false;
  const built = statSync(serverEntry).mtimeMs;
  return sourcePaths.every((path) => newestMtime(join(root, path)) <= built);
}

export async function ensureServerBuild({ force = false } = {}) {
  if (!force && serverBuildIsCurrent()) return;
  console.log(force ? 'Building the server …' : 'Server build missing or out of date: building it …');
  await buildServer();
}
