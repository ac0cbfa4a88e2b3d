import { expect, test, type Page } from './fixtures.ts';
import { API_PATHS, LANGUAGES, type Language } from '@sen/contract';
import { fileURLToPath } from 'node:url';
import { acceptAndSubmit, applyFor, approvedBorrower, moveClock, openHome, payOut } from './loan-support.ts';
import { useLanguage, waitForApp } from './support.ts';

/**
 * Refreshes the borrowing and repayment screens of docs/screenshots/ (npm run screenshots): the
 * application with its cost, the agreement, the results, the orders, the repay list, the transfer
 * with its VietQR code, a settled order, an overdue order and the home's ticker, in every language.
 */
const gallery = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));
async function shot(page: Page, lang: Language, name: string, options: { fullPage?: boolean } = {}) {
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0, { timeout: 5_000 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${gallery}${lang}-${name}.png`, animations: 'disabled', fullPage: options.fullPage ?? false });
}

test.use({ deviceScaleFactor: 1 });
test.describe.configure({ timeout: 240_000 });

for (const lang of LANGUAGES) {
  test(`loans gallery in ${lang}`, async ({ page, request }) => {
    await useLanguage(page, lang);
    await approvedBorrower(page, request);

    await applyFor(page, 'Sen Linh Hoạt');
    await page.getByTestId('plan-3').click();
    await expect(page.getByTestId('schedule').locator('tbody tr')).toHaveCount(3);
    await shot(page, lang, 'product-info');
    // The cost and the schedule below it, the schedule's last row at the bottom of the screen.
    await page.getByTestId('schedule').evaluate((table) => table.scrollIntoView({ block: 'end' }));
    await shot(page, lang, 'product-cost');
    await page.getByTestId('open-agreement-lease').click();
    await expect(page.getByTestId('agreement-text')).toBeVisible();
    await shot(page, lang, 'product-agreement');
    await page.getByTestId('agreement-close').click();
    await page.getByTestId('back-button').click();
    await expect(page.getByTestId('exit-confirm')).toBeVisible();
    await shot(page, lang, 'product-exit-confirm');
    await page.getByTestId('exit-stay').click();
    await page.setViewportSize({ width: 360, height: 640 });
    await page.getByTestId('schedule').evaluate((table) => table.scrollIntoView({ block: 'end' }));
    await shot(page, lang, 'product-schedule-360');
    await page.getByTestId('agree-checkbox').scrollIntoViewIfNeeded();
    await shot(page, lang, 'product-info-360');
    await page.setViewportSize({ width: 390, height: 844 });
    // The agreements signed with the code sent by SMS (decision 112), at both sizes.
    await acceptAndSubmit(page, {
      beforeConfirm: async () => {
        await page.getByTestId('signing-code-step').scrollIntoViewIfNeeded();
        await shot(page, lang, 'product-signing-code');
        await page.setViewportSize({ width: 360, height: 640 });
        await page.getByTestId('signing-code-step').scrollIntoViewIfNeeded();
        await shot(page, lang, 'product-signing-code-360');
        await page.setViewportSize({ width: 390, height: 844 });
      },
    });
    await shot(page, lang, 'product-succeed');
    await payOut(request);

    await page.goto('/product/failed');
    await waitForApp(page);
    await shot(page, lang, 'product-failed');

    await page.goto('/order/list');
    await waitForApp(page);
    await expect(page.getByTestId('order-item')).toHaveCount(1);
    await shot(page, lang, 'order-list');
    await page.getByTestId('order-item').first().click();
    await expect(page.getByTestId('order-facts')).toBeVisible();
    await shot(page, lang, 'order-info');
    await page.getByTestId('repayment-plan').scrollIntoViewIfNeeded();
    await shot(page, lang, 'order-plan');

    await page.goto('/order/repay-list');
    await waitForApp(page);
    await expect(page.getByTestId('repay-item')).toHaveCount(1);
    await shot(page, lang, 'repay-list');
    await page.getByTestId('repay-order').click();
    await expect(page.getByTestId('selected-total')).toBeVisible();
    await shot(page, lang, 'batch-repay');
    await page.getByTestId('scope-all').check();
    await page.getByTestId('repay-submit').click();
    await expect(page.getByTestId('repay-qr').locator('svg')).toBeVisible();
    await shot(page, lang, 'repay-transfer');
    const href = await page.getByTestId('open-pay-page').getAttribute('href');
    const paid = await request.post(API_PATHS.devPayNow, { data: { token: new URL(href!).pathname.split('/pay/')[1] } });
    expect(paid.ok()).toBe(true);
    await expect(page.getByTestId('transfer-status')).toHaveAttribute('data-status', 'paid', { timeout: 15_000 });
    await shot(page, lang, 'repay-paid');
    await page.getByTestId('repay-done-order').click();
    await expect(page.getByTestId('order-status')).toBeVisible();
    await shot(page, lang, 'order-settled');

    // The home with the ticker of real payouts (every journey so far paid some out).
    await openHome(page);
    await expect(page.getByTestId('loan-ticker')).toBeVisible();
    await shot(page, lang, 'home-ticker');

    // An overdue loan: borrowed, paid out, the loans' clock moved past its due date.
    await applyFor(page, 'Sen Nhanh');
    await acceptAndSubmit(page);
    await payOut(request);
    try {
      await moveClock(request, { days: 34 });
      await page.goto('/order/repay-list');
      await waitForApp(page);
      await shot(page, lang, 'repay-list-overdue');
      await page.getByTestId('repay-item').first().locator('.link-button').click();
      await expect(page.getByTestId('order-overdue')).toBeVisible();
      await shot(page, lang, 'order-overdue');
      // The home of an overdue borrower: the banner with the days and the amount, Repay now, locked cards saying why.
      await page.goto('/');
      await waitForApp(page);
      await expect(page.getByTestId('overdue-banner')).toBeVisible();
      await shot(page, lang, 'home-overdue');
      await page.setViewportSize({ width: 360, height: 640 });
      await shot(page, lang, 'home-overdue-360', { fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
    } finally {
      await moveClock(request, { reset: true });
    }
  });
}
