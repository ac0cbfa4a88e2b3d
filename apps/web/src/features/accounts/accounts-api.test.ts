import { API_PATHS, BORROWER_ERRORS } from '@sen/contract';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelopeResponse as envelope, requestBody, setupApiTest } from '../../test/api-test.ts';
import { renderHookWithQuery } from '../../test/render.tsx';
import { authKeys, cachedAuthStatus } from '../auth/index.ts';
import { borrowKeys } from '../borrow/index.ts';
import { homeKeys } from '../home/index.ts';
import { addPayload, bindPayload, emptyAccountForm, type AccountFormValues } from './account-form.ts';
import { useAccountActions, useAddAccount, useBindAccountAndContacts, type ReceivingAccountItem } from './accounts-api.ts';
import { accountKeys } from './accounts-keys.ts';

const toast = vi.hoisted(() => vi.fn());
vi.mock('../../shared/ui/toast.ts', () => ({ showToast: toast }));

/* Binding, adding and unbinding receiving accounts as mutations: what each invalidates, by key. */
const fetchMock = setupApiTest({ token: 'tok', user: { id: 7, phone: '0912345678' } });
beforeEach(() => toast.mockReset());

const values: AccountFormValues = {
  ...emptyAccountForm([
    { relatives: '1', relativesName: 'Tran Thi Binh', relativesMobile: '0987654321' },
    { relatives: '2', relativesName: 'Le Van Cuong', relativesMobile: '0976543210' },
  ]),
  bankId: '3',
  accountUser: 'NGUYEN VAN AN',
  bankNo: '0123456789',
  confirmBankNo: '0123456789',
};
const done = { idState: '30', workInfoState: '30', bankCardState: '30', kycState: '30', telecomPermissionState: '30', userAuthState: '30' };
const account: ReceivingAccountItem = { id: 5, kind: 'CARD', name: 'Vietcombank', code: 'VCB', holder: 'NGUYEN VAN AN', maskedNumber: '*********4567', isDefault: true };

const SEEDED: QueryKey[] = [accountKeys.receiving(), accountKeys.contacts(), homeKeys.index(7), borrowKeys.quote(2, 3_000_000), borrowKeys.loanPage(), borrowKeys.agreement(null, 'en'), homeKeys.commonIndex()];
const seed = (client: QueryClient) => SEEDED.forEach((key) => client.setQueryData(key, { seeded: true }));
const invalidated = (client: QueryClient) => SEEDED.filter((key) => client.getQueryState(key)?.isInvalidated).map((key) => JSON.stringify(key));
const AFTER_A_CHANGE = [accountKeys.receiving(), accountKeys.contacts(), homeKeys.index(7), borrowKeys.quote(2, 3_000_000), borrowKeys.loanPage()].map((key) => JSON.stringify(key));

function answer(routes: Record<string, () => Response>) {
  fetchMock.mockImplementation(async (url) => {
    const path = String(url).split('?')[0]!;
    return routes[path]?.() ?? envelope(null);
  });
}

describe('receiving account mutations', () => {
  it('the BANK step invalidates the lists, the home and the quotes, and loads the certification status again', async () => {
    answer({ [API_PATHS.authConfig]: () => envelope({ authConfig: 'ID,BANK' }), [API_PATHS.authDetail]: () => envelope(done) });
    const { result, client } = renderHookWithQuery(() => useBindAccountAndContacts(), seed);
    await result.current.mutateAsync(bindPayload(values));
    expect(requestBody(fetchMock, API_PATHS.bankBindV2)).toMatchObject({ bankNo: '0123456789', relativesInfoVOList: [{ relatives: 1 }, { relatives: 2 }] });
    expect(invalidated(client)).toEqual(AFTER_A_CHANGE);
    expect(client.getQueryData(authKeys.status(7))).toEqual({ authConfig: 'ID,BANK', authDetail: done });
    expect(cachedAuthStatus()?.authDetail.bankCardState).toBe('30');
  });

  it('adding an account invalidates the same; a refusal is the caller’s to show (no toast) and invalidates nothing', async () => {
    answer({ [API_PATHS.bankAdd]: () => envelope(null, { code: BORROWER_ERRORS.BANK_ACCOUNT_DUPLICATE.code, message: 'This account is already added', status: 409 }) });
    const { result, client } = renderHookWithQuery(() => useAddAccount(), seed);
    await expect(result.current.mutateAsync(addPayload(values, false))).rejects.toMatchObject({ code: BORROWER_ERRORS.BANK_ACCOUNT_DUPLICATE.code });
    expect(toast).not.toHaveBeenCalled();
    expect(invalidated(client)).toEqual([]);

    answer({});
    await result.current.mutateAsync(addPayload(values, false));
    expect(invalidated(client)).toEqual(AFTER_A_CHANGE);
    expect(client.getQueryData(authKeys.status(7))).toBeUndefined();
  });

  it('unbinding invalidates the lists even when refused (the list may have been out of date), with the server’s reason toasted', async () => {
    answer({ [API_PATHS.bankUnbind]: () => envelope(null, { code: BORROWER_ERRORS.BANK_UNBIND_ONLY_ACCOUNT.code, message: 'This is your only receiving account', status: 409 }) });
    const { result, client } = renderHookWithQuery(() => useAccountActions(), seed);
    await expect(result.current.unbind.mutateAsync(account)).rejects.toMatchObject({ code: BORROWER_ERRORS.BANK_UNBIND_ONLY_ACCOUNT.code });
    expect(requestBody(fetchMock, API_PATHS.bankUnbind)).toMatchObject({ bankInfoId: '5', payWay: 'CARD' });
    await waitFor(() => expect(toast).toHaveBeenCalledWith('This is your only receiving account'));
    expect(invalidated(client)).toEqual(AFTER_A_CHANGE);
  });
});
