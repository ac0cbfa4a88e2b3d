// Finds the Chromium the browser tests drive (CHROME_PATH, else Debian's /usr/bin/chromium).
// When it is missing and we run as root on Debian, installs Debian's `chromium` package;
// otherwise fails with a clear message. Playwright never downloads a browser of its own here.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function findChromium() {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium'].filter(Boolean);
  return candidates.find((path) => existsSync(path)) ?? null;
}

export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const isDebian = existsSync('/etc/debian_version');
  if (process.env.CHROME_PATH) {
    throw new Error(`CHROME_PATH is set to ${process.env.CHROME_PATH}, but no file is there.`);
  }
  if (!isRoot || !isDebian) {
    throw new Error(
      'Chromium not found. Install it (Debian: `sudo apt-get install -y chromium`) or set CHROME_PATH to a Chromium binary.',
    );
  }
  console.log('Chromium not found: installing Debian package `chromium` with apt-get …');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'inherit', env });
  const installed = findChromium();
  if (!installed) throw new Error('apt-get installed chromium, but /usr/bin/chromium is still missing.');
  return installed;
}
