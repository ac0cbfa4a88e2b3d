import { expect, test } from './fixtures.ts';
import { freshPhone, readOtp, useLanguage, waitForApp } from './support.ts';

test.beforeEach(async ({ page }) => {
  await useLanguage(page, 'en');
});

test('sign in by OTP, create a password, sign out, sign in by password', async ({ page, request }) => {
  const phone = freshPhone();
  await page.goto('/login');
  await waitForApp(page);

  const getOtp = page.getByTestId('get-otp-button');
  await expect(getOtp).toBeDisabled();
  await page.getByTestId('phone-input').fill(phone);
  await expect(getOtp).toBeEnabled();
  await getOtp.click();
  await expect(getOtp).toBeDisabled();
  await expect(getOtp).toContainText(/\d+\s*s/);

  const code = await readOtp(request, phone);
  await page.getByTestId('otp-input').fill(code);
  await page.getByTestId('login-button').click();

  await expect(page).toHaveURL(/\/login\/create-password$/);
  await page.getByTestId('create-password-input').fill('sen2026');
  await page.getByTestId('create-password-confirm-input').fill('sen2027');
  await page.getByTestId('create-password-button').click();
  await expect(page.getByText('Password does not match')).toBeVisible();
  await page.getByTestId('create-password-confirm-input').fill('sen2026');
  await page.getByTestId('create-password-button').click();
  await expect(page).toHaveURL(/\/login\/create-password\/succeed$/);

  await page.goto('/mine');
  await page.getByTestId('logout-button').click();
  await page.getByTestId('logout-confirm').click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByTestId('login-tab-password').click();
  await page.getByTestId('phone-input').fill(phone);
  await page.getByTestId('password-input').fill('sen2026');
  await page.getByTestId('login-button').click();
  await expect(page).toHaveURL(/\/(home\/no-auth|home\/has-auth)?$/);
  await expect(page.getByTestId('tab-bar')).toBeVisible();
});

test('validation messages for a bad phone and a bad OTP', async ({ page }) => {
  await page.goto('/login');
  await waitForApp(page);
  await page.getByTestId('login-button').click();
  await expect(page.getByText('Please check Phone Number')).toBeVisible();
  await page.getByTestId('phone-input').fill('12345');
  await expect(page.getByTestId('get-otp-button')).toBeDisabled();
  await page.getByTestId('login-button').click();
  await expect(page.getByText('Invalid phone number format')).toBeVisible();

  await page.getByTestId('phone-input').fill('0912345678');
  await page.getByTestId('login-button').click();
  await expect(page.getByText('Please check OTP')).toBeVisible();
  await page.getByTestId('otp-input').fill('12');
  await page.getByTestId('login-button').click();
  await expect(page.getByText('Invalid OTP format')).toBeVisible();
});

test('a wrong password shows the server message', async ({ page }) => {
  await page.goto('/login');
  await waitForApp(page);
  await page.getByTestId('login-tab-password').click();
  await page.getByTestId('phone-input').fill('0912345678');
  await page.getByTestId('password-input').fill('wrong123');
  await page.getByTestId('login-button').click();
  await expect(page.getByText('Incorrect phone number or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('the demo user signs in by password', async ({ page }) => {
  await page.goto('/login');
  await waitForApp(page);
  await page.getByTestId('login-tab-password').click();
  await page.getByTestId('phone-input').fill('912345678');
  await page.getByTestId('password-input').fill('sen123');
  await page.getByTestId('login-button').click();
  await expect(page.getByTestId('tab-bar')).toBeVisible();
  await expect(page).not.toHaveURL(/\/login/);
});

test("'Forgotten password?' opens the reset (by code), Back returns to login, and login's Back goes to /", async ({ page }) => {
  await page.goto('/login');
  await waitForApp(page);
  await page.getByTestId('login-tab-password').click();
  await expect(page.getByTestId('password-input')).toBeVisible();
  await page.getByTestId('forgot-password').click();
  await expect(page).toHaveURL(/\/login\/forgot-password$/);
  await expect(page.getByTestId('otp-input')).toBeVisible();
  await page.getByTestId('back-button').click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByTestId('back-button').click();
  await expect(page).toHaveURL(/\/(home\/no-auth)?$/);
});
