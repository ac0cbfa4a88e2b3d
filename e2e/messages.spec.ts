import { expect, test, type Page } from './fixtures.ts';
import { expectAccessible, freshPhone, readOtp, useLanguage, waitForApp } from './support.ts';

/*
 * The borrower's messages (issue 10): a visitor is invited to log in; a new borrower sees the
 * empty state; the demo borrower's messages (made by messages.notify at seed time) are listed
 * unread, opening one reads it and the badge on the Mine tab counts down and then clears.
 */

/** No serious or critical accessibility violation on the page as it is now. */
async function logInWithPassword(page: Page, phone: string, password: string) {
  await page.goto('/login');
  await waitForApp(page);
  await page.getByTestId('login-tab-password').click();
  await page.getByTestId('phone-input').fill(phone);
  await page.getByTestId('password-input').fill(password);
  await page.getByTestId('login-button').click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** The number on the Mine tab's badge; 0 when there is none. */
async function badgeCount(page: Page): Promise<number> {
  const badge = page.getByTestId('tab-mine').getByTestId('unread-badge');
  if ((await badge.count()) === 0) return 0;
  return Number((await badge.locator('[aria-hidden="true"]').textContent()) ?? '0');
}

test.beforeEach(async ({ page }) => useLanguage(page, 'vn'));

test('a visitor is invited to log in on the message pages', async ({ page }) => {
  await page.goto('/message/list');
  await waitForApp(page);
  await expect(page.getByTestId('messages-visitor')).toContainText('Đăng nhập để xem tin nhắn');
  await expectAccessible(page, 'messages visitor');
  await page.goto('/message/info/1');
  await waitForApp(page);
  await expect(page.getByTestId('messages-visitor')).toBeVisible();
  await page.getByTestId('messages-login').click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a new borrower has no messages: the empty state, no badge', async ({ page, request }) => {
  const phone = freshPhone();
  await page.goto('/login');
  await waitForApp(page);
  await page.getByTestId('phone-input').fill(phone);
  await page.getByTestId('get-otp-button').click();
  await page.getByTestId('otp-input').fill(await readOtp(request, phone));
  await page.getByTestId('login-button').click();
  await expect(page).toHaveURL(/\/login\/create-password$/);

  await page.goto('/mine');
  await waitForApp(page);
  await expect(page.getByTestId('mine-page')).toBeVisible();
  await expect(page.getByTestId('unread-badge')).toHaveCount(0);
  await page.goto('/message/list');
  await expect(page.getByTestId('messages-empty')).toContainText('Chưa có tin nhắn');
  await expectAccessible(page, 'messages empty');
  await page.goto('/message/info/1');
  await expect(page.getByTestId('message-not-found')).toBeVisible();
});

test('the demo borrower reads its messages: listed unread, opened, the Mine badge counts down and clears', async ({ page }) => {
  await logInWithPassword(page, '0912345678', 'sen123');
  await page.goto('/mine');
  await waitForApp(page);
  await expect(page.getByTestId('tab-mine').getByTestId('unread-badge')).toBeVisible();
  const unreadAtStart = await badgeCount(page);
  expect(unreadAtStart).toBeGreaterThanOrEqual(2);

  await page.goto('/message/list');
  const items = page.getByTestId('message-item');
  await expect(items.first()).toBeVisible();
  await expect(page.locator('[data-testid="message-item"][data-unread="true"]')).toHaveCount(unreadAtStart);
  // The approval, in Vietnamese (the demo user has not chosen another language), with its limit written as the app writes money.
  const approval = items.filter({ hasText: 'Hạn mức đã được phê duyệt' });
  await expect(approval).toContainText(/10\.000\.000\s₫/);
  await expectAccessible(page, 'messages list');

  await approval.click();
  await expect(page).toHaveURL(/\/message\/info\/\d+$/);
  await expect(page.getByTestId('message-detail')).toContainText(/Chúc mừng! Hạn mức tín dụng 10\.000\.000\s₫/);
  await expectAccessible(page, 'message detail');
  await page.getByTestId('back-button').click();
  await expect(page).toHaveURL(/\/message\/list$/);
  await expect(approval).toHaveAttribute('data-unread', 'false');
  await expect(page.locator('[data-testid="message-item"][data-unread="true"]')).toHaveCount(unreadAtStart - 1);

  await page.goto('/mine');
  await expect.poll(() => badgeCount(page)).toBe(unreadAtStart - 1);

  // Open every other unread message: the badge is gone.
  await page.goto('/message/list');
  await expect(items.first()).toBeVisible();
  const unread = page.locator('[data-testid="message-item"][data-unread="true"]');
  await expect(unread).toHaveCount(unreadAtStart - 1);
  for (let left = unreadAtStart - 1; left > 0; left -= 1) {
    await unread.first().click();
    await expect(page.getByTestId('message-detail')).toBeVisible();
    await page.getByTestId('back-button').click();
    await expect(page).toHaveURL(/\/message\/list$/);
    await expect(unread).toHaveCount(left - 1);
  }
  await page.goto('/mine');
  await waitForApp(page);
  await expect(page.getByTestId('mine-page')).toBeVisible();
  await expect(page.getByTestId('unread-badge')).toHaveCount(0);
});
