import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import { API_PATHS } from '@sen/contract';
import { freshPhone, readOtp, settledViolations, useLanguage, waitForApp } from './support.ts';

/*
 * The signed-in homes (issue 10) against the real server: the review after certification, the
 * approval with its popups, a rejection with its retry date, and the steps left before
 * certification. Certification itself is done with the development call (its screens are other
 * issues'); the credit review job is run with the development call, as the scheduler would.
 */

async function certify(request: APIRequestContext, phone: string, facts: Record<string, unknown>) {
  const response = await request.post(API_PATHS.devCreditCertify, { data: { phone, ...facts } });
  expect(response.ok(), await response.text()).toBe(true);
}

async function runReview(request: APIRequestContext) {
  const response = await request.post(API_PATHS.devCreditReview, { data: {} });
  expect(response.ok()).toBe(true);
}

/** Signs in by OTP (a new user lands on create-password) and opens the home. */
async function signIn(page: Page, request: APIRequestContext, phone: string) {
  await page.goto('/login');
  await waitForApp(page);
  await page.getByTestId('phone-input').fill(phone);
  await page.getByTestId('get-otp-button').click();
  await page.getByTestId('otp-input').fill(await readOtp(request, phone));
  await page.getByTestId('login-button').click();
  await expect(page).toHaveURL(/\/login\/create-password$|\/$/);
  await page.goto('/');
  await waitForApp(page);
}

