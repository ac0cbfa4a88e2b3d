import net from 'node:net';
import { API_PATHS } from '@sen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Findings 9 and 12 on a real listening socket: what Node answers before Fastify runs (slow
 * bodies, oversized headers) cannot be seen through app.inject.
 */
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({
    config: (config) => ({ ...config, http: { ...config.http, requestTimeoutMs: 1000, maxHeaderSizeBytes: 16_384 } }),
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => t?.close());

/** Opens a connection, lets `drive` write to it, and resolves with everything read until it closes. */
function converse(drive: (socket: net.Socket) => void, limitMs = 10_000): Promise<{ text: string; elapsedMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    const guard = setTimeout(() => {
      socket.destroy();
      reject(new Error(`connection still open after ${limitMs} ms`));
    }, limitMs);
    socket.on('data', (chunk) => {
      text += chunk.toString('utf8');
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(guard);
      resolve({ text, elapsedMs: Date.now() - started });
    });
    socket.on('connect', () => drive(socket));
  });
}

function envelopeOf(text: string): unknown {
  return JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));
}

describe('finding 9: request timeouts', () => {
  it('closes a body trickled at one byte every 300 ms with a 408 envelope once REQUEST_TIMEOUT_MS has passed', async () => {
    let timer: NodeJS.Timeout | undefined;
    const { text, elapsedMs } = await converse((socket) => {
      socket.write(`POST ${API_PATHS.authConfig} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`);
      timer = setInterval(() => {
        if (!socket.destroyed) socket.write(' ');
      }, 300);
    });
    clearInterval(timer);
    expect(elapsedMs).toBeLessThan(5000);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(envelopeOf(text)).toMatchObject({ code: 408, data: null });
  });
});

describe('finding 12: oversized headers', () => {
  it('answers headers over 16 KB with a 431 envelope instead of Node bare status line', async () => {
    const { text } = await converse((socket) => {
      socket.write(`GET ${API_PATHS.health} HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    });
    expect(text).toMatch(/^HTTP\/1\.1 431 /);
    expect(text).toMatch(/content-type: application\/json/i);
    expect(envelopeOf(text)).toEqual({ code: 431, message: expect.any(String), data: null });
  });

  it('answers bytes that are not HTTP with a 400 envelope', async () => {
    const { text } = await converse((socket) => {
      socket.write('HELLO THERE\r\n\r\n');
    });
    expect(text).toMatch(/^HTTP\/1\.1 400 /);
    expect(envelopeOf(text)).toMatchObject({ code: 400, data: null });
  });

  it('keeps serving normal requests on the same server', async () => {
    const response = await fetch(`http://127.0.0.1:${port}${API_PATHS.health}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});
