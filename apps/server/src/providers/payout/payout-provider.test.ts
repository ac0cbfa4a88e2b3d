import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DevPayoutProvider } from './dev-payout-provider.ts';
import { FAKE_UNKNOWN_ACCOUNT, startFakeNapasPartner } from './fake-napas-partner.ts';
import { NapasPayoutProvider } from './napas-payout-provider.ts';
import { payoutReference, PayoutReferenceConflictError, PayoutRequestError, PayoutUnavailableError, type PayoutProvider, type PayoutRequest } from './payout-provider.ts';

const SECRET = 'partner-secret-key-0123456789';
const CLIENT = 'sen-client-1';

let partner: Awaited<ReturnType<typeof startFakeNapasPartner>>;
beforeAll(async () => {
  partner = await startFakeNapasPartner(SECRET, CLIENT);
});
afterAll(async () => partner?.close());
beforeEach(() => partner.setMode('normal'));

let counter = 0;
function transfer(overrides: Partial<PayoutRequest> = {}): PayoutRequest {
  counter += 1;
  return {
    reference: `PO-${Date.now()}-${counter}`,
    amount: 1_800_000n,
    bankBin: '970436',
    accountNumber: '0123456789',
    accountName: 'NGUYEN VAN A',
    description: 'Sen giai ngan khoan vay',
    ...overrides,
  };
}

const napas = (overrides: { secretKey?: string; timeoutMs?: number } = {}) =>
  new NapasPayoutProvider({ baseUrl: partner.baseUrl, clientId: CLIENT, secretKey: overrides.secretKey ?? SECRET, timeoutMs: overrides.timeoutMs ?? 2_000 });

/** What both providers promise (the interface's contract). */
function behavesAsAPayoutProvider(make: () => PayoutProvider, finish: (reference: string) => void) {
  it('submits once per reference: a repeat answers the first transfer', async () => {
    const provider = make();
    const request = transfer();
    const first = await provider.submit(request);
    expect(first).toMatchObject({ reference: request.reference, state: 'pending', amount: 1_800_000n });
    const again = await provider.submit(request);
    expect(again.partnerTransactionId).toBe(first.partnerTransactionId);
    finish(request.reference);
    expect(await provider.status(request.reference)).toMatchObject({ state: 'succeeded', failureCode: null });
    expect((await provider.submit(request)).state).toBe('succeeded');
  });

  it('refuses the same reference for another transfer', async () => {
    const provider = make();
    const request = transfer();
    await provider.submit(request);
    await expect(provider.submit({ ...request, amount: 1_700_000n })).rejects.toThrow(PayoutReferenceConflictError);
  });

  it('answers null for a reference it never received', async () => {
    expect(await make().status('PO-never-sent')).toBeNull();
  });

  it('refuses malformed requests before sending', async () => {
    const provider = make();
    await expect(provider.submit(transfer({ amount: 0n }))).rejects.toThrow(PayoutRequestError);
    await expect(provider.submit(transfer({ reference: 'bad reference!' }))).rejects.toThrow(PayoutRequestError);
    await expect(provider.submit(transfer({ bankBin: '97' }))).rejects.toThrow(PayoutRequestError);
  });
}

describe('DevPayoutProvider', () => {
  let now = Date.parse('2026-03-15T03:00:00Z');
  const clock = () => new Date(now);
  const make = () => new DevPayoutProvider({ delayMs: 3000, failAccounts: ['1122334455'] }, clock);
  behavesAsAPayoutProvider(make, () => {
    now += 3000;
  });

  it('pays out after the delay, by the app clock', async () => {
    const provider = make();
    const request = transfer();
    await provider.submit(request);
    now += 2999;
    expect((await provider.status(request.reference))!.state).toBe('pending');
    now += 1;
    expect(await provider.status(request.reference)).toMatchObject({ state: 'succeeded', completedAt: new Date(now) });
    expect(provider.transferCount).toBe(1);
  });

  it('remembers the latest transfers only (a long-running demo does not grow without end), and still counts every one', async () => {
    const provider = new DevPayoutProvider({ delayMs: 0, failAccounts: [], remembered: 2 }, clock);
    const [first, second, third] = [transfer(), transfer(), transfer()];
    for (const request of [first, second, third]) await provider.submit(request);
    expect(await provider.status(first.reference)).toBeNull();
    expect((await provider.status(second.reference))!.state).toBe('succeeded');
    expect((await provider.status(third.reference))!.state).toBe('succeeded');
    expect(provider.transferCount).toBe(3);
  });

  it('fails for configured accounts and for accounts ending in 0000, as the borrower’s card error', async () => {
    const provider = make();
    const listed = transfer({ accountNumber: '1122334455' });
    const marked = transfer({ accountNumber: '5555550000' });
    await provider.submit(listed);
    await provider.submit(marked);
    now += 3000;
    expect(await provider.status(listed.reference)).toMatchObject({ state: 'failed', failureCode: 'ACCOUNT_INVALID' });
    expect(await provider.status(marked.reference)).toMatchObject({ state: 'failed', failureCode: 'ACCOUNT_INVALID' });
  });
});

