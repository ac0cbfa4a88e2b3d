import { API_PATHS, type RepayQuote, type RepayStatus } from '@sen/contract';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { envelopeResponse as envelope, requestBody, setupApiTest } from '../../test/api-test.ts';
import { renderHookWithQuery } from '../../test/render.tsx';
import { homeKeys } from '../home/index.ts';
import { orderKeys } from '../orders/index.ts';
import { useCreateRepayment, useRepayStatus } from './repay-api.ts';
import { repayKeys } from './repay-keys.ts';

vi.mock('../../shared/ui/toast.ts', () => ({ showToast: vi.fn() }));

/* Repaying: the request is created by a mutation; the lists go stale once the bank's transfer is matched, not before. */
const fetchMock = setupApiTest({ token: 'tok', user: { id: 7, phone: '0912345678' } });

const REQUEST_ID = '5b0c6c1e-6a59-4c43-9d43-0e7f3e0b6a11';
const quote: RepayQuote = {
  payUrl: 'http://x/pay/abcdefghijklmnop',
  requestId: REQUEST_ID,
  amount: 1_036_000,
  transferContent: 'SEN7Q2K4',
  qrData: '000201',
  accountNumber: '0123456789',
  accountName: 'SEN FINANCE',
  bankBin: '970436',
  bankName: 'Vietcombank',
  expiresAt: '2027-01-15T10:00:00.000Z',
};
const status = (change: Partial<RepayStatus>): RepayStatus => ({
  status: 'open',
  amount: 1_036_000,
  paidAmount: 0,
  paidAt: null,
  transferContent: 'SEN7Q2K4',
  orders: [{ orderNo: 'SEN26112400000001', orderStatus: 30, statusLabel: 'Repaying', outstandingAmount: 3_108_000 }],
  ...change,
});

const SEEDED: QueryKey[] = [repayKeys.repayable(), orderKeys.list(), orderKeys.detail(9), homeKeys.index(7), homeKeys.commonIndex()];
const seed = (client: QueryClient) => SEEDED.forEach((key) => client.setQueryData(key, { seeded: true }));
const invalidated = (client: QueryClient) => SEEDED.filter((key) => client.getQueryState(key)?.isInvalidated).map((key) => JSON.stringify(key));

describe('repayment', () => {
  it('creates a request for chosen instalments or whole orders, and nothing goes stale before money moves', async () => {
    fetchMock.mockImplementation(async () => envelope({ ...quote, reloanButtonSign: null }));
    const { result, client } = renderHookWithQuery(() => useCreateRepayment(), seed);
    await expect(result.current.mutateAsync({ kind: 'instalments', orderNo: 'SEN26112400000001', planParts: [2] })).resolves.toEqual(quote);
    expect(requestBody(fetchMock, API_PATHS.repayUrl)).toMatchObject({ orderNo: 'SEN26112400000001', planNumList: [2] });
    await result.current.mutateAsync({ kind: 'orders', orderNos: ['SEN26112400000001', 'SEN26112400000002'] });
    expect(requestBody(fetchMock, API_PATHS.multipleOrderRepay)).toMatchObject({ orderNoList: ['SEN26112400000001', 'SEN26112400000002'] });
    expect(invalidated(client)).toEqual([]);
  });

  it('invalidates the repayable orders, the orders and the home once the transfer is matched', async () => {
    fetchMock.mockResolvedValueOnce(envelope(status({}))).mockResolvedValue(envelope(status({ status: 'paid', paidAmount: 1_036_000, paidAt: '2027-01-15T09:30:00.000Z' })));
    const { result, client } = renderHookWithQuery(() => useRepayStatus(REQUEST_ID), seed);
    await waitFor(() => expect(result.current.data?.status).toBe('open'));
    expect(invalidated(client)).toEqual([]);
    await waitFor(() => expect(result.current.data?.status).toBe('paid'), { timeout: 6000 });
    await waitFor(() => expect(invalidated(client)).toEqual([repayKeys.repayable(), orderKeys.list(), orderKeys.detail(9), homeKeys.index(7)].map((key) => JSON.stringify(key))));
  });
});
