import { API_PATHS, type HomeIndex, type LoanPage } from '@sen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PRODUCTS } from '../src/modules/product/index.ts';
import { FamilyClient } from './helpers/family-clients.ts';
import { createTestApp, randomPhone, type TestApp } from './helpers/test-app.ts';

/*
 * The family's clients on the home calls (API-FAMILY.md §4.3, §4.5, §6.6), built and signed as
 * each client does: index/v3 (POST), index/loan/page (POST), common/reloan/button/sign (GET).
 * Checks the types the clients parse: ints, numbers, booleans always present, strings for signs.
 */
const APP_CODE = 'gaanpuhunan';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ config: (config) => ({ ...config, appCode: APP_CODE }) });
  for (const product of DEMO_PRODUCTS) await t.services.product.upsert(product);
});
afterAll(async () => t?.close());

async function approvedClient(name: 'VT' | 'KMP' | 'H5') {
  const client = new FamilyClient(name, { app: t.app, appCode: APP_CODE, now: () => t.clock.now().getTime() });
  const phone = randomPhone();
  await client.fetchSecret();
  await client.post(API_PATHS.loginSms, { phone });
  const login = await client.post<{ token: string }>(API_PATHS.login, { phone, smsCode: t.lastOtp(phone), loginType: 1 });
  expect(login.envelope.code, login.response.body).toBe(200);
  client.token = login.envelope.data.token;
  await t.app.inject({ method: 'POST', url: API_PATHS.devCreditCertify, payload: { phone, birthDate: '1990-02-03', monthlySalaryBand: '3' } });
  await t.services.credit.runReviews();
  return client;
}

describe.each(['VT', 'KMP', 'H5'] as const)('%s on the home calls', (name) => {
  it('index/v3: the LoanDashboard with every field the client reads, in its types', async () => {
    const client = await approvedClient(name);
    const { envelope } = await client.post<HomeIndex>(API_PATHS.homeIndex);
    expect(envelope.code).toBe(200);
    const data = envelope.data;
    expect(data).toMatchObject({
      userCreditStatus: 1,
      calmFlag: false,
      bankErrorFlag: false,
      togetherLoanSign: 1,
      userCreditAmount: 10_000_000,
      totalCreditAmount: 10_000_000,
      usedAmount: 0,
      userCreditCurrencySymbol: '₫',
      repayProducts: [],
      showMultipleRepaySign: 0,
      enableLoanStr: '',
    });
    // The default receiving account: Long / String? in the clients, null until one is bound.
    for (const field of ['bankInfoId', 'bankNo', 'userCashWalletId', 'walletAccount'] as const) expect(data).toHaveProperty(field, null);
    const card = data.showProducts[0]!;
    expect(typeof card.productId).toBe('number');
    expect(typeof card.interestRate).toBe('number');
    expect(card.showConditionTypeSign === null || typeof card.showConditionTypeSign === 'string').toBe(true);
    expect(Array.isArray(card.tagList)).toBe(true);
    expect(typeof card.loanAmountRange).toBe('string');
  });

  it('index/loan/page: products in detail form (id, loanTermConfigDTOList) and canApplyAmount', async () => {
    const client = await approvedClient(name);
    const { envelope } = await client.post<LoanPage>(API_PATHS.loanPage);
    expect(envelope.code).toBe(200);
    expect(envelope.data.canApplyAmount).toBe(10_000_000);
    for (const product of envelope.data.showProducts) {
      expect(product.id).toBe(product.productId);
      expect(product.loanTermConfigDTOList[0]!.productInstallmentPlanDTOList.length).toBeGreaterThan(0);
    }
  });

  it('common/reloan/button/sign: GET with the default params in the query, a string sign', async () => {
    const client = await approvedClient(name);
    const { envelope } = await client.get<{ reloanButtonSign: string }>(API_PATHS.reloanButtonSign);
    expect(envelope).toMatchObject({ code: 200, data: { reloanButtonSign: '0' } });
  });

  it('index/v3 without a token: 401, which makes the client log out', async () => {
    const client = new FamilyClient(name, { app: t.app, appCode: APP_CODE, now: () => t.clock.now().getTime() });
    await client.fetchSecret();
    expect((await client.post(API_PATHS.homeIndex)).envelope.code).toBe(401);
  });
});
