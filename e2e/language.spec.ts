import { expect, test } from './fixtures.ts';
import { API_PATHS, STORAGE_KEYS } from '@sen/contract';
import { waitForApp } from './support.ts';

test('the language switch changes the texts, is remembered, and sets the lang header', async ({ page }) => {
  await page.goto('/login');
  await waitForApp(page);
  // Vietnamese is the default.
  await expect(page.getByTestId('login-tab-otp')).toContainText('Đăng nhập OTP');
  await expect(page.getByTestId('login-button')).toContainText('Đăng nhập');

  await page.getByTestId('language-switch-en').click();
  await expect(page.getByTestId('login-tab-otp')).toContainText('OTP login');
  await expect(page.getByTestId('login-tab-password')).toContainText('Password login');
  expect(await page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEYS.language)).toContain('en');

  // The next call carries lang=en_US, and the server answers in English.
  await page.getByTestId('phone-input').fill('0987654321');
  const sendOtp = page.waitForRequest((request) => request.url().endsWith(API_PATHS.loginSms));
  await page.getByTestId('get-otp-button').click();
  expect((await sendOtp).headers()['lang']).toBe('en_US');

  await page.getByTestId('language-switch-vn').click();
  await expect(page.getByTestId('login-tab-otp')).toContainText('Đăng nhập OTP');
  await page.getByTestId('otp-input').fill('0000');
  const login = page.waitForRequest((request) => request.url().endsWith(API_PATHS.login));
  await page.getByTestId('login-button').click();
  expect((await login).headers()['lang']).toBe('vi_VN');
  await expect(page.getByText('Mã OTP không đúng, vui lòng thử lại')).toBeVisible();

  await page.reload();
  await waitForApp(page);
  await expect(page.getByTestId('login-tab-otp')).toContainText('Đăng nhập OTP');
});

test('a 401 from the server logs the borrower out', async ({ page }) => {
  await page.addInitScript((key) => {
    if (!window.sessionStorage.getItem('seeded')) {
      window.sessionStorage.setItem('seeded', '1');
      window.localStorage.setItem(key, JSON.stringify({ state: { token: 'revoked-or-made-up-token', user: null }, version: 0 }));
    }
  }, STORAGE_KEYS.session);
  await page.goto('/mine');
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
  const token = await page.evaluate((key) => JSON.parse(window.localStorage.getItem(key) ?? '{}')?.state?.token ?? null, STORAGE_KEYS.session);
  expect(token).toBeNull();
});
