import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EsmsProvider } from './esms-provider.ts';
import { SmsSendError } from './sms-provider.ts';

/** A local fake of eSMS.vn's SendMultipleMessage_V4_post_json endpoint. */
type Behaviour = (request: IncomingMessage, body: string, response: ServerResponse) => void;

let server: Server;
let baseUrl: string;
let behaviour: Behaviour;
const received: { url: string; method: string; body: Record<string, unknown> }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ url: request.url ?? '', method: request.method ?? '', body: JSON.parse(body || '{}') });
      behaviour(request, body, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  received.length = 0;
});

const json = (status: number, value: unknown): Behaviour => (_request, _body, response) => {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
};

function provider(timeoutMs = 2_000) {
  return new EsmsProvider({ baseUrl, apiKey: 'API', secretKey: 'SECRET', brandname: 'Sen', timeoutMs });
}

describe('EsmsProvider', () => {
  it('posts the message as eSMS expects and succeeds on CodeResult 100', async () => {
    behaviour = json(200, { CodeResult: '100', CountRegenerate: 0, SMSID: 'abc' });
    await provider().send('0912345678', 'Sen: ma xac thuc cua ban la 1234.');
    expect(received).toEqual([
      {
        url: '/MainService.svc/json/SendMultipleMessage_V4_post_json/',
        method: 'POST',
        body: { ApiKey: 'API', SecretKey: 'SECRET', Phone: '0912345678', Content: 'Sen: ma xac thuc cua ban la 1234.', Brandname: 'Sen', SmsType: '2' },
      },
    ]);
  });

  it('fails on another CodeResult', async () => {
    behaviour = json(200, { CodeResult: '101', ErrorMessage: 'Authorize Failed' });
    await expect(provider().send('0912345678', 'x')).rejects.toThrow(SmsSendError);
  });

  it('fails on HTTP 500', async () => {
    behaviour = json(500, { error: 'boom' });
    await expect(provider().send('0912345678', 'x')).rejects.toThrow(/HTTP 500/);
  });

  it('fails on a body that is not JSON', async () => {
    behaviour = (_request, _body, response) => response.writeHead(200).end('<html>');
    await expect(provider().send('0912345678', 'x')).rejects.toThrow(SmsSendError);
  });

  it('fails after its timeout when eSMS does not answer', async () => {
    behaviour = () => undefined; // never answers
    const started = Date.now();
    await expect(provider(200).send('0912345678', 'x')).rejects.toThrow(SmsSendError);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('fails when eSMS cannot be reached', async () => {
    const closed = new EsmsProvider({ baseUrl: 'http://127.0.0.1:1', apiKey: 'a', secretKey: 'b', brandname: 'c', timeoutMs: 1_000 });
    await expect(closed.send('0912345678', 'x')).rejects.toThrow(SmsSendError);
  });
});
