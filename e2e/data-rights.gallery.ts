import { expect, test, type Page } from './fixtures.ts';
import { LANGUAGES, type Language } from '@sen/contract';
import { fileURLToPath } from 'node:url';
import { signInNewBorrower } from './kyc-support.ts';
import { expectTapTargets, freshPhone, useLanguage, waitForApp } from './support.ts';

/**
 * Refreshes the data-rights screens of docs/screenshots/ (npm run screenshots; issue 25 item 9,
 * decision 116): the empty list, the request form (and at 360x640 with the details field focused,
 * as with the keyboard open), a filed request in the list, the consent-withdraw dialog and the
 * withdrawn consent's card, at 390x844 and 360x640, in every language.
 */
const gallery = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));
async function shot(page: Page, lang: Language, name: string) {
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0, { timeout: 5_000 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${gallery}${lang}-${name}.png`, animations: 'disabled' });
}

const DETAILS: Record<Language, string> = {
  vn: 'Xin gửi bản sao dữ liệu cá nhân, lịch sử khoản vay và các lần đồng ý của tôi.',
  en: 'Please send me a copy of my personal data, my loan history and my consents.',
  zh: '请发送我的个人数据、借款记录和同意记录的副本。',
};

test.use({ deviceScaleFactor: 1, actionTimeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

for (const lang of LANGUAGES) {
  test(`data rights gallery in ${lang}`, async ({ page, request }) => {
    await useLanguage(page, lang);
    await signInNewBorrower(page, request, freshPhone());

    await page.goto('/mine/data-rights');
    await waitForApp(page);
    await expect(page.getByTestId('data-rights-empty')).toBeVisible();
    await shot(page, lang, 'data-rights-empty');

    // The form with every kind and its hint; then an access request with its details.
    await page.getByTestId('data-rights-new').click();
    await page.getByTestId('data-kind-access').check();
    await page.getByTestId('data-details').fill(DETAILS[lang]);
    await page.getByTestId('data-request-form').evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - 100));
    await shot(page, lang, 'data-rights-form');
    await expectTapTargets(page, 'data request form');
    await page.getByTestId('data-request-submit').evaluate((element) => element.scrollIntoView({ block: 'end' }));
    await shot(page, lang, 'data-rights-form-details');
    await page.setViewportSize({ width: 360, height: 640 });
    await page.getByTestId('data-details').focus();
    await page.getByTestId('data-request-submit').evaluate((element) => element.scrollIntoView({ block: 'end' }));
    await page.waitForTimeout(300);
    await shot(page, lang, 'data-rights-form-360-focused');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('data-request-submit').click();
    await expect(page.getByTestId('data-rights-filed')).toBeVisible();
    await expect(page.getByTestId('data-rights-list')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, lang, 'data-rights-list');
    await page.setViewportSize({ width: 360, height: 640 });
    await shot(page, lang, 'data-rights-list-360');
    await page.setViewportSize({ width: 390, height: 844 });

    // Withdrawing the consent to lending: its consequence, asked to confirm; then the card to give it again.
    await page.getByTestId('data-rights-new').click();
    await page.getByTestId('data-kind-withdraw_consent').check();
    await page.getByTestId('data-consent-lending').check();
    await page.getByTestId('data-request-submit').click();
    await expect(page.getByTestId('data-withdraw-consequence')).toBeVisible();
    await shot(page, lang, 'data-rights-withdraw-dialog');
    await expectTapTargets(page, 'consent-withdraw dialog');
    await page.setViewportSize({ width: 360, height: 640 });
    await shot(page, lang, 'data-rights-withdraw-dialog-360');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('data-withdraw-confirm').click();
    await expect(page.getByTestId('withdrawn-lending')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, lang, 'data-rights-withdrawn');
    await expectTapTargets(page, 'withdrawn consent');
  });
}
