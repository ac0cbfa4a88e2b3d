import { fileURLToPath } from 'node:url';
import type { Browser } from '@playwright/test';
import { ADMIN_PATHS, API_PATHS } from '@sen/contract';
import { expect, test, type Page } from '../fixtures.ts';
import { freshPhone } from '../support.ts';
import { acceptInvitation, DEMO_ADMIN, freshTotpCode, signInDemoAdminInVietnamese, useAdminLanguage } from './admin-support.ts';

/**
 * Refreshes docs/screenshots/admin-{lang}-{reviews,review,review-decided,dashboard,ledger-check,
 * receipts,transfers,feedback,unmatched,unmatched-returned}.png (npm run screenshots): the credit
 * reviews, the dashboards and the operations screens (decision 102) at 1440x900 in Vietnamese and
 * English, with the demo admin. The review cases are appeals of borrowers the engine refused
 * (decision 095), made through the API.
 */
const gallery = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const LANGUAGES = ['vn', 'en'] as const;
type Lang = (typeof LANGUAGES)[number];

const TEXT = {
  vn: {
    continue: 'Tiếp tục',
    signIn: 'Đăng nhập',
    reason: 'Lý do (lưu cùng quyết định)',
    limit: 'Hạn mức tín dụng',
    approve: 'Phê duyệt',
    run: 'Chạy kiểm tra',
    appeal: 'Khách hàng gọi tổng đài: giáo viên nghỉ hưu, có lương hưu hằng tháng',
    decision: 'Đã xem phiếu lương hưu qua cuộc gọi',
  },
  en: {
    continue: 'Continue',
    signIn: 'Sign in',
    reason: 'Reason (kept with the decision)',
    limit: 'Credit limit',
    approve: 'Approve',
    run: 'Run the check',
    appeal: 'Called the hotline: retired teacher with a monthly pension',
    decision: 'Pension slip checked on the call',
  },
} as const;

