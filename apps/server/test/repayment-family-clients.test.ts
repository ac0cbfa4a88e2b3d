import { API_PATHS, EMERGENCY_RELATIONSHIP } from '@sen/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repaymentReceipts } from '../src/db/schema.ts';
import { FamilyClient, type ClientName } from './helpers/family-clients.ts';
import { sampleJpeg } from './helpers/images.ts';
import { demoProducts, openLoan, type TestBorrower } from './helpers/loans.ts';
import { createTestApp, randomPhone, type TestApp } from './helpers/test-app.ts';

/*
 * The family's clients on the repayment calls (API-FAMILY.md §6.7–6.9), built and signed as each
 * client does: repay/url with planNumList, multiple/order/list and multiple/order/repay with
 * orderNoList as VT sends it, bank/repay/list as VT's form post, getBankAndWallet, and VT's
 * multipart upload/cert with the file part imagCert. Checks the fields and types they read.
 */
const APP_CODE = 'gaanpuhunan';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ config: (config) => ({ ...config, appCode: APP_CODE }) });
  await demoProducts(t);
});
afterAll(async () => t?.close());

/** A client signed in as a borrower with a paid-out loan of 3 instalments. */
async function clientWithLoan(name: ClientName) {
  const client = new FamilyClient(name, { app: t.app, appCode: APP_CODE, now: () => t.clock.now().getTime() });
  const phone = randomPhone();
  await client.fetchSecret();
  await client.post(API_PATHS.loginSms, { phone });
  const login = await client.post<{ token: string; id: number }>(API_PATHS.login, { phone, smsCode: t.lastOtp(phone), loginType: 1 });
  expect(login.envelope.code, login.response.body).toBe(200);
  client.token = login.envelope.data.token;
  const userId = await t.internalUserId(login.envelope.data.id);
  await t.services.credit.approveForDemo(userId, 20_000_000n);
  const bank = t.services.bank.banks().find((candidate) => candidate.bankCode === 'VCB')!;
  await t.services.bank.bind(userId, {
    account: { kind: 'CARD', bankId: bank.id, holderName: 'NGUYEN VAN FAMILY', number: `01${phone.slice(2)}456` },
    contacts: [
      { relationship: EMERGENCY_RELATIONSHIP.FAMILY, name: 'Nguyễn Thị Một', phone: '0987000011' },
      { relationship: EMERGENCY_RELATIONSHIP.FRIEND, name: 'Trần Văn Hai', phone: '0905000022' },
    ],
  });
  const account = (await t.services.bank.defaultAccount(userId))!;
  const borrower = { userId, accountId: account.id } as TestBorrower;
  const loan = await openLoan(t, borrower, { principal: 3_000_000n, planNums: 3 });
  return { client, loan, userId, account };
}

describe.each(['VT', 'KMP', 'H5'] as const)('%s on the repayment calls', (name) => {
  it('multiple/order/list, repay/url (planNumList) and multiple/order/repay (orderNoList): the fields it reads, in its types', async () => {
    const { client, loan } = await clientWithLoan(name);
    const list = await client.post<Array<Record<string, unknown>>>(API_PATHS.multipleOrderList);
    expect(list.envelope.code, list.response.body).toBe(200);
    expect(list.envelope.data).toEqual([
      // The product's name in the client's language (decision 113): VT sends lang en_US.
      expect.objectContaining({ orderId: loan.order.id, orderNo: loan.order.orderNo, productName: name === 'VT' ? 'Sen Flex' : 'Sen Linh Hoạt', currencySymbol: '₫', orderStatus: 30 }),
    ]);
    expect(typeof list.envelope.data[0]!.actualRepayAmount).toBe('number');

    const byPlan = await client.post<{ payUrl: string; amount: number }>(API_PATHS.repayUrl, { orderNo: loan.order.orderNo, planNumList: [1] });
    expect(byPlan.envelope.code, byPlan.response.body).toBe(200);
    expect(byPlan.envelope.data.payUrl).toMatch(/\/pay\/[A-Za-z0-9_-]{32}$/);

    const none = await client.post(API_PATHS.repayUrl, { orderNo: loan.order.orderNo, planNumList: [] });
    expect(none.envelope.message).toBe(name === 'VT' ? 'Please select at least one repayment order' : 'Vui lòng chọn ít nhất một đơn cần trả');

    const batch = await client.post<{ payUrl: string; reloanButtonSign: string | null }>(API_PATHS.multipleOrderRepay, { orderNoList: [loan.order.orderNo] });
    expect(batch.envelope.code, batch.response.body).toBe(200);
    expect(batch.envelope.data).toMatchObject({ payUrl: expect.stringMatching(/\/pay\//), reloanButtonSign: null });
    // The page the client opens in its WebView.
    const page = await t.app.inject({ method: 'GET', url: new URL(batch.envelope.data.payUrl).pathname });
    expect(page.statusCode).toBe(200);
  });
});

describe('VT on the offline repayment', () => {
  it('bank/repay/list as a form post: the lender’s account with the branch', async () => {
    const { client } = await clientWithLoan('VT');
    const response = await client.postForm<Array<Record<string, unknown>>>(API_PATHS.bankRepayList);
    expect(response.envelope.code, response.response.body).toBe(200);
    expect(response.envelope.data).toEqual([
      {
        bankName: t.config.collection.bankName,
        branchName: t.config.collection.branchName,
        bankAccount: t.config.collection.accountNumber,
        accountName: t.config.collection.accountName,
        bankBin: t.config.collection.bankBin,
      },
    ]);
  });

  it('getBankAndWallet: the borrower’s own accounts, masked, type 1 for a bank account', async () => {
    const { client, account } = await clientWithLoan('VT');
    const response = await client.post<Array<{ id: number; type: number; account: string; name: string }>>(API_PATHS.bankAndWallet);
    expect(response.envelope.code).toBe(200);
    expect(response.envelope.data).toEqual([{ id: account.id, type: 1, account: account.maskedNumber, name: 'Vietcombank' }]);
    expect(response.envelope.data[0]!.account).toMatch(/^\*+\d{4}$/);
  });

  it('upload/cert: multipart with imagCert, orderId, repayInfoId and repayType as text parts', async () => {
    const { client, loan, account } = await clientWithLoan('VT');
    const response = await client.postMultipart(
      API_PATHS.uploadCert,
      { orderId: String(loan.order.id), repayInfoId: String(account.id), repayType: '1' },
      { imagCert: await sampleJpeg({ exif: false }) },
    );
    expect(response.envelope.code, response.response.body).toBe(200);
    const rows = await t.database.db.select().from(repaymentReceipts).where(eq(repaymentReceipts.orderId, loan.order.id));
    expect(rows).toEqual([expect.objectContaining({ state: 'pending', repayInfoId: account.id, repayType: 1 })]);
    const list = await client.post<Array<{ orderStatus: number }>>(API_PATHS.multipleOrderList);
    expect(list.envelope.data[0]!.orderStatus).toBe(31);
  });
});
