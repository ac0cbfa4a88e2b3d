import { expect, test } from './fixtures.ts';
import { acceptAndSubmit, applyFor, approvedBorrower, openHome, outboxOf, payOut, readSigningCode } from './loan-support.ts';
import { expectAccessible, useLanguage, waitForApp } from './support.ts';

/*
 * Borrowing (issue 11) against the real server: a borrower picks an amount and a plan, sees the cost
 * and the APR, reads and accepts the agreements, signs them with the code sent by SMS, is paid out and sees the order with every label; a
 * batch over several products; a card that cannot receive shows 'Payment failed' and the fix.
 * Axe on every screen.
 */
test.beforeEach(async ({ page }) => useLanguage(page, 'en'));

test('picks an amount and a plan, sees the full cost and APR, accepts the agreements, signs with the SMS code, is paid out, sees the order', async ({ page, request }) => {
  const borrower = await approvedBorrower(page, request);
  await applyFor(page, 'Sen Linh Hoạt');
  await expectAccessible(page, 'product info');

  // The amount moves in steps and the quote follows it; the plan changes the schedule.
  const before = await page.getByTestId('loan-amount').textContent();
  await page.getByTestId('amount-less').click();
  await page.getByTestId('amount-less').click();
  await expect(page.getByTestId('loan-amount')).not.toHaveText(before ?? '');
  await page.getByTestId('plan-3').click();
  await expect(page.getByTestId('schedule').locator('tbody tr')).toHaveCount(3);
  await expect(page.getByTestId('cost-apr')).toContainText('% a year');
  await expect(page.getByTestId('cost-received')).toBeVisible();
  await expect(page.getByTestId('receiving-account')).toContainText('*');

  // Nothing goes before the agreements are read and accepted.
  await expect(page.getByTestId('submit-loan')).toBeDisabled();
  await page.getByTestId('open-agreement-lease').click();
  await expect(page.getByTestId('agreement-text')).toContainText('In words (Vietnamese)');
  await expectAccessible(page, 'agreement');
  await page.getByTestId('agreement-close').click();

  // Leaving asks first.
  await page.getByTestId('back-button').click();
  await expect(page.getByTestId('exit-confirm')).toContainText('steps left');
  await page.getByTestId('exit-stay').click();

  // Sign and borrow (decision 112): the code sent by SMS signs the agreements; a wrong one is refused on the spot.
  await page.getByTestId('agree-checkbox').check();
  const [lastSms] = await outboxOf(request, borrower.phone);
  await page.getByTestId('submit-loan').click();
  await expect(page.getByTestId('signing-code-step')).toContainText('Sign with the code sent to your phone');
  const code = await readSigningCode(request, borrower.phone, lastSms);
  await expect(page.getByTestId('signing-code-resend')).toContainText('Send again in');
  await expectAccessible(page, 'signing code');
  await page.getByTestId('signing-code-input').fill(String((Number(code) + 1) % 10_000).padStart(4, '0'));
  await page.getByTestId('signing-code-confirm').click();
  await expect(page.getByTestId('signing-code-step')).toContainText('That code is not right');
  await page.getByTestId('signing-code-input').fill(code);
  await page.getByTestId('signing-code-confirm').click();
  await expect(page.getByTestId('product-succeed')).toBeVisible();
  const orderNo = (await page.getByTestId('succeed-order').locator('dd').first().textContent())!.trim();
  await expectAccessible(page, 'product succeed');

  await payOut(request);
  await page.getByTestId('view-orders').click();
  const item = page.locator(`[data-order-no="${orderNo}"]`);
  await expect(item.getByTestId('order-status')).toHaveText('Pending repayment');
  await expectAccessible(page, 'order list');
  await item.click();
  await expect(page.getByTestId('order-info')).toBeVisible();
  await expect(page.getByTestId('order-facts')).toContainText(orderNo);
  for (const label of ['Apply date', 'Loan date', 'Due date', 'Loan amount', 'Service fee', 'Interest', 'Overdue fee', 'Actually paid-in amount', 'Receiving account', 'Total repayment', 'Phone model']) {
    await expect(page.getByTestId('order-facts')).toContainText(label);
  }
  await expect(page.getByTestId('repayment-plan').getByTestId('plan-row')).toHaveCount(3);
  await page.getByTestId('order-contract-lease').click();
  await expect(page.getByTestId('agreement-text')).toContainText('In words (Vietnamese)');
  await page.getByTestId('agreement-close').click();
  await expect(page.getByTestId('repay-button')).toBeVisible();
  await expectAccessible(page, 'order info');
});

test('borrows from every product at once and sees each result', async ({ page, request }) => {
  await approvedBorrower(page, request);
  await openHome(page);
  await page.getByTestId('withdraw').click();
  await expect(page.getByTestId('batch-summary')).toBeVisible();
  const products = await page.getByTestId('batch-product').count();
  expect(products).toBeGreaterThanOrEqual(2);
  await expectAccessible(page, 'batch product info');
  await acceptAndSubmit(page);
  await expect(page.getByTestId('succeed-batch').locator('li.is-ok')).toHaveCount(products);
});

test('a card that cannot receive shows Payment failed and leads to changing it', async ({ page, request }) => {
  // The development payout fails any account number ending in 0000.
  await approvedBorrower(page, request, '0011222330000');
  await applyFor(page, 'Sen Nhanh');
  await acceptAndSubmit(page);
  await payOut(request);
  await page.goto('/');
  await waitForApp(page);
  await expect(page.getByTestId('bank-error-banner')).toContainText('Payment failed');
  await page.goto('/order/list');
  await waitForApp(page);
  await page.getByTestId('order-item').first().click();
  await expect(page.getByTestId('payment-failed-banner')).toContainText('Payment failed');
  await expect(page.getByTestId('order-status')).toHaveText('Failed');
  await expectAccessible(page, 'payment failed order');
  await page.getByTestId('modify-bank-card').click();
  await expect(page).toHaveURL(/\/authentication\/account$/);
});
