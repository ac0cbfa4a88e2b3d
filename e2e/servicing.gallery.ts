import { expect, test, type Page } from './fixtures.ts';
import { API_PATHS, OTP_RESEND_SECONDS, LANGUAGES, type Language } from '@sen/contract';
import { fileURLToPath } from 'node:url';
import { acceptAndSubmit, applyFor, approvedBorrower, moveClock, payOut } from './loan-support.ts';
import { useLanguage, waitForApp } from './support.ts';

/**
 * Refreshes the servicing screens of docs/screenshots/ (npm run screenshots; issue 23, decisions
 * 100 and 101): a settled order offering its settlement certificate, and an order written off by
 * the daily job after 180 days past due, at 390x844 and 360x640, in every language.
 */
const gallery = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));
async function shot(page: Page, lang: Language, name: string) {
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0, { timeout: 5_000 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${gallery}${lang}-${name}.png`, animations: 'disabled' });
}

test.use({ deviceScaleFactor: 1 });
test.describe.configure({ timeout: 300_000 });

for (const lang of LANGUAGES) {
  test(`servicing gallery in ${lang}`, async ({ page, request }) => {
    await useLanguage(page, lang);
    await approvedBorrower(page, request);

    // A loan repaid in full: its page offers the confirmation of settlement.
    await applyFor(page, 'Sen Nhanh');
    await acceptAndSubmit(page);
    // A second code for the same product, amount and plan waits out the minute between sends.
    const firstCodeAt = Date.now();
    await payOut(request);
    await page.goto('/order/repay-list');
    await waitForApp(page);
    await page.getByTestId('repay-order').click();
    await page.getByTestId('repay-submit').click();
    const href = await page.getByTestId('open-pay-page').getAttribute('href');
    const paid = await request.post(API_PATHS.devPayNow, { data: { token: new URL(href!).pathname.split('/pay/')[1] } });
    expect(paid.ok()).toBe(true);
    await expect(page.getByTestId('transfer-status')).toHaveAttribute('data-status', 'paid', { timeout: 15_000 });
    await page.goto('/order/list');
    await waitForApp(page);
    await page.getByTestId('order-item').first().click();
    await expect(page.getByTestId('download-certificate')).toBeVisible();
    await page.getByTestId('order-certificate').scrollIntoViewIfNeeded();
    await shot(page, lang, 'order-certificate');
    const settledUrl = page.url();

    // A loan left unpaid: 180 days past its due date the daily job writes it off.
    await applyFor(page, 'Sen Nhanh');
    await page.waitForTimeout(Math.max(0, firstCodeAt + (OTP_RESEND_SECONDS + 1) * 1000 - Date.now()));
    await acceptAndSubmit(page);
    await payOut(request);
    try {
      await moveClock(request, { days: 30 + 181 });
      await page.goto('/order/list');
      await waitForApp(page);
      await page.getByTestId('order-item').first().click();
      await expect(page.getByTestId('order-written-off')).toBeVisible();
      await shot(page, lang, 'order-written-off');
      await page.setViewportSize({ width: 360, height: 640 });
      await shot(page, lang, 'order-written-off-360');
      await page.goto('/order/list');
      await waitForApp(page);
      await shot(page, lang, 'order-list-written-off-360');
      await page.setViewportSize({ width: 390, height: 844 });
    } finally {
      await moveClock(request, { reset: true });
    }
    expect(settledUrl).toContain('/order/info');
  });
}
