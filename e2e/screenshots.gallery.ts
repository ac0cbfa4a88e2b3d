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

    // Messages as a visitor sees them: an invitation to log in (decision 059).
    await page.goto('/message/list');
    await waitForApp(page);
    await expect(page.getByTestId('messages-visitor')).toBeVisible();
    await shot(page, lang, 'messages-visitor');

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

    // A new borrower has no message yet.
    await page.goto('/message/list');
    await expect(page.getByTestId('messages-empty')).toBeVisible();
    await shot(page, lang, 'messages-empty');

    await page.goto('/mine/settings');
    await waitForApp(page);
    await shot(page, lang, 'settings');
    await page.goto('/mine/settings/password');
    await waitForApp(page);
    await page.getByTestId('change-password-button').click();
    await page.waitForTimeout(300);
    await shot(page, lang, 'change-password-errors');

    // Mine: about, contact, feedback, consents, closing the account (issue 13); closing comes last.
    await page.goto('/mine/about-us');
    await waitForApp(page);
    await expect(page.getByTestId('about-facts')).toBeVisible();
    await shot(page, lang, 'about-us');
    await page.goto('/mine/contact-us');
    await waitForApp(page);
    await expect(page.getByTestId('contact-channel').first()).toBeVisible();
    await shot(page, lang, 'contact-us');
    await page.goto('/mine/settings/feedback');
    await waitForApp(page);
    await page.getByTestId('feedback-input').fill(lang === 'vn' ? 'Ứng dụng dễ dùng, giải ngân nhanh.' : lang === 'zh' ? '应用好用，放款很快。' : 'Easy to use, fast payout.');
    await page.getByTestId('feedback-image-input').setInputFiles({ name: 'screen.jpg', mimeType: 'image/jpeg', buffer: await page.screenshot({ type: 'jpeg' }) });
    await shot(page, lang, 'feedback');
    await page.getByTestId('feedback-submit').click();
    await expect(page.getByTestId('feedback-done')).toBeVisible();
    await shot(page, lang, 'feedback-done');
    await page.goto('/login/privacy-policy');
    await waitForApp(page);
    await page.getByTestId('privacy-agree').click();
    await page.goto('/mine/settings/privacy-consents');
    await waitForApp(page);
    await expect(page.getByTestId('consents-list')).toBeVisible();
    await shot(page, lang, 'privacy-consents');
    // The demo borrower's messages (made by messages.notify at seed time, in Vietnamese: the demo
    // user never chose another language), so only in the Vietnamese gallery.
    if (lang === 'vn') {
      await page.goto('/mine');
      await page.getByTestId('logout-button').click();
      await page.getByTestId('logout-confirm').click();
      await expect(page).toHaveURL(/\/login$/);
      await page.getByTestId('login-tab-password').click();
      await page.getByTestId('phone-input').fill('0912345678');
      await page.getByTestId('password-input').fill('sen123');
      await page.getByTestId('login-button').click();
      await expect(page).not.toHaveURL(/\/login/);
      await page.goto('/mine');
      await expect(page.getByTestId('tab-mine').getByTestId('unread-badge')).toBeVisible();
      await shot(page, lang, 'mine-unread-badge');
      await page.goto('/message/list');
      await expect(page.getByTestId('message-item').first()).toBeVisible();
      await shot(page, lang, 'messages-list');
      await page.setViewportSize({ width: 360, height: 640 });
      await shot(page, lang, 'messages-list-360');
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByTestId('message-item').filter({ hasText: 'Hạn mức đã được phê duyệt' }).click();
      await expect(page.getByTestId('message-detail')).toBeVisible();
      await shot(page, lang, 'message-detail');
    }

    // Closing an account ends its session: last, with a user of its own.
    const closer = freshPhone();
    await page.goto('/login');
    await waitForApp(page);
    await page.getByTestId('login-tab-otp').click();
    await page.getByTestId('phone-input').fill(closer);
    await page.getByTestId('get-otp-button').click();
    await page.getByTestId('otp-input').fill(await readOtp(request, closer));
    await page.getByTestId('login-button').click();
    await expect(page).toHaveURL(/\/login\/create-password$/);
    await page.goto('/mine/settings/close-account');
    await waitForApp(page);
    await page.getByTestId('close-reason-4').check();
    await shot(page, lang, 'close-account');
    await page.getByTestId('close-account-button').click();
    await page.getByTestId('close-account-confirm').click();
    await expect(page.getByTestId('close-account-succeed')).toBeVisible();
    await shot(page, lang, 'close-account-succeed');
  });
}
