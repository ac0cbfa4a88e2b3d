import { fileURLToPath } from 'node:url';
import type { Browser } from '@playwright/test';
import { ADMIN_PATHS, API_PATHS } from '@sen/contract';
import { expect, test, type Page } from '../fixtures.ts';
import { freshPhone } from '../support.ts';
import { acceptInvitation, DEMO_ADMIN, freshTotpCode, useAdminLanguage } from './admin-support.ts';

/**
 * Refreshes docs/screenshots/admin-{lang}-{reviews,review,review-decided,dashboard,ledger-check,
 * receipts,transfers,feedback}.png (npm run screenshots): the credit reviews, the dashboards and
 * the operations screens (decision 102) at 1440x900 in Vietnamese and English, with the demo admin.
 * The review cases are appeals of borrowers the engine refused (decision 095), made through the API.
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

/** A second operator (a reviewer), signed in in a page of their own: an appeal's opener may not decide it (decision 110). */
async function secondOperator(browser: Browser, baseURL: string, admin: Page, lang: Lang): Promise<Page> {
  const invited = await admin.request.post(ADMIN_PATHS.operatorInvite, { headers: { 'x-sen-admin': '1' }, data: { email: `hotline-${lang}-${Date.now()}@sen.local`, name: 'Hotline Reviewer', role: 'reviewer' } });
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

/** Money into the collection account that names nothing of Sen's (the bank's webhook, development key): a row of the unmatched queue. */
async function unidentifiedTransfer(page: Page, content: string, amount: number): Promise<void> {
  const id = Math.floor(Math.random() * 2 ** 40);
  const now = new Date(Date.now() + 7 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);
  const response = await page.request.post(API_PATHS.sepayWebhook, {
    headers: { authorization: 'Apikey sen-dev-sepay-webhook-key' },
    data: { id, gateway: 'MBBank', transactionDate: now, accountNumber: '0000123456789', code: null, content, transferType: 'in', transferAmount: amount, accumulated: 19_077_000, subAccount: null, referenceCode: `MBVCB.${id}`, description: '' },
  });
  expect(response.ok(), await response.text()).toBe(true);
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
