import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import { API_PATHS, APP_VERSION, DEFAULT_APP_CODE, MOBILE_TYPE, STORAGE_KEYS, computeSign, type DataExport } from '@sen/contract';
import { expectAccessible, freshPhone, readOtp, useLanguage, waitForApp } from './support.ts';

/*
 * The mine area (issue 13): contact actions, about us, feedback, privacy consents, the data
 * export download, and closing an account after which the old token gets 401.
 */

/** A new user signed in by code (they land on create-password; the mine area needs no password). */
async function signIn(page: Page, request: APIRequestContext, phone: string) {
  await page.goto('/login');
  await waitForApp(page);
  await page.getByTestId('phone-input').fill(phone);
  await page.getByTestId('get-otp-button').click();
  await page.getByTestId('otp-input').fill(await readOtp(request, phone));
  await page.getByTestId('login-button').click();
  await expect(page).toHaveURL(/\/login\/create-password$/);
}

async function toastSays(page: Page, text: string) {
  await expect(page.locator('.adm-toast-main')).toContainText(text);
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0, { timeout: 5_000 });
}

/** The session token and device id the web app keeps in local storage. */
async function storedSession(page: Page): Promise<{ token: string; deviceId: string }> {
  return page.evaluate(
    ([sessionKey, deviceKey]) => {
      const session = JSON.parse(window.localStorage.getItem(sessionKey) ?? '{}') as { state?: { token?: string } };
      return { token: session.state?.token ?? '', deviceId: window.localStorage.getItem(deviceKey) ?? '' };
    },
    [STORAGE_KEYS.session, STORAGE_KEYS.deviceId] as const,
  );
}

/** user/info signed as the web app signs it, with the given token and device: its envelope code. */
async function userInfoCode(request: APIRequestContext, token: string, deviceId: string): Promise<number> {
  const secret = ((await (await request.get(API_PATHS.secret)).json()) as { data: { verifySignSecret: string } }).data.verifySignSecret;
  const payload = { appCode: DEFAULT_APP_CODE, version: APP_VERSION, mobileType: MOBILE_TYPE.IOS };
  const timestamp = Date.now();
  const response = await request.post(API_PATHS.userInfo, {
    data: payload,
    headers: { authorization: token, 'device-id': deviceId, timestamp: String(timestamp), sign: computeSign({ appCode: DEFAULT_APP_CODE, secret, payload, timestamp }), 'app-version': APP_VERSION },
  });
  return ((await response.json()) as { code: number }).code;
}

