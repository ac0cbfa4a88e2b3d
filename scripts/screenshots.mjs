// `npm run screenshots`: refreshes docs/screenshots/ — key screens at 390x844 in en, vn and zh,
// and every back-office screen at 1440x900 in en and vn (admin-*.png), taken in Chromium against a
// real server. Chinese needs a CJK font on this machine (phones have one).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ensureChromium } from './chromium.mjs';
import { buildAdmin, buildWeb } from './web-build.mjs';

const root = new URL('..', import.meta.url).pathname;
const chromePath = ensureChromium();

function hasChineseFont() {
  try {
    return execFileSync('fc-list', [':lang=zh'], { encoding: 'utf8' }).trim().length > 0;
  } catch {
    return false;
  }
}
if (!hasChineseFont()) {
  const canInstall = process.getuid?.() === 0 && existsSync('/etc/debian_version');
  if (!canInstall) {
    console.error('No Chinese font found: install one (Debian: fonts-noto-cjk) so the zh screenshots show text.');
    process.exit(1);
  }
  console.log('No Chinese font found: installing Debian package fonts-noto-cjk …');
  execFileSync('apt-get', ['install', '-y', 'fonts-noto-cjk'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

buildWeb();
buildAdmin();
const result = spawnSync('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--project', 'screenshots', '--project', 'admin-screenshots'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, CHROME_PATH: chromePath },
});
process.exit(result.status ?? 1);
