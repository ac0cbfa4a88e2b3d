import { expect, test, type Page } from '@playwright/test';
import { LANGUAGES, type Language } from '@sen/contract';
import { fileURLToPath } from 'node:url';
import { freshPhone, readOtp, useLanguage, waitForApp } from './support.ts';

/** Refreshes docs/screenshots/ (npm run screenshots): key screens at 390x844 in every language. */
const gallery = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));
async function shot(page: Page, lang: Language, name: string) {
  // A toast from the previous step would cover the screen being shown.
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0, { timeout: 5_000 });
  await page.screenshot({ path: `${gallery}${lang}-${name}.png`, animations: 'disabled' });
}

test.use({ deviceScaleFactor: 1 });

for (const lang of LANGUAGES) {
  test(`gallery in ${lang}`, async ({ page, request }) => {
    await useLanguage(page, lang);

    await page.goto('/login');
    await expect(page.getByTestId('splash')).toBeVisible();
    await shot(page, lang, 'splash');
    await waitForApp(page);
    await shot(page, lang, 'login-otp');

    await page.getByTestId('phone-input').fill('12345');
    await page.getByTestId('otp-input').fill('12');
    await page.getByTestId('login-button').click();
    await page.waitForTimeout(300);
    await shot(page, lang, 'login-otp-errors');

    await page.getByTestId('login-tab-password').click();
    await page.getByTestId('phone-input').fill('');
    await page.getByTestId('password-input').fill('ab');
    await page.getByTestId('login-button').click();
    await page.waitForTimeout(300);
    await shot(page, lang, 'login-password-errors');

    await page.goto('/login/privacy-policy');
    await waitForApp(page);
    await shot(page, lang, 'privacy-policy');

    await page.goto('/home/no-auth');
    await waitForApp(page);
    await expect(page.getByTestId('annual-rate')).toContainText('%');
    await shot(page, lang, 'home-no-auth');
    await page.getByTestId('customer-service').click();
    await expect(page.getByTestId('contact-dialog')).toBeVisible();
    await page.waitForTimeout(300);
    await shot(page, lang, 'contact-dialog');

    await page.goto('/login/forgot-password');
    await waitForApp(page);
    await shot(page, lang, 'forgot-password');

    // 360x640 with a field focused, as with the keyboard open: the hero shrinks, Log in stays in view.
    await page.setViewportSize({ width: 360, height: 640 });
    await page.goto('/login');
    await waitForApp(page);
    await page.getByTestId('phone-input').focus();
    await page.waitForTimeout(300);
    await shot(page, lang, 'login-360-focused');
    await page.setViewportSize({ width: 390, height: 844 });

    await page.goto('/NotFound');
    await waitForApp(page);
    await shot(page, lang, 'not-found');

    const phone = freshPhone();
    await page.goto('/login');
    await waitForApp(page);
    await page.getByTestId('login-tab-otp').click();
    await page.getByTestId('phone-input').fill(phone);
    await page.getByTestId('get-otp-button').click();
    await page.getByTestId('otp-input').fill(await readOtp(request, phone));
    await page.getByTestId('login-button').click();
    await expect(page).toHaveURL(/\/login\/create-password$/);
    await shot(page, lang, 'create-password');
    await page.getByTestId('create-password-input').fill('ab');
    await page.getByTestId('create-password-confirm-input').fill('abc');
    await page.getByTestId('create-password-button').click();
    await page.waitForTimeout(300);
    await shot(page, lang, 'create-password-errors');
    await page.getByTestId('create-password-input').fill('sen2026');
    await page.getByTestId('create-password-confirm-input').fill('sen2026');
    await page.getByTestId('create-password-button').click();
    await expect(page).toHaveURL(/\/succeed$/);
    await shot(page, lang, 'create-password-succeed');

    await page.goto('/mine');
    await waitForApp(page);
    await shot(page, lang, 'mine');

    await page.goto('/mine/settings');
    await waitForApp(page);
    await shot(page, lang, 'settings');
    await page.goto('/mine/settings/password');
    await waitForApp(page);
    await page.getByTestId('change-password-button').click();
    await page.waitForTimeout(300);
    await shot(page, lang, 'change-password-errors');
  });
}