async function shot(page: Page, lang: Lang, name: string) {
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 15_000 });
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${gallery}admin-${lang}-${name}.png`, animations: 'disabled' });
}

/**
 * A second operator (a reviewer by default), signed in in a page of their own: an appeal's opener
 * may not decide it (decision 110), a proposal's maker may not approve it.
 */
async function secondOperator(browser: Browser, baseURL: string, admin: Page, lang: Lang, role: 'reviewer' | 'finance' = 'reviewer'): Promise<Page> {
  const invited = await admin.request.post(ADMIN_PATHS.operatorInvite, { headers: { 'x-sen-admin': '1' }, data: { email: `${role}-${lang}-${Date.now()}@sen.local`, name: role === 'finance' ? 'Finance Checker' : 'Hotline Reviewer', role } });
  expect(invited.ok(), await invited.text()).toBe(true);
  const { enrolmentLink } = (await invited.json()).data as { enrolmentLink: string };
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await useAdminLanguage(page, 'en');
  const link = new URL(enrolmentLink, baseURL);
  await acceptInvitation(page, link.pathname + link.search, 'hotline passphrase of some length');
  return page;
}

/** A borrower refused by the engine (past the maximum age): their number. */
async function refusedBorrower(page: Page): Promise<number> {
  const certified = await page.request.post(API_PATHS.devCreditCertify, { data: { phone: freshPhone(), birthDate: '1962-04-10', monthlySalaryBand: '2' } });
  const { userId } = (await certified.json()).data as { userId: number };
  await page.request.post(API_PATHS.devCreditReview, { data: {} });
  return userId;
}

/**
 * Money into the collection account that names nothing of Sen's (the bank's webhook, development
 * key): a row of the unmatched queue; or, `out`, money out of it (a return sent without its memo).
 * `minutesAgo` dates it as the bank would, in Vietnam's wall-clock time. Answers the bank's id.
 */
async function unidentifiedTransfer(page: Page, content: string, amount: number, { out = false, minutesAgo = 0 } = {}): Promise<number> {
  const id = Math.floor(Math.random() * 2 ** 40);
  const at = new Date(Date.now() + 7 * 3600_000 - minutesAgo * 60_000).toISOString().replace('T', ' ').slice(0, 19);
  const response = await page.request.post(API_PATHS.sepayWebhook, {
    headers: { authorization: 'Apikey sen-dev-sepay-webhook-key' },
    data: { id, gateway: 'MBBank', transactionDate: at, accountNumber: '0000123456789', code: null, content, transferType: out ? 'out' : 'in', transferAmount: amount, accumulated: 19_077_000, subAccount: null, referenceCode: `MBVCB.${id}`, description: '' },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return id;
}

/** A borrower refused by the engine (past the maximum age), whose appeal an operator opened: a case in the queue. */
async function appealedCase(page: Page, reason: string): Promise<number> {
  const phone = freshPhone();
  const certified = await page.request.post(API_PATHS.devCreditCertify, { data: { phone, birthDate: '1962-04-10', monthlySalaryBand: '2' } });
  const { userId } = (await certified.json()).data as { userId: number };
  await page.request.post(API_PATHS.devCreditReview, { data: {} });
  const appeal = await page.request.post('/api/admin/reviews/appeal', { headers: { 'x-sen-admin': '1' }, data: { userId, reason } });
  expect(appeal.status(), await appeal.text()).toBe(200);
  return ((await appeal.json()).data as { review: { id: number } }).review.id;
}

test.describe.configure({ timeout: 180_000 });

for (const lang of LANGUAGES) {
  test(`credit reviews, dashboards and operations gallery in ${lang}`, async ({ page, browser, baseURL }) => {
    const text = TEXT[lang];
    await useAdminLanguage(page, lang);
    await page.goto('/admin/sign-in');
    await page.locator('#email').fill(DEMO_ADMIN.email);
    await page.locator('#password').fill(DEMO_ADMIN.password);
    await page.getByRole('button', { name: text.continue }).click();
    await page.locator('#code').fill(await freshTotpCode(DEMO_ADMIN.totpSecret));
    await page.getByRole('button', { name: text.signIn }).click();
    await expect(page.getByTestId('operator-name')).toBeVisible();

    // The hotline reviewer opens the appeals; the demo admin decides them.
    const hotline = await secondOperator(browser, baseURL!, page, lang);
    const decidedId = await appealedCase(hotline, text.appeal);
    const pendingId = await appealedCase(hotline, text.appeal);
    await hotline.context().close();

    await page.goto('/admin/reviews');
    await expect(page.getByRole('link', { name: /^(Open|Mở) / }).first()).toBeVisible({ timeout: 30_000 });
    await shot(page, lang, 'reviews');

    await page.goto(`/admin/reviews/${pendingId}`);
    await expect(page.getByLabel(text.limit)).toBeVisible();
    await page.getByLabel(text.reason).fill(text.decision);
    await shot(page, lang, 'review');

    await page.goto(`/admin/reviews/${decidedId}`);
    await page.getByLabel(text.limit).fill('6000000');
    await page.getByLabel(text.reason).fill(text.decision);
    await page.getByRole('button', { name: text.approve, exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: text.approve }).click();
    await expect(page.getByTestId('review-decided-by')).toBeVisible();
    await page.waitForTimeout(3000); // the success message fades
    await shot(page, lang, 'review-decided');

    await page.goto('/admin/dashboard');
    await expect(page.locator('.figure-card').first()).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('.funnel, .ant-empty').first()).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('[role="img"] svg').first()).toBeVisible({ timeout: 20_000 });
    await shot(page, lang, 'dashboard');
    await page.mouse.wheel(0, 900);
    await shot(page, lang, 'dashboard-below');

    await page.goto('/admin/ledger');
    await page.getByRole('button', { name: text.run }).click();
    await expect(page.getByTestId('ledger-verdict')).toBeVisible({ timeout: 30_000 });
    await shot(page, lang, 'ledger-check');

    await page.goto('/admin/receipts');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shot(page, lang, 'receipts');

    await page.goto('/admin/transfers');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shot(page, lang, 'transfers');

    await page.goto('/admin/feedback');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shot(page, lang, 'feedback');

    // Issue 22 item 7 and issue 23 item 2 (decisions 110, 114): the credit rules, an appeal opened
    // from the borrower's credit tab, a transfer nobody's reference names.
    await page.goto('/admin/credit-rules');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('.ant-card').first()).toBeVisible({ timeout: 20_000 });
    await shot(page, lang, 'credit-rules');

    const refused = await refusedBorrower(page);
    await page.goto(`/admin/borrowers/${refused}?tab=credit`);
    await page.getByTestId('open-appeal').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.getByRole('dialog').locator('textarea').fill(text.appeal);
    await shot(page, lang, 'borrower-appeal');

    await unidentifiedTransfer(page, lang === 'vn' ? 'NGUYEN VAN MINH chuyen tien' : 'NGUYEN VAN MINH transfer', 1_250_000);
    await page.goto('/admin/unmatched');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toBeVisible({ timeout: 20_000 });
    await shot(page, lang, 'unmatched');
  });
}

// Decision 125: a transfer approved for return whose money out carried no memo; "Money left…"
// opens the dialog listing the money out of its amount, one picked and a reason given.
test('the unmatched queue\'s "Money left…" dialog in vn and en', async ({ page, browser, baseURL }) => {
  await signInDemoAdminInVietnamese(page);
  const finance = await secondOperator(browser, baseURL!, page, 'en', 'finance');
  const headers = { 'x-sen-admin': '1' };
  for (const lang of LANGUAGES) {
    await page.evaluate((language) => window.localStorage.setItem('sen-admin-language', language), lang);
    const amount = lang === 'vn' ? 2_150_000 : 1_870_000;
    const content = lang === 'vn' ? 'TRAN THI HOA chuyen nham' : 'TRAN THI HOA wrong account';
    const bankId = await unidentifiedTransfer(page, content, amount, { minutesAgo: 180 });
    const queue = await page.request.get(ADMIN_PATHS.unidentifiedTransfers, { headers, params: { state: 'open' } });
    const row = ((await queue.json()).data as { transferId: number; providerTransactionId: string }[]).find((transfer) => transfer.providerTransactionId === String(bankId))!;
    expect(row, 'the transfer is in the unmatched queue').toBeDefined();
    const proposed = await page.request.post(ADMIN_PATHS.unidentifiedReturn, { headers, data: { transferId: row.transferId, reason: lang === 'vn' ? 'Người gửi gọi tổng đài, chuyển nhầm tài khoản' : 'The sender called: wrong account' } });
    expect(proposed.ok(), await proposed.text()).toBe(true);
    const { proposal } = (await proposed.json()).data as { proposal: { id: number } };
    const approved = await finance.request.post(ADMIN_PATHS.proposalApprove, { headers, data: { proposalId: proposal.id } });
    expect(((await approved.json()) as { code: number }).code, await approved.text()).toBe(200);
    // Finance sent it back without the memo HOANTRA<id>.
    await unidentifiedTransfer(page, lang === 'vn' ? 'HOAN TIEN TRAN THI HOA' : 'REFUND TRAN THI HOA', amount, { out: true, minutesAgo: 30 });

    await page.goto('/admin/unmatched?state=to_return');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('button', { name: lang === 'vn' ? `Ghi nhận hoàn trả giao dịch #${row.transferId}` : `Record the return of transfer #${row.transferId}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('radio').first().check();
    await dialog.locator('textarea').fill(lang === 'vn' ? 'Kế toán chuyển trả ngày hôm nay, quên ghi nội dung HOANTRA' : 'Finance sent it back today without the HOANTRA memo');
    // The title wraps before the close button (the Vietnamese one is long enough to reach it).
    const title = (await dialog.locator('.ant-modal-title').boundingBox())!;
    const close = (await dialog.locator('.ant-modal-close').boundingBox())!;
    expect(title.x + title.width, 'the dialog title stops before its close button').toBeLessThanOrEqual(close.x);
    await shot(page, lang, 'unmatched-returned');
  }
  await finance.context().close();
});
