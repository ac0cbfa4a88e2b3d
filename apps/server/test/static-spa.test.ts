import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const SPLASH_SCRIPT = "document.documentElement.lang = 'vi';";
const INDEX_HTML = `<!doctype html><title>Sen</title><div id="root"></div><script>${SPLASH_SCRIPT}</script>`;
const BIG_JS = `console.log(${JSON.stringify('sen '.repeat(2000))});`;
const ADMIN_HTML = '<!doctype html><title>Sen back office</title><div id="admin-root"></div>';
let dist: string;
let adminDist: string;
let t: TestApp;
let unbuilt: TestApp;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'sen-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  // The build precompresses index.html too: its twins must get the same headers as the plain file.
  writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(INDEX_HTML));
  writeFileSync(path.join(dist, 'index.html.gz'), gzipSync(INDEX_HTML));
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log("sen")');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // A build's precompressed twins (apps/web/build/sen-build-plugin.ts) and a stray source map.
  writeFileSync(path.join(dist, 'assets', 'big-def456.js'), BIG_JS);
  writeFileSync(path.join(dist, 'assets', 'big-def456.js.br'), brotliCompressSync(BIG_JS));
  writeFileSync(path.join(dist, 'assets', 'big-def456.js.gz'), gzipSync(BIG_JS));
  writeFileSync(path.join(dist, 'assets', 'big-def456.js.map'), '{"version":3}');
  writeFileSync(path.join(dist, 'assets', 'plain-ghi789.js'), BIG_JS);
  // The back office's own build (apps/admin/dist, base /admin/).
  adminDist = mkdtempSync(path.join(tmpdir(), 'sen-admin-dist-'));
  mkdirSync(path.join(adminDist, 'assets'));
  writeFileSync(path.join(adminDist, 'index.html'), ADMIN_HTML);
  writeFileSync(path.join(adminDist, 'assets', 'admin-abc123.js'), 'console.log("admin")');
  [t, unbuilt] = await Promise.all([
    createTestApp({ config: (config) => ({ ...config, webDistDir: dist, adminDistDir: adminDist }) }),
    createTestApp({ config: (config) => ({ ...config, webDistDir: path.join(dist, 'missing'), adminDistDir: path.join(adminDist, 'missing') }) }),
  ]);
});
afterAll(async () => {
  await Promise.all([t?.close(), unbuilt?.close()]);
  rmSync(dist, { recursive: true, force: true });
  rmSync(adminDist, { recursive: true, force: true });
});