/*
 * The signed-in home in every mode and popup (issue 10), in Vietnamese at 390x844: steps left,
 * review (and its pending popup), approval (congratulation, new products, normal), rejection (and
 * its failed popup), calm period. Certification and the review job run by development calls.
 */
test('home modes in vn', async ({ page, request }) => {
  await useLanguage(page, 'vn');
  const certify = (phone: string, facts: Record<string, unknown>) => request.post('/api/dev/credit/certify', { data: { phone, ...facts } });
  const review = () => request.post('/api/dev/credit/review', { data: {} });
  const signIn = async (phone: string) => {
    await page.goto('/login');
    await waitForApp(page);
    await page.getByTestId('phone-input').fill(phone);
    await page.getByTestId('get-otp-button').click();
    await page.getByTestId('otp-input').fill(await readOtp(request, phone));
    await page.getByTestId('login-button').click();
    await expect(page).toHaveURL(/\/login\/create-password$|\/$/);
    await page.goto('/');
    await waitForApp(page);
  };
  const logout = () => page.evaluate(() => window.localStorage.clear());

  await signIn(freshPhone());
  await expect(page.getByTestId('steps-left')).toBeVisible();
  await shot(page, 'vn', 'home-steps-left');
  await logout();

  const approved = freshPhone();
  await certify(approved, { birthDate: '1994-06-15', monthlySalaryBand: '2' });
  await useLanguage(page, 'vn');
  await signIn(approved);
  await expect(page.getByTestId('mode-reviewing')).toBeVisible();
  await shot(page, 'vn', 'home-reviewing');
  await page.locator('[data-testid^="product-card-"]').first().getByTestId('apply-product').click();
  await expect(page.getByTestId('pre-credit-popup')).toBeVisible();
  await page.waitForTimeout(300);
  await shot(page, 'vn', 'home-popup-pre-credit-pending');
  await page.keyboard.press('Escape');
  await review();
  await page.getByTestId('review-refresh').click();
  await expect(page.getByTestId('congratulation-popup')).toBeVisible();
  await page.waitForTimeout(300);
  await shot(page, 'vn', 'home-popup-congratulation');
  await page.getByTestId('congratulation-popup').getByRole('button').last().click();
  await expect(page.getByTestId('new-products-popup')).toBeVisible();
  await page.waitForTimeout(300);
  await shot(page, 'vn', 'home-popup-new-products');
  await page.getByTestId('new-products-popup').getByRole('button').last().click();
  await expect(page.getByTestId('new-products-popup')).toBeHidden();
  await shot(page, 'vn', 'home-normal');
  await page.screenshot({ path: `${gallery}vn-home-normal-full.png`, fullPage: true, animations: 'disabled' });
  await page.setViewportSize({ width: 360, height: 640 });
  await shot(page, 'vn', 'home-normal-360');
  await page.setViewportSize({ width: 390, height: 844 });
  await logout();

  const rejected = freshPhone();
  await certify(rejected, { monthlySalaryBand: '2' });
  await review();
  await useLanguage(page, 'vn');
  await signIn(rejected);
  await expect(page.getByTestId('mode-rejected')).toBeVisible();
  await shot(page, 'vn', 'home-rejected');
  await page.locator('[data-testid^="product-card-"]').first().getByTestId('apply-product').click();
  await expect(page.getByTestId('pre-credit-popup')).toBeVisible();
  await page.waitForTimeout(300);
  await shot(page, 'vn', 'home-popup-pre-credit-failed');
  await logout();

  const calm = freshPhone();
  await certify(calm, { birthDate: '1990-01-01', monthlySalaryBand: '3', denyListed: true });
  await review();
  await useLanguage(page, 'vn');
  await signIn(calm);
  await expect(page.getByTestId('mode-calm')).toBeVisible();
  await shot(page, 'vn', 'home-calm');
});
