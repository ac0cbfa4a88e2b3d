import { API_PATHS, BORROWER_ERRORS } from '@sen/contract';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { envelopeResponse as envelope, setupApiTest } from '../../test/api-test.ts';
import { renderHookWithQuery } from '../../test/render.tsx';
import { authKeys } from '../auth/index.ts';
import { homeKeys } from '../home/index.ts';
import { orderKeys } from '../orders/index.ts';
import { useCommitBatch, useCommitOrder, type CommitDetails } from './borrow-api.ts';
import { borrowKeys } from './borrow-keys.ts';

vi.mock('../../shared/ui/toast.ts', () => ({ showToast: vi.fn() }));

/* The loan commit as a mutation: its idempotency key survives a retry, and what it changes is invalidated by key. */
const fetchMock = setupApiTest({ token: 'tok', user: { id: 7, phone: '0912345678' } });

const committed = { orderId: 9, orderNo: 'SEN26112400000001', productId: 2, productName: 'Sen Linh Hoạt', loanAmount: 3_000_000, orderStatus: 10, statusName: 'Pending', statusLabel: 'Pending', currencySymbol: '₫' };
const details: CommitDetails = { agreementVersion: 'lease-2026-11-24', payWay: 'CARD', accountId: 7, eventLog: '1|view_enter_loan', signature: null };
const single = { productId: 2, amount: 3_000_000, planNums: 1, loanTermId: 2 };

/** The auditKey part and the Idempotency-Key header of every commit sent. */
function sentKeys(path: string) {
  return fetchMock.mock.calls
    .filter(([url]) => String(url).startsWith(path))
    .map(([, init]) => ({ auditKey: String((init!.body as FormData).get('auditKey')), header: (init!.headers as Record<string, string>)['idempotency-key'] }));
}

const SEEDED: QueryKey[] = [orderKeys.list(), orderKeys.detail(9), homeKeys.index(7), borrowKeys.quote(2, 3_000_000), borrowKeys.loanPage(), borrowKeys.agreement(null, 'en'), authKeys.status(7)];

function seed(client: QueryClient) {
  for (const key of SEEDED) client.setQueryData(key, { seeded: true });
}

function invalidated(client: QueryClient) {
  return SEEDED.filter((key) => client.getQueryState(key)?.isInvalidated).map((key) => JSON.stringify(key));
}

describe('the loan commit mutation', () => {
  it('sends the same key again when retried after a lost answer, and a new application gets a new key', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(envelope(committed));
    const { result, unmount } = renderHookWithQuery(() => useCommitOrder());
    await expect(result.current.mutateAsync({ input: single, details })).rejects.toMatchObject({ kind: 'network' });
    await expect(result.current.mutateAsync({ input: single, details })).resolves.toMatchObject({ orderNo: 'SEN26112400000001' });

    const [first, retry] = sentKeys(API_PATHS.orderCommit);
    expect(first!.auditKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(first!.header).toBe(first!.auditKey);
    expect(retry).toEqual(first);
    unmount();

    fetchMock.mockResolvedValueOnce(envelope(committed));
    const next = renderHookWithQuery(() => useCommitOrder());
    await next.result.current.mutateAsync({ input: single, details });
    expect(sentKeys(API_PATHS.orderCommit)[2]!.auditKey).not.toBe(first!.auditKey);
  });

  it('invalidates the orders, the home and the quotes once made; never the auth status or the agreements', async () => {
    fetchMock.mockResolvedValueOnce(envelope(committed));
    const { result, client } = renderHookWithQuery(() => useCommitOrder(), seed);
    await result.current.mutateAsync({ input: single, details });
    expect(invalidated(client)).toEqual([orderKeys.list(), orderKeys.detail(9), homeKeys.index(7), borrowKeys.quote(2, 3_000_000), borrowKeys.loanPage()].map((key) => JSON.stringify(key)));
  });

  it('a batch commit invalidates the same, also when its answer is a failure (the orders may have been made)', async () => {
    fetchMock.mockResolvedValueOnce(envelope(null, { code: 500, message: 'Server error', status: 500 }));
    const { result, client } = renderHookWithQuery(() => useCommitBatch(), seed);
    await expect(result.current.mutateAsync({ input: { productIds: [2, 3], planNums: {}, amount: 6_000_000 }, details })).rejects.toBeTruthy();
    expect(sentKeys(API_PATHS.orderCommitAll)).toHaveLength(1);
    expect(invalidated(client)).toContain(JSON.stringify(orderKeys.list()));
    expect(invalidated(client)).toContain(JSON.stringify(homeKeys.index(7)));
    expect(invalidated(client)).not.toContain(JSON.stringify(authKeys.status(7)));
  });

  it('an outdated agreement invalidates the agreements and quotes to read again, not the orders', async () => {
    fetchMock.mockResolvedValueOnce(envelope(null, { code: BORROWER_ERRORS.AGREEMENT_OUTDATED.code, message: 'The agreement has changed', status: 409 }));
    const { result, client } = renderHookWithQuery(() => useCommitOrder(), seed);
    await expect(result.current.mutateAsync({ input: single, details })).rejects.toMatchObject({ code: BORROWER_ERRORS.AGREEMENT_OUTDATED.code });
    expect(invalidated(client)).toEqual([borrowKeys.quote(2, 3_000_000), borrowKeys.agreement(null, 'en')].map((key) => JSON.stringify(key)));
  });
});
