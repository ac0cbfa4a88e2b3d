import { OTP_RESEND_SECONDS } from '@sen/contract';
import { expect, test, type Page } from './fixtures.ts';
import { expectAccessible, freshPhone, readOtp, useLanguage, waitForApp } from './support.ts';

/** No serious or critical accessibility violation on the page as it is now. */
/** Signs a new user in by code and sets a first password; leaves them on the success page. */
async function signUpWithPassword(page: Page, request: Parameters<typeof readOtp>[0], phone: string, password: string) {
  await page.goto('/login');
  await waitForApp(page);
  await page.getByTestId('phone-input').fill(phone);
  await page.getByTestId('get-otp-button').click();
  const code = await readOtp(request, phone);
  await page.getByTestId('otp-input').fill(code);
  await page.getByTestId('login-button').click();
  await expect(page).toHaveURL(/\/login\/create-password$/);
  await page.getByTestId('create-password-input').fill(password);
  await page.getByTestId('create-password-confirm-input').fill(password);
  await page.getByTestId('create-password-button').click();
  await expect(page).toHaveURL(/\/login\/create-password\/succeed$/);
  return code;
}


async function logOut(page: Page) {
  await page.goto('/mine');
  await page.getByTestId('logout-button').click();
  await page.getByTestId('logout-confirm').click();
  await expect(page).toHaveURL(/\/login$/);
}

async function logInWithPassword(page: Page, phone: string, password: string) {
  await page.getByTestId('login-tab-password').click();
  await page.getByTestId('phone-input').fill(phone);
  await page.getByTestId('password-input').fill(password);
  await page.getByTestId('login-button').click();
}

/** An account with a password, made by the first settings test, for the later reset at 390x844. */
let accountForReset: { phone: string; password: string; codeSentAt: number } | null = null;

