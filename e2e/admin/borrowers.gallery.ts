import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '../fixtures.ts';
import { DEMO_ADMIN, freshTotpCode, useAdminLanguage } from './admin-support.ts';

/**
 * Refreshes docs/screenshots/admin-{lang}-borrower*.png (npm run screenshots): the borrower search,
 * the borrower page and the revealed ID images (decision 097) at 1440x900, in Vietnamese and
 * English, with the demo admin and the demo borrower.
 */
const gallery = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const LANGUAGES = ['vn', 'en'] as const;
type Lang = (typeof LANGUAGES)[number];

const TEXT = {
  vn: { continue: 'Tiếp tục', signIn: 'Đăng nhập', revealImages: 'Xem ảnh giấy tờ', reason: 'Vì sao bạn cần xem?', reveal: 'Xem', front: 'Mặt trước giấy tờ', credit: /^Tín dụng/ },
  en: { continue: 'Continue', signIn: 'Sign in', revealImages: 'Reveal ID images', reason: 'Why do you need it?', reveal: 'Reveal', front: 'ID card, front', credit: /^Credit/ },
} as const;

async function shot(page: Page, lang: Lang, name: string) {
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 15_000 });
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${gallery}admin-${lang}-${name}.png`, animations: 'disabled' });
}

test.describe.configure({ timeout: 180_000 });

for (const lang of LANGUAGES) {
  test(`borrower view gallery in ${lang}`, async ({ page }) => {
    const text = TEXT[lang];
    await useAdminLanguage(page, lang);
    await page.goto('/admin/sign-in');
    await page.locator('#email').fill(DEMO_ADMIN.email);
    await page.locator('#password').fill(DEMO_ADMIN.password);
    await page.getByRole('button', { name: text.continue }).click();
    await page.locator('#code').fill(await freshTotpCode(DEMO_ADMIN.totpSecret));
    await page.getByRole('button', { name: text.signIn }).click();
    await expect(page.getByTestId('operator-name')).toBeVisible();

    await page.goto('/admin/borrowers?q=Nguy%E1%BB%85n%20V%C4%83n');
    await expect(page.getByRole('link', { name: 'Nguyễn Văn Minh' })).toBeVisible();
    await shot(page, lang, 'borrowers-search');

    await page.getByRole('link', { name: 'Nguyễn Văn Minh' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Nguyễn Văn Minh' })).toBeVisible();
    await shot(page, lang, 'borrower');

    await page.getByRole('button', { name: text.revealImages }).click();
    await page.getByLabel(text.reason).fill(lang === 'vn' ? 'Đối chiếu giấy tờ với ảnh khuôn mặt, yêu cầu 1042' : 'Comparing the ID card with the selfie, ticket 1042');
    await page.getByRole('dialog').getByRole('button', { name: text.reveal, exact: true }).click();
    const front = page.getByRole('img', { name: text.front });
    await expect.poll(() => front.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0);
    await shot(page, lang, 'borrower-reveal-images');
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: text.credit }).click();
    await shot(page, lang, 'borrower-credit');
  });
}