async function expectNoAxeViolations(page: Page) {
  const violations = await settledViolations(page);
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' ')}`)).toEqual([]);
}

/**
 * The texts of the home that the customer-service button covers, at this scroll position: each text
 * line's box against the button's (text clipped to a pixel, for screen readers only, left out).
 */
async function textsUnderSupportButton(page: Page): Promise<string[]> {
  return page.getByTestId('customer-service').evaluate((button) => {
    const box = button.getBoundingClientRect();
    const covered: string[] = [];
    const walker = document.createTreeWalker(button.closest('main')!, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      if (!text || button.contains(node)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of Array.from(range.getClientRects())) {
        if (rect.width > 1 && rect.height > 1 && rect.right > box.left && rect.left < box.right && rect.bottom > box.top && rect.top < box.bottom) covered.push(text);
      }
    }
    return covered;
  });
}

/** At 360x640 and 390x844, from the top of the home to its end: the support button covers no text. */
async function expectSupportButtonClear(page: Page, home: string) {
  for (const viewport of [
    { width: 360, height: 640 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.getByTestId('customer-service')).toBeInViewport();
    const end = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    for (let top = 0; top <= end + 100; top += 100) {
      await page.evaluate((y) => window.scrollTo(0, y), top);
      expect(await textsUnderSupportButton(page), `${home} at ${viewport.width}x${viewport.height}, scrolled ${top} px`).toEqual([]);
    }
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

test.beforeEach(async ({ page }) => {
  await useLanguage(page, 'en');
});

test('a certified borrower sees the review, then the approval: congratulation once, products, new products', async ({ page, request }) => {
  const phone = freshPhone();
  await certify(request, phone, { birthDate: '1994-06-15', monthlySalaryBand: '2' });
  await signIn(page, request, phone);

  await expect(page.getByTestId('mode-reviewing')).toBeVisible();
  await expect(page.getByText('Credit limit is being reviewed')).toBeVisible();
  const firstCard = page.locator('[data-testid^="product-card-"]').first();
  await expect(firstCard).toHaveAttribute('data-locked', 'true');
  await firstCard.getByTestId('apply-product').click();
  await expect(page.getByTestId('pre-credit-popup')).toContainText('Pre-credit is pending');
  await page.getByTestId('pre-credit-popup').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('pre-credit-popup')).toBeHidden();
  await expectNoAxeViolations(page);

  await runReview(request);
  await page.getByTestId('review-refresh').click();
  await expect(page.getByTestId('mode-normal')).toBeVisible();
  const congratulation = page.getByTestId('congratulation-popup');
  await expect(congratulation).toBeVisible();
  // band 2 (5,000,000) + the 2,000,000 boost; the smallest product starts at 1,000,000
  await expect(page.getByTestId('congratulation-range')).toHaveText('1,000,000\u00a0₫ – 7,000,000\u00a0₫');
  await expectNoAxeViolations(page);
  await congratulation.getByRole('button', { name: 'Close' }).click();

  const fresh = page.getByTestId('new-products-popup');
  await expect(fresh).toContainText('Congratulations on getting 2 new products!');
  await fresh.getByRole('button', { name: 'Close' }).click();
  await expect(fresh).toBeHidden();

  await expect(page.getByTestId('available-credit')).toHaveText('7,000,000\u00a0₫');
  await expect(page.getByTestId('withdraw')).toBeEnabled();
  await expect(page.locator('[data-testid^="product-card-"][data-locked="false"]')).toHaveCount(3);
  await expectNoAxeViolations(page);

  // Once only: a reload shows neither popup again.
  await page.reload();
  await waitForApp(page);
  await expect(page.getByTestId('mode-normal')).toBeVisible();
  await page.waitForTimeout(400);
  await expect(page.getByTestId('congratulation-popup')).toHaveCount(0);
  await expect(page.getByTestId('new-products-popup')).toHaveCount(0);

  // Apply: the bank card item is done, so the loan detail opens with the product and its maximum.
  await page.locator('[data-testid^="product-card-"]').first().getByTestId('apply-product').click();
  await expect(page).toHaveURL(/\/product\/info\?productId=\d+&amount=5000000$/);
});

test('a rejected borrower sees that they do not meet the requirements and the retry date', async ({ page, request }) => {
  const phone = freshPhone();
  await certify(request, phone, { monthlySalaryBand: '2' }); // no birth date declared
  await runReview(request);
  await signIn(page, request, phone);
  await expect(page.getByTestId('mode-rejected')).toBeVisible();
  await expect(page.getByText('Does not meet requirements')).toBeVisible();
  await expect(page.getByTestId('retry-date')).toHaveText(/You can apply again on \d{2}\/\d{2}\/\d{4}\./);
  await page.locator('[data-testid^="product-card-"]').first().getByTestId('apply-product').click();
  await expect(page.getByTestId('pre-credit-popup')).toContainText('Pre-credit has failed');
  await expect(page.getByTestId('pre-credit-popup')).toContainText(/Next available date: \d{2}\/\d{2}\/\d{4}/);
  await expectNoAxeViolations(page);
});

test('a signed-in borrower not yet certified sees the steps left and continues', async ({ page, request }) => {
  const phone = freshPhone();
  await signIn(page, request, phone);
  await expect(page.getByTestId('steps-left')).toContainText('3 steps to your credit limit');
  await expectNoAxeViolations(page);
  await page.getByTestId('continue-certification').click();
  await expect(page).toHaveURL(/\/authentication\/batch(\/kyc)?$/);
});

test('the customer-service button covers nothing of the homes at 360x640 and 390x844', async ({ page, request }) => {
  await page.goto('/home/no-auth');
  await waitForApp(page);
  await expect(page.getByTestId('annual-rate')).toContainText('%');
  await expectSupportButtonClear(page, 'visitor home');

  await signIn(page, request, freshPhone());
  await expect(page.getByTestId('steps-left')).toBeVisible();
  await expectSupportButtonClear(page, 'steps-left home');

  const phone = freshPhone();
  await certify(request, phone, { birthDate: '1994-06-15', monthlySalaryBand: '2' });
  await runReview(request);
  await page.evaluate(() => window.localStorage.clear()); // signed out: the next sign-in is another borrower's
  await signIn(page, request, phone);
  await page.getByTestId('congratulation-popup').getByRole('button', { name: 'Close' }).click();
  await page.getByTestId('new-products-popup').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('new-products-popup')).toBeHidden();
  await expect(page.getByTestId('mode-normal')).toBeVisible();
  await expectSupportButtonClear(page, 'signed-in home');
});
