import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '../fixtures.ts';
import { DEMO_ADMIN, freshTotpCode, useAdminLanguage } from './admin-support.ts';

/**
 * Refreshes docs/screenshots/admin-*.png (npm run screenshots): every back-office screen at
 * 1440x900 in Vietnamese and English, against a real server with the demo admin.
 */
const gallery = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const LANGUAGES = ['vn', 'en'] as const;
type Lang = (typeof LANGUAGES)[number];

/** Texts the gallery clicks, in each language (the pages' own dictionaries). */
const TEXT = {
  vn: { continue: 'Tiếp tục', signIn: 'Đăng nhập', invite: 'Mời nhân viên', create: 'Tạo lời mời', done: 'Xong', open: /Xem đề xuất/, history: 'Lịch sử', setPassword: 'Đặt mật khẩu và tiếp tục' },
  en: { continue: 'Continue', signIn: 'Sign in', invite: 'Invite an operator', create: 'Create invitation', done: 'Done', open: /Open proposal/, history: 'History', setPassword: 'Set password and continue' },
} as const;

async function shot(page: Page, lang: Lang, name: string) {
  // Let fades (drawers, modals, messages) finish, and no spinner stay on screen.
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 15_000 });
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${gallery}admin-${lang}-${name}.png`, animations: 'disabled' });
}

async function adminCall(page: Page, method: 'GET' | 'POST', path: string, data?: unknown) {
  const response = await page.request.fetch(path, { method, headers: { 'x-sen-admin': '1' }, ...(data ? { data } : {}) });
  return (await response.json()) as { code: number; data: unknown };
}

test.describe.configure({ timeout: 240_000 });

for (const lang of LANGUAGES) {
  test(`back-office gallery in ${lang}`, async ({ page, browser, baseURL }) => {
    const text = TEXT[lang];
    await useAdminLanguage(page, lang);

    await page.goto('/admin/sign-in');
    await page.locator('#email').fill('admin@');
    await page.getByRole('button', { name: text.continue }).click();
    await shot(page, lang, 'sign-in-errors');
    await page.locator('#email').fill(DEMO_ADMIN.email);
    await page.locator('#password').fill(DEMO_ADMIN.password);
    await page.getByRole('button', { name: text.continue }).click();
    await expect(page.locator('#code')).toBeVisible();
    await shot(page, lang, 'sign-in-totp');
    await page.locator('#code').fill(await freshTotpCode(DEMO_ADMIN.totpSecret));
    await page.getByRole('button', { name: text.signIn }).click();
    await expect(page.getByTestId('operator-name')).toBeVisible();

    // A pending product change, so the approvals have something to show (the second language finds it pending already).
    const products = (await adminCall(page, 'GET', '/api/admin/products')).data as { products: Array<Record<string, unknown>> };
    const { id: _id, annualPercent: _annual, updatedAt: _updated, ...product } = products.products[0]!;
    await adminCall(page, 'POST', '/api/admin/products/propose', { product: { ...product, dailyRatePpm: Number(product.dailyRatePpm) + 5 }, reason: 'Funding cost up 0.5 pt' });

    await page.goto('/admin/');
    await expect(page.locator('.ant-statistic, .ant-result').first()).toBeVisible({ timeout: 20_000 });
    await shot(page, lang, 'home');

    await page.goto('/admin/operators');
    await expect(page.getByRole('cell', { name: DEMO_ADMIN.email })).toBeVisible();
    await page.getByRole('button', { name: text.invite }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('#email').fill(`reviewer-${lang}-${Date.now()}@sen.local`);
    await dialog.locator('#name').fill(lang === 'vn' ? 'Nguyễn Thị Hương' : 'Rita Reviewer');
    await shot(page, lang, 'operators-invite');
    await dialog.getByRole('button', { name: text.create }).click();
    const link = (await page.getByTestId('enrolment-link').innerText()).trim();
    await shot(page, lang, 'operators-invite-link');
    await page.getByRole('button', { name: text.done }).click();
    await shot(page, lang, 'operators');

    // The invitation and the enrolment, in the invited operator's own browser.
    const invitedContext = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
    const invited = await invitedContext.newPage();
    await useAdminLanguage(invited, lang);
    const url = new URL(link, baseURL);
    await invited.goto(url.pathname + url.search);
    await shot(invited, lang, 'invitation');
    await invited.locator('#password').fill('a long passphrase for the gallery');
    await invited.locator('#confirm').fill('a long passphrase for the gallery');
    await invited.getByRole('button', { name: text.setPassword }).click();
    await expect(invited.getByTestId('totp-secret')).toBeVisible();
    await shot(invited, lang, 'enrol');
    await invitedContext.close();

    await page.goto('/admin/audit');
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await page.getByRole('button', { name: /Expand row|Mở rộng dòng/ }).first().click();
    await shot(page, lang, 'audit');

    await page.goto('/admin/proposals');
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await shot(page, lang, 'proposals');
    await page.getByRole('button', { name: text.open }).first().click();
    await expect(page.locator('.ant-drawer-open')).toBeVisible();
    await shot(page, lang, 'proposal-detail');

    await page.goto('/admin/products');
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await shot(page, lang, 'products');
    await page.getByRole('tab', { name: text.history }).click();
    await shot(page, lang, 'products-history');

    await page.goto(`/admin/products/propose?code=${encodeURIComponent(String(product.code))}`);
    await expect(page.locator('#dailyRatePpm')).toBeVisible();
    await shot(page, lang, 'product-propose');
  });
}
