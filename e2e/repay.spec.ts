import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import { API_PATHS } from '@sen/contract';
import { acceptAndSubmit, applyFor, approvedBorrower, moveClock, openHome, payOut } from './loan-support.ts';
import { expectAccessible, useLanguage, waitForApp } from './support.ts';

/*
 * Repaying (issue 12) against the real server: a borrower repays half of a loan with the
 * development 'pay now' (exactly the bank's webhook), then the rest, and sees the order settled
 * and the credit back; with the loans' clock moved past the due date an overdue loan shows its fee.
 * Axe on every screen.
 */
test.beforeEach(async ({ page }) => useLanguage(page, 'en'));

/** 'Pay now' (development): the bank's webhook for the transfer of a repayment request, all of it or `amount`. */
async function payNow(request: APIRequestContext, page: Page, amount?: number) {
  const href = await page.getByTestId('open-pay-page').getAttribute('href');
  const token = new URL(href!).pathname.split('/pay/')[1]!;
  const response = await request.post(API_PATHS.devPayNow, { data: { token, ...(amount ? { amount } : {}) } });
  expect(response.ok(), await response.text()).toBe(true);
}

const amountOf = async (page: Page, testId: string) => Number(((await page.getByTestId(testId).textContent()) ?? '').replace(/\D/g, ''));

test('repays half by the development pay now, then the rest: the order settles and the credit comes back', async ({ page, request }) => {
  await approvedBorrower(page, request);
  await openHome(page);
  const creditBefore = await amountOf(page, 'available-credit');
  await applyFor(page, 'Sen Nhanh');
  await acceptAndSubmit(page);
  await payOut(request);

  await page.goto('/order/repay-list');
  await waitForApp(page);
  await expect(page.getByTestId('repay-item')).toHaveCount(1);
  await expectAccessible(page, 'repay list');
  await page.getByTestId('repay-order').click();
  await expect(page.getByTestId('batch-repay')).toBeVisible();
  const owed = await amountOf(page, 'selected-total');
  await expectAccessible(page, 'batch repay');
  await page.getByTestId('repay-submit').click();
  await expect(page.getByTestId('transfer-view')).toBeVisible();
  await expect(page.getByTestId('repay-qr').locator('svg')).toBeVisible();
  await expect(page.getByTestId('transfer-content')).toHaveText(/^SEN[A-Z0-9]+$/);
  await expectAccessible(page, 'transfer');

  const half = Math.floor(owed / 2);
  await payNow(request, page, half);
  await expect(page.getByTestId('transfer-status')).toHaveAttribute('data-status', 'partly_paid', { timeout: 15_000 });

  // The rest: a new request for what is left.
  await page.goto('/order/repay-list');
  await waitForApp(page);
  await page.getByTestId('repay-order').click();
  expect(await amountOf(page, 'selected-total')).toBe(owed - half);
  await page.getByTestId('repay-submit').click();
  await payNow(request, page);
  await expect(page.getByTestId('transfer-status')).toHaveAttribute('data-status', 'paid', { timeout: 15_000 });
  await expect(page.getByTestId('repay-done')).toContainText('Settled');
  await page.getByTestId('repay-done-order').click();
  await expect(page.getByTestId('order-status')).toHaveText('Settled');
  await expect(page.getByTestId('repay-button')).toHaveCount(0);
  await expectAccessible(page, 'settled order');

  await page.goto('/');
  await waitForApp(page);
  // The principal repaid is available again (and an on-time settlement may raise the limit).
  expect(await amountOf(page, 'available-credit')).toBeGreaterThanOrEqual(creditBefore);
  await page.goto('/order/repay-list');
  await waitForApp(page);
  await expect(page.getByTestId('repay-empty')).toBeVisible();
});

test('an overdue loan shows its days overdue and its fee (the loans’ clock moved past the due date)', async ({ page, request }) => {
  await approvedBorrower(page, request);
  await applyFor(page, 'Sen Nhanh');
  await acceptAndSubmit(page);
  await payOut(request);
  try {
    await moveClock(request, { days: 35 });
    await page.goto('/order/repay-list');
    await waitForApp(page);
    const item = page.getByTestId('repay-item').first();
    await expect(item.getByTestId('order-status')).toHaveText('Overdue');
    await expect(item).toContainText('days overdue');
    await item.getByRole('button', { name: 'Details' }).click();
    await expect(page.getByTestId('order-overdue')).toContainText('Overdue fee');
    expect(Number(((await page.getByTestId('order-overdue').textContent()) ?? '').split('Overdue fee')[1]!.replace(/\D/g, ''))).toBeGreaterThan(0);
    await expect(page.getByTestId('plan-overdue-fee')).toBeVisible();
    await expectAccessible(page, 'overdue order');
  } finally {
    await moveClock(request, { reset: true });
  }
});
