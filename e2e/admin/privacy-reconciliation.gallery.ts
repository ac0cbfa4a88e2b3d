import { fileURLToPath } from 'node:url';
import { devices } from '@playwright/test';
import { ADMIN_PATHS, API_PATHS, STATEMENT_COLUMNS } from '@sen/contract';
import { expect, test, type Page } from '../fixtures.ts';
import { signInNewBorrower } from '../kyc-support.ts';
import { freshPhone, useLanguage, waitForApp } from '../support.ts';
import { signInDemoAdminInVietnamese } from './admin-support.ts';
import { moveBusinessClock, overdueCase } from './collections-support.ts';

/**
 * Refreshes docs/screenshots/admin-{lang}-{reconciliation,reconciliation-clean,statement-import,
 * data-requests,breaches,collection-restructure}.png (npm run screenshots; decisions 116, 117 and
 * 118): the daily reconciliation of a day with differences and of a clean day, a bank statement's
 * import answer row by row, the data-subject requests' queue, the breach register with its 72-hour
 * clock, and a collection case's restructure offer form with its preview, at 1440x900 in
 * Vietnamese and English, worked by the demo admin.
 */
const gallery = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const LANGUAGES = ['vn', 'en'] as const;
type Lang = (typeof LANGUAGES)[number];
const headers = { 'x-sen-admin': '1' };
/** The collection account the development configuration names (the bank webhook's account). */
const COLLECTION_ACCOUNT = '0000123456789';
const HOUR = 3600_000;

