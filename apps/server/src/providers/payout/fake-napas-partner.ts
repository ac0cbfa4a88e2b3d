import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import { signPartnerAnswer, signPartnerRequest } from './napas-payout-provider.ts';

/**
 * A local fake of the payment partner's payout API (tests only; no network): it checks our
 * signatures, keeps transfers by reference like the partner, and can be told to misbehave.
 */
export interface FakeTransfer {
  reference: string;
  transactionId: string;
  amount: string;
  bankBin: string;
  accountNumber: string;
  accountName: string;
  description: string;
  status: 'PROCESSING' | 'SUCCESS' | 'FAILED';
  errorCode?: string;
  errorMessage?: string;
  completedAt?: string;
}

export type FakeMode =
  /** Answers normally. */
  | 'normal'
  /** Records the transfer, then never answers (our side times out not knowing). */
  | 'hang-after-create'
  /** Answers 502 without doing anything. */
  | 'down'
  /** Answers normally, signed with the wrong key. */
  | 'bad-answer-signature';

/** An account number the fake's "bank" does not know. */
export const FAKE_UNKNOWN_ACCOUNT = '9999999999';

export async function startFakeNapasPartner(secretKey: string, clientId: string) {
  const transfers = new Map<string, FakeTransfer>();
  let mode: FakeMode = 'normal';
  let created = 0;
  const requests: Array<{ method: string; path: string; body: string }> = [];

  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const method = request.method ?? '';
      const path = request.url ?? '';
      requests.push({ method, path, body });
      const answer = (status: number, value: unknown, key = secretKey) => {
        const text = JSON.stringify(value);
        const timestamp = String(Date.now());
        response.writeHead(status, { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': signPartnerAnswer(key, timestamp, text) }).end(text);
      };
      if (mode === 'down') {
        response.writeHead(502).end('Bad gateway');
        return;
      }
      const signature = String(request.headers['x-signature'] ?? '');
      const expected = signPartnerRequest(secretKey, method, path, String(request.headers['x-timestamp'] ?? ''), body);
      if (request.headers['x-client-id'] !== clientId || signature.length !== 64 || !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) {
        answer(401, { code: '02', message: 'Invalid signature' });
        return;
      }
      const respond = (value: unknown) => (mode === 'bad-answer-signature' ? answer(200, value, 'not-the-key-not-the-key') : answer(200, value));
      if (method === 'POST' && path === '/transfers') {
        const input = JSON.parse(body) as Omit<FakeTransfer, 'transactionId' | 'status'>;
        if (!/^\d+$/.test(String(input.amount)) || !input.reference) {
          respond({ code: '01', message: 'Malformed request' });
          return;
        }
        const existing = transfers.get(input.reference);
        if (existing) {
          const same = existing.amount === input.amount && existing.accountNumber === input.accountNumber && existing.bankBin === input.bankBin;
          respond(same ? { code: '09', message: 'Duplicate reference', data: existing } : { code: '10', message: 'Reference used for another transfer' });
          return;
        }
        created += 1;
        const transfer: FakeTransfer = { ...input, transactionId: `NP${String(created).padStart(8, '0')}`, status: 'PROCESSING' };
        if (input.accountNumber === FAKE_UNKNOWN_ACCOUNT) {
          Object.assign(transfer, { status: 'FAILED', errorCode: 'INVALID_ACCOUNT', errorMessage: 'Account does not exist', completedAt: new Date().toISOString() });
        }
        transfers.set(input.reference, transfer);
        if (mode === 'hang-after-create') return; // never answers; the socket is closed at shutdown
        respond({ code: '00', message: 'Accepted', data: transfer });
        return;
      }
      const match = /^\/transfers\/([^/]+)$/.exec(path);
      if (method === 'GET' && match) {
        const transfer = transfers.get(decodeURIComponent(match[1]!));
        respond(transfer ? { code: '00', message: 'OK', data: transfer } : { code: '04', message: 'Not found' });
        return;
      }
      answer(404, { code: '01', message: 'No such route' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    transfers,
    requests,
    get created() {
      return created;
    },
    setMode(next: FakeMode) {
      mode = next;
    },
    /** The partner's bank finishes a transfer. */
    complete(reference: string, status: 'SUCCESS' | 'FAILED', errorCode?: string) {
      const transfer = transfers.get(reference);
      if (!transfer) throw new Error(`no transfer ${reference}`);
      Object.assign(transfer, { status, completedAt: new Date().toISOString() }, errorCode ? { errorCode, errorMessage: errorCode } : {});
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