for (const viewport of [
  { width: 360, height: 640 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });
    test.beforeEach(async ({ page }) => useLanguage(page, 'en'));

    test('settings: change the password with the old one; other sessions end', async ({ page, request, browser }) => {
      const phone = freshPhone();
      const codeSentAt = Date.now();
      await signUpWithPassword(page, request, phone, 'first123');

      // A second device signed in with the same account.
      const other = await browser.newContext({ viewport });
      const otherPage = await other.newPage();
      await useLanguage(otherPage, 'en');
      await otherPage.goto('/login');
      await waitForApp(otherPage);
      await logInWithPassword(otherPage, phone, 'first123');
      await expect(otherPage).toHaveURL(/\/$|\/home/);

      await page.goto('/mine');
      await page.getByRole('button', { name: 'Settings' }).click();
      await expect(page).toHaveURL(/\/mine\/settings$/);
      await expect(page.getByTestId('settings-language')).toBeVisible();
      await expect(page.getByTestId('settings-feedback')).toBeVisible();
      await expect(page.getByTestId('settings-close-account')).toBeVisible();
      await expectAccessible(page, 'settings');
      await page.getByTestId('settings-password').click();
      await expect(page).toHaveURL(/\/mine\/settings\/password$/);
      await expectAccessible(page, 'change password');

      await page.getByTestId('old-password-input').fill('wrong999');
      await page.getByTestId('new-password-input').fill('third789');
      await page.getByTestId('new-password-confirm-input').fill('third789');
      await page.getByTestId('change-password-button').click();
      await expect(page.getByTestId('old-password-input')).toHaveAttribute('aria-invalid', 'true');

      await page.getByTestId('old-password-input').fill('first123');
      await page.getByTestId('change-password-button').click();
      await expect(page).toHaveURL(/\/mine\/settings$/);

      // This session goes on; the other device is signed out at its next call.
      await page.goto('/mine');
      await expect(page.getByTestId('mine-page')).toBeVisible();
      await otherPage.goto('/mine');
      await expect(otherPage).toHaveURL(/\/login$/, { timeout: 15_000 });
      await other.close();

      await logOut(page);
      await logInWithPassword(page, phone, 'third789');
      await expect(page).toHaveURL(/\/$|\/home/);
      accountForReset ??= { phone, password: 'third789', codeSentAt };
    });
    test('forgotten password by code: refused for a phone with no account; for an account, a new password twice, then signed in with it', async ({ page, request }) => {
      // A reset never creates an account (issue 25, decision 103). At 360x640 the phone has none and
      // is refused after the code; at 390x844 the phone has an account: the one the settings test
      // at 360x640 made (this file's tests run in order), else a new one. The reset's code waits out
      // the server's one send a minute per phone (OTP_RESEND_SECONDS, on the server's real clock);
      // with the earlier account that minute has mostly passed.
      const registered = viewport.width === 390;
      let phone = freshPhone();
      let oldPassword = '';
      if (registered) {
        test.setTimeout(150_000);
        if (!accountForReset) {
          const codeSentAt = Date.now();
          await signUpWithPassword(page, request, phone, 'first123');
          await logOut(page);
          accountForReset = { phone, password: 'first123', codeSentAt };
        }
        ({ phone, password: oldPassword } = accountForReset);
        await page.waitForTimeout(Math.max(0, accountForReset.codeSentAt + (OTP_RESEND_SECONDS + 1) * 1000 - Date.now()));
      }
      await page.goto('/login');
      await waitForApp(page);
      await expectAccessible(page, 'login');

      await page.getByTestId('login-tab-password').click();
      await page.getByTestId('forgot-password').click();
      await expect(page).toHaveURL(/\/login\/forgot-password$/);
      await expect(page.getByTestId('back-button')).toBeVisible();
      await expectAccessible(page, 'forgot password');

      await page.getByTestId('phone-input').fill(phone);
      await page.getByTestId('get-otp-button').click();
      await expect(page.getByTestId('get-otp-button')).toContainText(/\d+s/);
      const code = await readOtp(request, phone);

      // (A wrong code marking the field and clearing it is covered by login-page.test.tsx: one wrong
      // try here would spend the code, and the next one waits for the 60 s countdown.)
      await page.getByTestId('reset-password-input').fill('second456');
      await page.getByTestId('reset-password-confirm-input').fill('second456');
      await page.getByTestId('otp-input').fill(code);
      // The rule stays visible under the new password; show/hide reveals it.
      await expect(page.getByText('3-20 characters, with at least one letter and one number')).toBeVisible();
      await page.getByTestId('reset-password-reveal').click();
      await expect(page.getByTestId('reset-password-input')).toHaveAttribute('type', 'text');
      await page.getByTestId('reset-password-button').click();
      if (!registered) {
        await expect(page.getByText('This phone number has no account yet, please log in with OTP to create one')).toBeVisible();
        await expect(page).toHaveURL(/\/login\/forgot-password$/);
        return;
      }
      await expect(page).toHaveURL(/\/$|\/home/);

      // Signed in; after logging out, the new password signs in and a wrong one is marked.
      await logOut(page);
      await logInWithPassword(page, phone, oldPassword);
      await expect(page.getByTestId('password-input')).toHaveAttribute('aria-invalid', 'true');
      await page.getByTestId('password-input').fill('second456');
      await page.getByTestId('login-button').click();
      await expect(page).toHaveURL(/\/$|\/home/);
    });

  });
}

test('GET is enabled again when the 60 s countdown ends (fake clock)', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.clock.install();
  await page.goto('/login');
  await page.clock.runFor(2_000);
  await waitForApp(page);
  // The page's clock stands still from here: only runFor moves it. Left running, the real seconds a
  // loaded machine spent between the click and the checks were added to the 59 s (CI saw 'GET' at '1s').
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
  await page.getByTestId('phone-input').fill(freshPhone());
  const getOtp = page.getByTestId('get-otp-button');
  await getOtp.click();
  // The send itself waits on timers (the signing secret's 50 ms poll while the app fetches it, the
  // request's timeout race): step the paused clock a little at a time until the countdown shows.
  await expect(async () => {
    await page.clock.runFor(50);
    await expect(getOtp).toContainText('60s', { timeout: 100 });
  }).toPass({ timeout: 15_000, intervals: [50] });
  await page.clock.runFor(59_000);
  await expect(getOtp).toContainText(/^\s*1s\s*$/);
  await page.clock.runFor(1_500);
  await expect(getOtp).toHaveText('GET');
  await expect(getOtp).toBeEnabled();
});