async function shot(page: Page, lang: Lang, name: string) {
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 15_000 });
  await page.mouse.move(0, 0);
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${gallery}admin-${lang}-${name}.png`, animations: 'disabled' });
}

/** A Vietnam wall-clock time as the bank writes it ('yyyy-MM-dd HH:mm:ss'), `hoursAgo` before now. */
function bankTime(hoursAgo = 0): string {
  return new Date(Date.now() + 7 * HOUR - hoursAgo * HOUR).toISOString().replace('T', ' ').slice(0, 19);
}
let bankId = 770_000_000 + Math.floor(Math.random() * 1_000_000) * 100;

/** Money in that the bank's webhook reported (it names nothing of Sen's): its bank id. */
async function webhookTransfer(page: Page, content: string, amount: number): Promise<number> {
  const id = (bankId += 1);
  const response = await page.request.post(API_PATHS.sepayWebhook, {
    headers: { authorization: 'Apikey sen-dev-sepay-webhook-key' },
    data: { id, gateway: 'MBBank', transactionDate: bankTime(1), accountNumber: COLLECTION_ACCOUNT, code: null, content, transferType: 'in', transferAmount: amount, accumulated: 0, subAccount: null, referenceCode: `MBVCB.${id}`, description: '' },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return id;
}

/** A SePay-style statement: a transfer the webhook never reported, one it did, and two rows the import refuses. */
function statement(knownId: number, knownAmount: number): Buffer {
  const row = (cells: Partial<Record<(typeof STATEMENT_COLUMNS)[number], string | number>>) => {
    const full = { id: (bankId += 1), gateway: 'MBBank', transactionDate: bankTime(2), accountNumber: COLLECTION_ACCOUNT, code: '', content: 'chuyen tien', transferType: 'in', transferAmount: 100_000, accumulated: 0, referenceCode: '', description: '', ...cells };
    return STATEMENT_COLUMNS.map((name) => String(full[name] ?? '')).join(',');
  };
  return Buffer.from(
    [
      STATEMENT_COLUMNS.join(','),
      row({ content: 'TRAN THI HOA chuyen khoan', transferAmount: 2_150_000 }),
      row({ id: knownId, content: 'NGUYEN VAN MINH chuyen tien', transferAmount: knownAmount, transactionDate: bankTime(1) }),
      row({ content: 'le VND', transferAmount: '12.5' }),
      row({ id: 'abc' }),
    ].join('\r\n'),
  );
}

test.describe.configure({ timeout: 420_000 });
// A step that cannot happen fails in 20 s, not at the end of the test's 7 minutes.
test.use({ actionTimeout: 20_000 });

test('privacy, reconciliation and restructure gallery in vn and en', async ({ page, browser, baseURL, request }) => {
  // Signed in once, in Vietnamese (the back office's default); English is chosen later in storage.
  await signInDemoAdminInVietnamese(page);

  // Two borrowers' data-subject requests, filed through the borrower app.
  for (const [kinds, details] of [
    [['access', 'correct'], 'Địa chỉ thường trú đã đổi: 12 Lý Thường Kiệt, Hoàn Kiếm, Hà Nội'],
    [['delete'], 'Tôi đã tất toán, xin xóa ảnh giấy tờ tùy thân'],
  ] as const) {
    const phone = await browser.newContext({ baseURL, ...devices['Pixel 7'], viewport: { width: 390, height: 844 } });
    const borrower = await phone.newPage();
    await useLanguage(borrower, 'vn');
    await signInNewBorrower(borrower, request, freshPhone());
    await borrower.goto('/mine/data-rights');
    await waitForApp(borrower);
    for (const kind of kinds) {
      await borrower.getByTestId('data-rights-new').click();
      await borrower.getByTestId(`data-kind-${kind}`).check();
      await borrower.getByTestId('data-details').fill(details);
      await borrower.getByTestId('data-request-submit').click();
      await expect(borrower.getByTestId('data-rights-filed')).toBeVisible();
    }
    await phone.close();
  }

  // The breach register: one past its 72 hours, one within them, one notified.
  const breaches = [
    { hoursAgo: 80, description: 'Một nhân viên gửi nhầm bảng kê thu hồi nợ cho đối tác / A collections list e-mailed to the wrong partner', dataAffected: 'Họ tên, số điện thoại, dư nợ / names, phone numbers, balances', borrowersAffected: 214 },
    { hoursAgo: 5, description: 'Máy tính xách tay của nhân viên bị mất / An operator’s laptop was stolen', dataAffected: 'Ảnh CCCD trong thư mục tạm / ID photos in a temporary folder', borrowersAffected: 37 },
    { hoursAgo: 200, description: 'Lỗi phân quyền trang xuất dữ liệu / A permission error on the export page', dataAffected: 'Lịch sử trả nợ / repayment history', borrowersAffected: 3, notified: 'A05-2026-1187' },
  ];
  for (const breach of breaches) {
    const discoveredAt = new Date(Date.now() - breach.hoursAgo * HOUR).toISOString();
    const recorded = await page.request.post(ADMIN_PATHS.breachRecord, { headers, data: { discoveredAt, description: breach.description, dataAffected: breach.dataAffected, borrowersAffected: breach.borrowersAffected } });
    expect(recorded.ok(), await recorded.text()).toBe(true);
    if (breach.notified) {
      const { id } = (await recorded.json()).data as { id: number };
      const notified = await page.request.post(ADMIN_PATHS.breachNotified, { headers, data: { id, notifiedAt: new Date(Date.now() - (breach.hoursAgo - 30) * HOUR).toISOString(), reference: breach.notified } });
      expect(notified.ok(), await notified.text()).toBe(true);
    }
  }

  const today = bankTime().slice(0, 10);
  for (const lang of LANGUAGES) {
    await page.evaluate((language) => window.localStorage.setItem('sen-admin-language', language), lang);

    // Reconciliation: today, after a statement import (a day with differences), and a clean day.
    const amount = lang === 'vn' ? 1_250_000 : 830_000;
    const knownId = await webhookTransfer(page, 'NGUYEN VAN MINH chuyen tien', amount);
    await page.goto('/admin/reconciliation');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.locator('input[type="file"]').setInputFiles({ name: `mb-${today}.csv`, mimeType: 'text/csv', buffer: statement(knownId, amount) });
    await page.locator('.page__section button.ant-btn-primary').click();
    await expect(page.locator('.page__section .ant-table-row').first()).toBeVisible({ timeout: 20_000 });
    await shot(page, lang, 'statement-import');

    // The day's totals and differences (the date field left, not focused).
    await page.locator('#reconciliation-date').fill(today);
    await page.locator('#reconciliation-date').blur();
    await expect(page.locator('.ant-table-row').last()).toBeVisible({ timeout: 20_000 });
    await page.locator('#reconciliation-date').evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - 90));
    await shot(page, lang, 'reconciliation');
    await page.goto('/admin/reconciliation');
    await page.locator('#reconciliation-date').fill('2026-01-05');
    await page.locator('#reconciliation-date').blur();
    // A day with nothing at all: no difference, and no statement imported for it (decision 121).
    await expect(page.getByTestId('reconciliation-no-statement')).toBeVisible({ timeout: 20_000 });
    await page.locator('#reconciliation-date').evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - 90));
    await shot(page, lang, 'reconciliation-clean');

    await page.goto('/admin/data-requests');
    await expect(page.getByRole('row').nth(3)).toBeVisible({ timeout: 20_000 });
    await shot(page, lang, 'data-requests');

    await page.goto('/admin/breaches');
    await expect(page.getByRole('row').nth(3)).toBeVisible({ timeout: 20_000 });
    await shot(page, lang, 'breaches');
  }

  // A collection case's restructure offer: terms, the waivers within their caps, the preview.
  try {
    const item = await overdueCase(browser, baseURL!, request, page);
    for (const lang of LANGUAGES) {
      await page.evaluate((language) => window.localStorage.setItem('sen-admin-language', language), lang);
      await page.goto(`/admin/collections/${item.id}`);
      const form = page.getByTestId('restructure-form');
      await expect(form).toBeVisible({ timeout: 20_000 });
      await form.scrollIntoViewIfNeeded();
      // The overdue fee waived in full (its cap, shown once the first preview answers).
      await page.getByTestId('restructure-preview').click();
      const cap = form.locator('.ant-form-item-extra').first();
      await expect(cap).toBeVisible({ timeout: 20_000 });
      await form.locator('input').nth(2).fill((await cap.innerText()).replace(/\D/g, ''));
      await page.getByTestId('restructure-preview').click();
      await expect(page.getByTestId('restructure-plan')).not.toContainText(/(Waived|Được miễn)\s*0\s₫/);
      await expect(page.getByTestId('restructure-plan')).toBeVisible({ timeout: 20_000 });
      await form.evaluate((element) => element.scrollIntoView({ block: 'start' }));
      await shot(page, lang, 'collection-restructure');
      await page.getByTestId('restructure-plan').evaluate((element) => element.scrollIntoView({ block: 'end' }));
      await shot(page, lang, 'collection-restructure-preview');
    }
  } finally {
    await moveBusinessClock(request, { reset: true });
  }
});
