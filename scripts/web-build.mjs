// Builds the browser apps (the borrower web app, the back office) when a build is missing or
// older than its sources. Each app has its own Vite build and dist directory (decision 093).
import { execSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

/** What each browser app is built from; the contract is in both (endpoints, rules, messages). */
export const BROWSER_APPS = {
  web: {
    label: 'web app',
    workspace: 'apps/web',
    sources: ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/build', 'apps/web/public', 'packages/contract/src'],
  },
  admin: {
    label: 'back office',
    workspace: 'apps/admin',
    sources: ['apps/admin/src', 'apps/admin/index.html', 'apps/admin/vite.config.ts', 'apps/admin/public', 'packages/contract/src'],
  },
};

export const webDistIndex = join(root, 'apps/web/dist/index.html');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

function distIndex(app) {
  return join(root, BROWSER_APPS[app].workspace, 'dist/index.html');
}

export function appBuildIsCurrent(app) {
  const index = distIndex(app);
  if (!existsSync(index)) return false;
  const built = statSync(index).mtimeMs;
  return BROWSER_APPS[app].sources.every((dir) => newestMtime(join(root, dir)) <= built);
}

/** Builds one app when stale (or always with force); answers whether it built. */
export function buildApp(app, { force = false } = {}) {
  if (!force && appBuildIsCurrent(app)) return false;
  const { label, workspace } = BROWSER_APPS[app];
  console.log(force ? `Building the ${label} …` : `${label} build missing or out of date: building it …`);
  execSync(`npm run build -w ${workspace}`, { cwd: root, stdio: 'inherit' });
  return true;
}

export function webBuildIsCurrent() {
  return appBuildIsCurrent('web');
}

export function buildWeb(options = {}) {
  return buildApp('web', options);
}

export function buildAdmin(options = {}) {
  return buildApp('admin', options);
}

/**
 * Builds several apps at once (always, as `npm test` wants fresh builds). A Vite build keeps about
 * one core busy, so on CI's two cores the two builds take about as long as the longer one alone.
 * Resolves with each app's seconds; rejects when any build fails.
 */
export function buildAppsInParallel(apps) {
  return Promise.all(
    apps.map(
      (app) =>
        new Promise((resolve, reject) => {
          const started = Date.now();
          console.log(`Building the ${BROWSER_APPS[app].label} …`);
          const child = spawn('npm', ['run', 'build', '-w', BROWSER_APPS[app].workspace], { cwd: root, stdio: 'inherit' });
          child.on('error', reject);
          child.on('exit', (code) => (code === 0 ? resolve(Math.round((Date.now() - started) / 1000)) : reject(new Error(`the ${BROWSER_APPS[app].label} build failed (exit ${code})`))));
        }),
    ),
  );
}
