import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@sen/contract';
import { migratedChildStorage } from './helpers/test-database.ts';

/*
 * Tracing (decision 105), on the real entry (src/main.ts in its own process): without
 * OTEL_EXPORTER_OTLP_ENDPOINT no OpenTelemetry module is even resolved; with it, spans reach an
 * OTLP/HTTP collector (a local one here) and the log lines of a request carry its trace_id.
 */
const serverRoot = path.join(import.meta.dirname, '..');
let dir: string;
let collector: Server;
let collectorUrl: string;
const exports: { path: string; bytes: number }[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'sen-tracing-'));
  // A resolve hook that writes down every OpenTelemetry module the process asks for.
  writeFileSync(
    path.join(dir, 'hooks.mjs'),
    `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  if (/[\\\\/]@opentelemetry[\\\\/]|[\\\\/]@fastify[\\\\/]otel[\\\\/]/.test(result.url)) appendFileSync(process.env.SEN_OTEL_WATCH, result.url + '\\n');
  return result;
}`,
  );
  writeFileSync(path.join(dir, 'watch.mjs'), `import { register } from 'node:module';\nregister(${JSON.stringify(`file://${path.join(dir, 'hooks.mjs')}`)});\n`);
  collector = createServer((request, response) => {
    let bytes = 0;
    request.on('data', (chunk: Buffer) => (bytes += chunk.length));
    request.on('end', () => {
      exports.push({ path: request.url ?? '', bytes });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  const address = collector.address();
  collectorUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => {
  collector?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Starts src/main.ts, calls `ready` once it listens, then stops it with SIGTERM; its output and the modules it resolved. */
async function runServer(env: Record<string, string>, watchFile: string): Promise<{ output: string; otelModules: string[] }> {
  // Migrated already (a copy of the run's template): the child does not spend its start on migrations.
  const migrated = await migratedChildStorage();
  const storage = migrated.env;
  return new Promise<{ output: string; otelModules: string[] }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', path.join(dir, 'watch.mjs'), '--import', 'tsx', 'src/main.ts'], {
      cwd: serverRoot,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: '0',
        ...storage,
        SEED_DEMO: 'false',
        JOBS_ENABLED: 'false',
        LOG_LEVEL: 'info',
        SEN_OTEL_WATCH: watchFile,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let called = false;
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const port = /Sen is running at http:\/\/localhost:(\d+)/.exec(output)?.[1];
      if (port && !called) {
        called = true;
        fetch(`http://127.0.0.1:${port}${API_PATHS.secret}`)
          .then((response) => response.text())
          .then(() => new Promise((done) => setTimeout(done, 300)))
          .then(
            () => child.kill('SIGTERM'),
            (error: unknown) => {
              child.kill('SIGKILL');
              reject(error instanceof Error ? error : new Error(String(error)));
            },
          );
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    child.on('exit', () => {
      let otelModules: string[] = [];
      try {
        otelModules = readFileSync(watchFile, 'utf8').split('\n').filter(Boolean);
      } catch {
        // nothing was written: nothing resolved
      }
      migrated.remove().then(() => resolve({ output, otelModules }), reject);
    });
  });
}

describe.runIf(process.env.TEST_DB !== 'postgres')('tracing', () => {
  it('is off by default: no OpenTelemetry module is loaded and log lines carry no trace id', { timeout: 60_000 }, async () => {
    const run = await runServer({}, path.join(dir, 'off.txt'));
    expect(run.output).toContain('Sen is running at');
    expect(run.otelModules).toEqual([]);
    expect(run.output).not.toContain('trace_id');
  });

  it('with OTEL_EXPORTER_OTLP_ENDPOINT: spans go to the collector and request log lines carry the trace id', { timeout: 60_000 }, async () => {
    const run = await runServer({ OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl, OTEL_BSP_SCHEDULE_DELAY: '100' }, path.join(dir, 'on.txt'));
    expect(run.output).toContain('Sen is running at');
    expect(run.otelModules.length).toBeGreaterThan(0);
    const requestLines = run.output.split('\n').filter((line) => line.includes(API_PATHS.secret));
    expect(requestLines.length).toBeGreaterThan(0);
    for (const line of requestLines) expect(JSON.parse(line)).toMatchObject({ trace_id: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(exports.some((entry) => entry.path === '/v1/traces' && entry.bytes > 0)).toBe(true);
  });
});
