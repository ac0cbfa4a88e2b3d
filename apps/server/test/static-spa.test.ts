import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let dist: string;
let t: TestApp;
let unbuilt: TestApp;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'sen-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Sen</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log("sen")');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  [t, unbuilt] = await Promise.all([
    createTestApp({ config: (config) => ({ ...config, webDistDir: dist }) }),
    createTestApp({ config: (config) => ({ ...config, webDistDir: path.join(dist, 'missing') }) }),
  ]);
});
afterAll(async () => {
  await Promise.all([t?.close(), unbuilt?.close()]);
  rmSync(dist, { recursive: true, force: true });
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

  it('explains how to build when the web app is missing', async () => {
    const response = await unbuilt.app.inject({ url: '/login' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toMatch(/text\/plain/);
    expect(response.body).toContain('npm run build:web');
    expect((await unbuilt.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});
