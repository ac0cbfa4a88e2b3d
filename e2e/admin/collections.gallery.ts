import { fileURLToPath } from 'node:url';
import { ADMIN_PATHS } from '@sen/contract';
import { expect, test, type Page } from '../fixtures.ts';
import { DEMO_ADMIN, freshTotpCode, useAdminLanguage } from './admin-support.ts';
import { moveBusinessClock, overdueCase } from './collections-support.ts';

/**
 * Refreshes docs/screenshots/admin-{lang}-collection*.png (npm run screenshots): the case list and a
 * case page with its contact log, a refusal shown in place and a promise, at 1440x900 in
 * Vietnamese and English, worked by the demo admin.
 */
const gallery = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const LANGUAGES = ['vn', 'en'] as const;
type Lang = (typeof LANGUAGES)[number];
const TEXT = { vn: { continue: 'Tiếp tục', signIn: 'Đăng nhập' } } as const;

async function shot(page: Page, lang: Lang, name: string) {
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 15_000 });
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${gallery}admin-${lang}-${name}.png`, animations: 'disabled' });
}

test.describe.configure({ timeout: 420_000 });

test('collections gallery in vn and en', async ({ page, browser, baseURL, request }) => {
  await useAdminLanguage(page, 'vn');
  await page.goto('/admin/sign-in');
  await page.locator('#email').fill(DEMO_ADMIN.email);
  await page.locator('#password').fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: TEXT.vn.continue }).click();
  await page.locator('#code').fill(await freshTotpCode(DEMO_ADMIN.totpSecret));
  await page.getByRole('button', { name: TEXT.vn.signIn }).click();
  await expect(page.getByTestId('operator-name')).toBeVisible();
  try {
    const item = await overdueCase(browser, baseURL!, request, page);
    const headers = { 'x-sen-admin': '1' };
    // A call, an SMS and a note on the case, through the API (the journey does it through the pages).
    for (const body of [
      { channel: 'call', target: 'borrower', outcome: 'no_answer' },
      { channel: 'sms', target: 'borrower', template: 'overdue_notice' },
      { channel: 'call', target: 'borrower', outcome: 'promised', note: 'Hẹn trả một phần vào thứ Sáu / will pay part on Friday' },
    ]) {
      const response = await page.request.post(ADMIN_PATHS.collectionContact, { headers, data: { caseId: item.id, ...body } });
      expect(response.ok(), await response.text()).toBe(true);
    }
    const detail = await page.request.get(ADMIN_PATHS.collectionCase, { headers, params: { caseId: item.id } });
    const today = ((await detail.json()).data as { today: string }).today;
    const promisedDate = new Date(Date.parse(`${today}T00:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10);
    const promised = await page.request.post(ADMIN_PATHS.collectionPromise, { headers, data: { caseId: item.id, amount: 500_000, promisedDate } });
    expect(promised.ok(), await promised.text()).toBe(true);

    for (const lang of LANGUAGES) {
      await page.goto('/admin/collections');
      // The header's language switch (the init script only sets the first language).
      await page.locator('.ant-segmented').getByText(lang === 'vn' ? 'Tiếng Việt' : 'English', { exact: true }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(lang === 'vn' ? 'Thu hồi nợ' : 'Collections');
      await expect(page.getByRole('row').filter({ hasText: item.orderNo })).toBeVisible();
      await shot(page, lang, 'collections');

      // Through the link (a page load would run the init script's language again).
      await page.locator(`a[href$="/collections/${item.id}"]`).click();
      await expect(page.locator('.contact-form')).toBeVisible();
      // Try an emergency contact: the governor's refusal is shown where it was tried.
      const form = page.locator('.contact-form');
      await form.locator('.ant-select').first().click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').nth(1).click();
      await form.locator('.ant-select').nth(1).click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
      await form.locator('button[type="submit"]').click();
      await expect(page.getByTestId('contact-refusal')).toBeVisible();
      await page.mouse.move(0, 0);
      await shot(page, lang, 'collection-case');
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await shot(page, lang, 'collection-case-schedule');
    }
  } finally {
    await moveBusinessClock(request, { reset: true });
  }
});
