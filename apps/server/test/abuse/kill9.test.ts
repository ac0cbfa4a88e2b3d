import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_PATHS, APP_VERSION, computeSign, DEFAULT_APP_CODE, MOBILE_TYPE } from '@sen/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { randomPhone } from '../helpers/test-app.ts';
import { migratedChildStorage } from '../helpers/test-database.ts';

/**
 * kill -9 under load, then restart: every session the server acknowledged (answered 200 with a
 * token) must still work. The real server runs as a child process on 127.0.0.1, on a PGlite data
 * directory or a fresh PostgreSQL database (TEST_DB=postgres).
 */
const SERVER_MAIN = path.resolve(import.meta.dirname, '../../src/main.ts');
const SIGN_SECRET = 'kill9-test-sign-secret-0123456789';
const onPostgres = process.env.TEST_DB === 'postgres';

const children = new Set<ChildProcess>();
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const cleanup of cleanups) await cleanup();
});

async function freshStorage(): Promise<Record<string, string>> {
  const storage = await migratedChildStorage();
  cleanups.push(storage.remove);
  return storage.env;
}

/** Starts the real server and resolves with its process and base URL once it listens. */
function startServer(storage: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_MAIN], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      SIGN_SECRET,
      OTP_PEPPER: 'kill9-test-otp-pepper-0123456789abcdef',
      SMS_PROVIDER: 'dev',
      RATE_LIMIT_PER_MINUTE: '1000000',
      RATE_LIMIT_STORE: 'memory',
      OTP_LIMIT_PER_IP_HOUR: '1000000',
      // One load generator on one address: no sign-in brake per IP and no proof of work here.
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000000',
      BOT_CHECK: 'off',
      WEB_DIST_DIR: path.join(tmpdir(), 'sen-no-web-build'),
      ...storage,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Sen is running at http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, base: `http://127.0.0.1:${match[1]}` });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening:\n${output}`));
    });
  });
}

async function call<T>(
  base: string,
  url: string,
  body: Record<string, unknown>,
  token?: string,
  deviceId = `kill9-${randomBytes(4).toString('hex')}`,
): Promise<{ status: number; code: number; data: T }> {
  const payload = { appCode: DEFAULT_APP_CODE, version: APP_VERSION, mobileType: MOBILE_TYPE.ANDROID, ...body };
  const timestamp = String(Date.now());
  const response = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'app-version': APP_VERSION,
      'device-id': deviceId,
      timestamp,
      sign: computeSign({ appCode: DEFAULT_APP_CODE, secret: SIGN_SECRET, payload, timestamp }),
      ...(token ? { authorization: token } : {}),
    },
    body: JSON.stringify(payload),
  });
  const envelope = (await response.json()) as { code: number; data: T };
  return { status: response.status, code: envelope.code, data: envelope.data };
}

/** A session as a phone holds it: the token and the device it is bound to. */
interface HeldSession {
  token: string;
  deviceId: string;
}

/** One OTP login; resolves with the session when the server acknowledged it, null otherwise. */
async function login(base: string): Promise<HeldSession | null> {
  const phone = randomPhone();
  const deviceId = `kill9-${randomBytes(4).toString('hex')}`;
  const sent = await call(base, API_PATHS.loginSms, { phone }, undefined, deviceId);
  if (sent.code !== 200) return null;
  const outbox = await fetch(`${base}${API_PATHS.devSmsOutbox}?phone=${phone}`);
  const code = ((await outbox.json()) as { data: { messages: Array<{ code: string }> } }).data.messages[0]?.code;
  if (!code) return null;
  const signedIn = await call<{ token: string }>(base, API_PATHS.login, { phone, smsCode: code }, undefined, deviceId);
  return signedIn.code === 200 ? { token: signedIn.data.token, deviceId } : null;
}

describe('kill -9 under load', () => {
  it('keeps every acknowledged session after kill -9 and a restart', async () => {
    const storage = await freshStorage();
    const first = await startServer(storage);
    const acknowledged: HeldSession[] = [];
    let failedInFlight = 0;
    let killed = false;

    // Eight clients log in over and over; the server is killed mid-stream once 30 sessions exist.
    const client = async () => {
      while (!killed) {
        try {
          const session = await login(first.base);
          if (session) acknowledged.push(session);
        } catch {
          failedInFlight += 1; // the connection died with the server: never acknowledged
        }
        if (acknowledged.length >= 30 && !killed) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, client));
    await new Promise<void>((resolve) => (first.child.exitCode !== null || first.child.signalCode ? resolve() : first.child.once('exit', () => resolve())));
    expect(first.child.signalCode).toBe('SIGKILL');

    const second = await startServer(storage);
    try {
      const results = await Promise.all(acknowledged.map((session) => call(second.base, API_PATHS.userInfo, {}, session.token, session.deviceId)));
      const lost = results.filter((result) => result.code !== 200).length;
      console.info(
        `kill -9 (${onPostgres ? 'postgres' : 'pglite file'}): ${acknowledged.length} sessions acknowledged before the kill, ${failedInFlight} requests cut off; after restart ${acknowledged.length - lost} present, ${lost} lost`,
      );
      expect(acknowledged.length).toBeGreaterThanOrEqual(30);
      expect(lost).toBe(0);
    } finally {
      second.child.kill('SIGTERM');
    }
  }, 240_000);
});