describe('NapasPayoutProvider against a local fake partner', () => {
  behavesAsAPayoutProvider(napas, (reference) => partner.complete(reference, 'SUCCESS'));

  it('signs its requests and sends the amount as text', async () => {
    const request = transfer();
    await napas().submit(request);
    const sent = partner.requests.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', path: '/transfers' });
    expect(JSON.parse(sent.body)).toEqual({
      reference: request.reference,
      amount: '1800000',
      currency: 'VND',
      bankBin: '970436',
      accountNumber: '0123456789',
      accountName: 'NGUYEN VAN A',
      description: 'Sen giai ngan khoan vay',
      channel: 'NAPAS247',
    });
    // With a wrong key the partner refuses us, and its answer cannot verify with our key: nothing is trusted.
    await expect(napas({ secretKey: 'wrong-secret-key-0123456789' }).submit(transfer())).rejects.toThrow(PayoutUnavailableError);
  });

  it('maps the bank’s refusal of an unknown account to ACCOUNT_INVALID', async () => {
    const result = await napas().submit(transfer({ accountNumber: FAKE_UNKNOWN_ACCOUNT }));
    expect(result).toMatchObject({ state: 'failed', failureCode: 'ACCOUNT_INVALID', failureReason: 'Account does not exist' });
    const request = transfer();
    await napas().submit(request);
    partner.complete(request.reference, 'FAILED', 'INSUFFICIENT_BALANCE');
    expect(await napas().status(request.reference)).toMatchObject({ state: 'failed', failureCode: 'INSUFFICIENT_FUNDS' });
  });

  it('reconciles by reference after a timeout: the transfer was made once, and is found', async () => {
    partner.setMode('hang-after-create');
    const request = transfer();
    const before = partner.created;
    await expect(napas({ timeoutMs: 300 }).submit(request)).rejects.toThrow(PayoutUnavailableError);
    partner.setMode('normal');
    // After the crash or timeout the job asks instead of sending again.
    const found = await napas().status(request.reference);
    expect(found).toMatchObject({ reference: request.reference, state: 'pending' });
    // And if it does send again, the partner answers the same transfer.
    const again = await napas().submit(request);
    expect(again.partnerTransactionId).toBe(found!.partnerTransactionId);
    expect(partner.created - before).toBe(1);
  });

  it('does not trust an answer that does not verify, nor a partner that is down', async () => {
    partner.setMode('bad-answer-signature');
    await expect(napas().submit(transfer())).rejects.toThrow(/does not verify/);
    partner.setMode('down');
    await expect(napas().status('PO-any')).rejects.toThrow(PayoutUnavailableError);
  });

  it('gives up when the partner is unreachable', async () => {
    const closed = new NapasPayoutProvider({ baseUrl: 'http://127.0.0.1:9', clientId: CLIENT, secretKey: SECRET, timeoutMs: 1000 });
    await expect(closed.status('PO-any')).rejects.toThrow(PayoutUnavailableError);
  });
});

describe('payoutReference', () => {
  it('names an order’s attempts and refuses what a partner would not take', () => {
    expect(payoutReference('SEN20260315000123', 1)).toBe('POSEN20260315000123-1');
    expect(() => payoutReference('SEN 1', 1)).toThrow(PayoutRequestError);
    expect(() => payoutReference('1', 0)).toThrow(PayoutRequestError);
    expect(() => payoutReference('9'.repeat(40), 1)).toThrow(PayoutRequestError);
  });
});