describe('static web app', () => {
  it('serves hashed assets as immutable for a year', async () => {
    const response = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("sen")');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toMatch(/javascript/);
  });

  it('serves index.html with no-cache at / and for every app route', async () => {
    for (const url of ['/', '/index.html', '/login', '/home/no-auth', '/mine/settings/password?x=1']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root">');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
    }
  });

  it("lets index.html's inline splash script run under the CSP, by its hash only, in every encoding", async () => {
    const hash = `'sha256-${createHash('sha256').update(SPLASH_SCRIPT).digest('base64')}'`;
    const decode = { br: brotliDecompressSync, gzip: gunzipSync, identity: (body: Buffer) => body };
    for (const url of ['/', '/index.html', '/login']) {
      for (const encoding of ['br', 'gzip', 'identity'] as const) {
        const response = await t.app.inject({ url, headers: { 'accept-encoding': encoding } });
        const label = `${url} ${encoding}`;
        expect(response.statusCode, label).toBe(200);
        expect(response.headers['content-encoding'] ?? 'identity', label).toBe(encoding);
        expect(decode[encoding](response.rawPayload).toString(), label).toBe(INDEX_HTML);
        expect(response.headers['cache-control'], label).toBe('no-cache');
        const policy = String(response.headers['content-security-policy']);
        const scriptSrc = policy.split(';').find((directive) => directive.trim().startsWith('script-src'));
        expect(scriptSrc, label).toContain("'self'");
        expect(scriptSrc, label).toContain(hash);
        expect(scriptSrc, label).not.toContain('unsafe-inline');
      }
    }
  });

  it('names in the CSP the inline scripts of the body actually sent, in every encoding, when twins differ and after a rebuild (decision 113)', async () => {
    const own = mkdtempSync(path.join(tmpdir(), 'sen-dist-csp-'));
    const page = (script: string) => `<!doctype html><title>Sen</title><div id="root"></div><script>${script}</script><script>var second = 2;</script>`;
    const sha = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    // Twins that do not match the plain file (an older build's twins left beside a new index.html).
    const write = (plain: string, br: string, gz: string) => {
      writeFileSync(path.join(own, 'index.html'), page(plain));
      writeFileSync(path.join(own, 'index.html.br'), brotliCompressSync(page(br)));
      writeFileSync(path.join(own, 'index.html.gz'), gzipSync(page(gz)));
    };
    write("var language = 'plain';", "var language = 'br';", "var language = 'gz';");
    const app = await createTestApp({ config: (config) => ({ ...config, webDistDir: own }) });
    const decode = { br: brotliDecompressSync, gzip: gunzipSync, identity: (body: Buffer) => body };
    const check = async () => {
      for (const url of ['/', '/index.html', '/login']) {
        for (const encoding of ['br', 'gzip', 'identity'] as const) {
          const response = await app.app.inject({ url, headers: { 'accept-encoding': encoding === 'br' ? 'gzip, deflate, br, zstd' : encoding } });
          const label = `${url} ${encoding}`;
          expect(response.headers['content-encoding'] ?? 'identity', label).toBe(encoding);
          const scripts = [...decode[encoding](response.rawPayload).toString().matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
          expect(scripts, label).toHaveLength(2);
          const scriptSrc = String(response.headers['content-security-policy']).split(';').find((directive) => directive.trim().startsWith('script-src'));
          for (const script of scripts) expect(scriptSrc, `${label}: ${script}`).toContain(sha(script));
        }
      }
    };
    try {
      await check();
      // A rebuild while the server runs: the new body's hashes, not those read at start.
      write("var language = 'rebuilt plain, longer';", "var language = 'rebuilt br, longer';", "var language = 'rebuilt gz, longer';");
      await check();
    } finally {
      await app.close();
      rmSync(own, { recursive: true, force: true });
    }
  });

  it('serves other files with a short cache', async () => {
    const response = await t.app.inject({ url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers a missing asset with 404 and an unknown API path with the 404 envelope', async () => {
    expect((await t.app.inject({ url: '/assets/gone-999.js' })).statusCode).toBe(404);
    const api = await t.app.inject({ url: '/api/nothing/here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 404, data: null });
  });

  it('answers unknown API and probe paths, however spelled, with the uncached 404 envelope, and look-alike paths with a page', async () => {
    for (const url of ['/api/nothing/here', '/%61pi/nothing', '/health/nothing', '/%68ealth/x', '/health', '/api']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ code: 404, data: null });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    for (const url of ['/healthy', '/apiary/page']) {
      const page = await t.app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('sends the precompressed brotli or gzip twin to clients that accept it, the plain file otherwise', async () => {
    const br = await t.app.inject({ url: '/assets/big-def456.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_JS);
    const gz = await t.app.inject({ url: '/assets/big-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_JS);
    const plain = await t.app.inject({ url: '/assets/big-def456.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_JS);
  });

  it('compresses a large file that has no precompressed twin on the fly', async () => {
    const response = await t.app.inject({ url: '/assets/plain-ghi789.js', headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(BIG_JS);
  });

  it('never serves a source map', async () => {
    expect((await t.app.inject({ url: '/assets/big-def456.js.map' })).statusCode).toBe(404);
  });

  it('explains how to build when the web app is missing', async () => {
    const response = await unbuilt.app.inject({ url: '/login' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toMatch(/text\/plain/);
    expect(response.body).toContain('npm run build:web');
    expect((await unbuilt.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it('serves the back office under /admin from its own build, with its own fallback and the same security headers', async () => {
    for (const url of ['/admin', '/admin/', '/admin/operators', '/admin/enrol?token=abc']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(ADMIN_HTML);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(String(response.headers['content-security-policy']), url).toContain("default-src 'self'");
    }
    const asset = await t.app.inject({ url: '/admin/assets/admin-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("admin")');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.app.inject({ url: '/admin/assets/gone-999.js' })).statusCode).toBe(404);
    // The borrower app never gets the back office's page, nor the reverse.
    expect((await t.app.inject({ url: '/administration' })).body).toBe(INDEX_HTML);
    expect((await t.app.inject({ url: '/assets/admin-abc123.js' })).statusCode).toBe(404);
  });

  it('explains how to build the back office when it is missing', async () => {
    const response = await unbuilt.app.inject({ url: '/admin/sign-in' });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm run build:admin');
  });
});
