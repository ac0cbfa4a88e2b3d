import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '../fixtures.ts';
import { signInDemoAdminInVietnamese, useAdminLanguage } from './admin-support.ts';

/**
 * Refreshes docs/screenshots/admin-{lang}-collection-rules*.png (npm run screenshots): the
 * collection rules in force (buckets, dunning steps, templates) and the form that proposes a change
 * (decision 122), at 1440x900 in Vietnamese and English, as the demo admin sees them.
 */
const gallery = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const LANGUAGES = ['vn', 'en'] as const;
type Lang = (typeof LANGUAGES)[number];
const TEXT = {
  vn: { title: 'Quy tắc thu hồi nợ', change: 'Đề xuất thay đổi', language: 'Tiếng Việt' },
  en: { title: 'Collection rules', change: 'Propose a change', language: 'English' },
} as const;

async function shot(page: Page, lang: Lang, name: string) {
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 15_000 });
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${gallery}admin-${lang}-${name}.png`, animations: 'disabled' });
}

test('collection rules gallery in vn and en', async ({ page }) => {
  await useAdminLanguage(page, 'vn');
  await signInDemoAdminInVietnamese(page);

  for (const lang of LANGUAGES) {
    await page.goto('/admin/collections/rules');
    // The header's language switch (the init script only sets the first language).
    await page.locator('.ant-segmented').getByText(TEXT[lang].language, { exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT[lang].title);
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    await shot(page, lang, 'collection-rules');
    await page.getByRole('button', { name: TEXT[lang].change }).click();
    await expect(page.locator('form').first()).toBeVisible();
    await shot(page, lang, 'collection-rules-edit');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await shot(page, lang, 'collection-rules-edit-templates');
  }
});