test.describe('mine', () => {
  test.beforeEach(async ({ page }) => useLanguage(page, 'en'));

  test('an approved borrower sees the credit summary and the unread count of the review messages', async ({ page, request }) => {
    // A borrower of its own (the messages journey reads the demo borrower's messages).
    const phone = freshPhone();
    await signIn(page, request, phone);
    const certified = await request.post(API_PATHS.devCreditCertify, { data: { phone, birthDate: '1994-06-15', monthlySalaryBand: '2' } });
    expect(certified.ok(), await certified.text()).toBe(true);
    expect((await request.post(API_PATHS.devCreditReview, { data: {} })).ok()).toBe(true);
    await page.goto('/mine');
    await waitForApp(page);
    await expect(page.getByTestId('mine-credit')).toBeVisible();
    await expect(page.getByTestId('mine-credit-available')).toContainText('₫');
    await expect(page.getByTestId('mine-credit')).toContainText('Maximum amount');
    // 'Credit limit is being reviewed' and 'approved' came from the real review.
    await expect(page.getByTestId('mine-messages').getByTestId('unread-badge')).toBeVisible();
    await expectAccessible(page, 'mine with credit');
  });

  test('mine, contact us (call and copy), about us', async ({ page, context, request }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const phone = freshPhone();
    await signIn(page, request, phone);

    await page.goto('/mine');
    await waitForApp(page);
    await expect(page.getByTestId('mine-phone')).toHaveText(`${phone.slice(0, 2)}*****${phone.slice(-3)}`);
    for (const entry of ['orders', 'accounts', 'certification', 'about', 'contact', 'settings']) await expect(page.getByTestId(`mine-${entry}`)).toBeVisible();
    await expectAccessible(page, 'mine');

    await page.getByTestId('mine-contact').click();
    await expect(page).toHaveURL(/\/mine\/contact-us$/);
    await expect(page.getByTestId('contact-channel')).toHaveCount(2);
    await expectAccessible(page, 'contact us');
    await page.getByTestId('contact-copy').click();
    await toastSays(page, 'copy success');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('hotro@sen.vn');

    await page.goto('/mine/about-us');
    await waitForApp(page);
    await expect(page.getByTestId('about-company')).toHaveText('Công ty TNHH Sen Tài Chính');
    await expect(page.getByTestId('about-hotline')).toHaveText('1900 6868');
    await expectAccessible(page, 'about us');
    await page.getByTestId('about-copy-email').click();
    await toastSays(page, 'copy success');

    // Last: the call opens the dialler (tel:), which a headless browser cannot hand on.
    await page.goto('/mine/contact-us');
    await waitForApp(page);
    await page.getByTestId('contact-call').click();
    await toastSays(page, 'Calling');
  });

  test('feedback: validation, receipt, history; consents; export download', async ({ page, request }) => {
    const phone = freshPhone();
    await signIn(page, request, phone);
    // Agreeing to the privacy policy while signed in adds to the consent history.
    await page.goto('/login/privacy-policy');
    await waitForApp(page);
    await page.getByTestId('privacy-agree').click();

    await page.goto('/mine/settings');
    await waitForApp(page);
    await expectAccessible(page, 'settings');
    await page.getByTestId('settings-feedback').click();
    await expect(page).toHaveURL(/\/mine\/settings\/feedback$/);
    await expect(page.getByTestId('feedback-history-empty')).toBeVisible();
    await page.getByTestId('feedback-submit').click();
    await expect(page.getByTestId('feedback-error')).toHaveText('Please input');
    await expectAccessible(page, 'feedback with an error');
    await page.getByTestId('feedback-input').fill('The repayment reminder came at the right time. Thank you!');
    // A picture: a screenshot of the page itself (a real JPEG, no file in the repository).
    const picture = await page.screenshot({ type: 'jpeg', quality: 70 });
    await page.getByTestId('feedback-image-input').setInputFiles({ name: 'screen.jpg', mimeType: 'image/jpeg', buffer: picture });
    await expect(page.getByRole('img', { name: 'Picture 1' })).toBeVisible();
    await expectAccessible(page, 'feedback with a picture');
    await page.getByTestId('feedback-submit').click();
    await expect(page.getByTestId('feedback-done')).toBeVisible();
    await expectAccessible(page, 'feedback sent');
    await page.getByTestId('feedback-more').click();
    await expect(page.getByTestId('feedback-history')).toContainText('The repayment reminder came at the right time.');
    // The stored picture is served back to its author through its owner-only link.
    const thumbnail = page.getByTestId('feedback-history').getByRole('img', { name: 'Picture 1' });
    await expect(thumbnail).toBeVisible();
    // Visible before its bytes arrive on a busy machine: wait for the picture itself.
    await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

    await page.goto('/mine/settings/privacy-consents');
    await waitForApp(page);
    await expect(page.getByTestId('consents-list')).toContainText('Agreed');
    await expectAccessible(page, 'privacy consents');

    await page.goto('/mine/settings');
    await waitForApp(page);
    const download = page.waitForEvent('download');
    await page.getByTestId('settings-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^sen-personal-data-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile((await file.path())!, 'utf8')) as DataExport;
    expect(exported.format).toBe('sen-personal-data-export');
    expect(exported.sections.profile).toMatchObject({ phone });
    expect(exported.sections.feedback).toEqual([expect.objectContaining({ content: 'The repayment reminder came at the right time. Thank you!', imageFileIds: [expect.any(String)] })]);
    expect(exported.sections.files).toEqual([expect.objectContaining({ purpose: 'feedback', contentType: 'image/jpeg' })]);
    expect(exported.sections.consents).toEqual([expect.objectContaining({ agreed: true })]);
    const { token } = await storedSession(page);
    expect(JSON.stringify(exported)).not.toContain(token);
  });

  test('close an account: a reason is required, then the old token gets 401', async ({ page, request }) => {
    const phone = freshPhone();
    await signIn(page, request, phone);
    const { token, deviceId } = await storedSession(page);
    expect(await userInfoCode(request, token, deviceId)).toBe(200);

    await page.goto('/mine/settings');
    await waitForApp(page);
    await page.getByTestId('settings-close-account').click();
    await expect(page).toHaveURL(/\/mine\/settings\/close-account$/);
    await page.getByTestId('close-account-button').click();
    await expect(page.getByRole('alert')).toHaveText('Please select');
    await expectAccessible(page, 'close account with an error');
    await page.getByTestId('close-reason-4').check();
    await page.getByTestId('close-remark').fill('I only needed one loan');
    await page.getByTestId('close-account-button').click();
    await expect(page.getByTestId('close-account-modal')).toBeVisible();
    await page.getByTestId('close-account-confirm').click();

    await expect(page).toHaveURL(/\/mine\/settings\/close-account\/succeed$/);
    await expect(page.getByTestId('close-account-succeed')).toBeVisible();
    await expectAccessible(page, 'account closed');
    expect((await storedSession(page)).token).toBe('');
    expect(await userInfoCode(request, token, deviceId)).toBe(401);

  });
});
