import { expect, test, type Page } from './fixtures.ts';
import { ADMIN_PATHS, LANGUAGES, type Language, type ProposalView, type RestructurePreview } from '@sen/contract';
import { devices } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { acceptAndSubmit, approvedBorrower, moveClock, openHome, payOut, productNamed } from './loan-support.ts';
import { expectTapTargets, waitForApp, useLanguage } from './support.ts';
import { acceptInvitation, DEMO_ADMIN, signInThroughPages, useAdminLanguage } from './admin/admin-support.ts';

/**
 * Refreshes the withdraw and hardship screens of docs/screenshots/ (npm run screenshots; issue 23
 * item 5, decisions 117 and 119): the withdraw page's amount choice and each product's breakdown,
 * an overdue order's amounts, its "ask for help" section and form, and the restructure offer
 * (new schedule, total, APR, waived) approved by two operators through the back office's API, at
 * 390x844 and 360x640 (forms also with a field focused, as with the keyboard open), in every language.
 */
const gallery = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));
async function shot(page: Page, lang: Language, name: string) {
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0, { timeout: 5_000 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${gallery}${lang}-${name}.png`, animations: 'disabled' });
}
/** The same screen at 360x640, then back to 390x844. */
async function small(page: Page, lang: Language, name: string, before?: () => Promise<void>) {
  await page.setViewportSize({ width: 360, height: 640 });
  await before?.();
  await shot(page, lang, name);
  await page.setViewportSize({ width: 390, height: 844 });
}

/** Scrolls so that the element's top sits just below the sticky page header. */
async function showTop(page: Page, testId: string) {
  await page.getByTestId(testId).evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - 64));
}

const NOTE: Record<Language, string> = {
  vn: 'Tôi bị cắt giảm giờ làm, thu nhập giảm một nửa.',
  en: 'My working hours were cut, my income halved.',
  zh: '我的工时被削减，收入减半。',
};
const DESK = { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } };
const headers = { 'x-sen-admin': '1' };

test.use({ deviceScaleFactor: 1, actionTimeout: 20_000 });
test.describe.configure({ timeout: 300_000 });

for (const lang of LANGUAGES) {
  test(`help gallery in ${lang}`, async ({ page, request, browser, baseURL }) => {
    await useLanguage(page, lang);
    await approvedBorrower(page, request);

    // Withdraw: borrow from every product at once, the total chosen, each product's cost below.
    await openHome(page);
    await page.getByTestId('withdraw').click();
    await expect(page.getByTestId('withdraw-amount')).toBeVisible();
    await expect(page.getByTestId('cost-summary').first()).toBeVisible();
    await shot(page, lang, 'withdraw-amount');
    await expectTapTargets(page, 'withdraw');
    await page.getByTestId('cost-summary').first().scrollIntoViewIfNeeded();
    await shot(page, lang, 'withdraw-breakdown');
    await small(page, lang, 'withdraw-breakdown-360', () => page.getByTestId('cost-summary').first().evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - 64)));
    // An amount past the range: the message under the field (360x640, the field focused).
    await page.setViewportSize({ width: 360, height: 640 });
    await page.getByTestId('withdraw-amount-input').fill('999999999');
    await page.getByTestId('withdraw-amount-input').focus();
    await showTop(page, 'withdraw-amount');
    await shot(page, lang, 'withdraw-amount-360-focused');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('withdraw-less').click();
    await expect(page.getByTestId('withdraw-amount-input')).not.toHaveValue(/999/);
    await acceptAndSubmit(page);
    await payOut(request);

    try {
      // 35 days on: the 30-day loan is 5 days past due (the 90-day one is not due yet).
      await moveClock(request, { days: 35 });
      await page.goto('/order/list');
      await waitForApp(page);
      await page.getByTestId('order-item').filter({ hasText: productNamed('Sen Nhanh') }).click();
      await expect(page.getByTestId('loan-amounts')).toBeVisible();
      await expect(page.getByTestId('hardship')).toBeVisible();
      const orderId = Number(new URL(page.url()).searchParams.get('orderId'));
      await shot(page, lang, 'order-amounts');
      await small(page, lang, 'order-amounts-360');
      await showTop(page, 'hardship');
      await shot(page, lang, 'order-hardship');
      await expectTapTargets(page, 'order page with ask for help');

      await page.getByTestId('hardship-ask').click();
      await expect(page.getByTestId('hardship-form')).toBeVisible();
      // Sent empty first: each field says what it needs.
      await page.getByTestId('hardship-submit').click();
      await page.getByTestId('hardship-form').evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await shot(page, lang, 'hardship-form-errors');
      await page.getByTestId('hardship-reason').click();
      await page.waitForTimeout(300);
      await page.locator('.adm-picker-header-button').last().click();
      await expect(page.locator('.adm-picker')).toHaveCount(0);
      await page.getByTestId('hardship-note').fill(NOTE[lang]);
      await page.getByTestId('hardship-amount').fill('600000');
      await page.getByTestId('hardship-form').evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await shot(page, lang, 'hardship-form');
      await expectTapTargets(page, 'ask for help form');
      await small(page, lang, 'hardship-form-360-focused', async () => {
        await page.getByTestId('hardship-amount').focus();
        await page.getByTestId('hardship-amount').evaluate((element) => element.scrollIntoView({ block: 'center' }));
      });
      await page.getByTestId('hardship-submit').click();
      await expect(page.getByTestId('hardship-pending')).toBeVisible();
      await shot(page, lang, 'hardship-pending');

      // The back office: the demo admin proposes the offer (6 monthly instalments, the overdue fee
      // waived); a finance operator approves it (four eyes).
      const adminContext = await browser.newContext({ baseURL, ...DESK });
      const admin = await adminContext.newPage();
      await useAdminLanguage(admin, 'en');
      await signInThroughPages(admin, DEMO_ADMIN);
      const terms = { orderId, planNums: 6, periodDays: 30, waiveOverdueFee: 0, waiveInterest: 0 };
      const previewed = await admin.request.get(ADMIN_PATHS.restructurePreview, { headers, params: terms });
      expect(previewed.ok(), await previewed.text()).toBe(true);
      const { caps } = (await previewed.json()).data as RestructurePreview;
      const proposed = await admin.request.post(ADMIN_PATHS.restructurePropose, { headers, data: { ...terms, waiveOverdueFee: caps.overdueFee, reason: 'Income halved; asked for help in the app' } });
      expect(proposed.ok(), await proposed.text()).toBe(true);
      const proposal = ((await proposed.json()).data as { proposal: ProposalView }).proposal;
      const invited = await admin.request.post(ADMIN_PATHS.operatorInvite, { headers, data: { email: `finance-${lang}-${Date.now()}@sen.local`, name: 'Finance Checker', role: 'finance' } });
      expect(invited.ok(), await invited.text()).toBe(true);
      const { enrolmentLink } = (await invited.json()).data as { enrolmentLink: string };
      const checker = await adminContext.browser()!.newContext({ baseURL, ...DESK });
      const checkerPage = await checker.newPage();
      await useAdminLanguage(checkerPage, 'en');
      const link = new URL(enrolmentLink, baseURL);
      await acceptInvitation(checkerPage, link.pathname + link.search, 'finance passphrase of some length');
      const approved = await checkerPage.request.post(ADMIN_PATHS.proposalApprove, { headers, data: { proposalId: proposal.id } });
      expect(approved.ok(), await approved.text()).toBe(true);
      expect(((await approved.json()) as { code: number }).code, 'the offer was approved').toBe(200);
      await checker.close();
      await adminContext.close();

      // The borrower's review: the new schedule, what was waived, the total and the APR.
      await page.reload();
      await waitForApp(page);
      await expect(page.getByTestId('restructure-offer')).toBeVisible();
      await showTop(page, 'restructure-offer');
      await shot(page, lang, 'restructure-offer');
      await page.getByTestId('restructure-accept').scrollIntoViewIfNeeded();
      await shot(page, lang, 'restructure-offer-cost');
      await expectTapTargets(page, 'restructure offer');
      await small(page, lang, 'restructure-offer-360', () => showTop(page, 'restructure-offer'));
      await small(page, lang, 'restructure-offer-cost-360', () => page.getByTestId('restructure-accept').evaluate((element) => element.scrollIntoView({ block: 'end' })));
      // Accept: the code sent by SMS, asked in place.
      await page.getByTestId('restructure-accept').click();
      await expect(page.getByTestId('signing-code-step')).toBeVisible();
      await page.getByTestId('signing-code-step').scrollIntoViewIfNeeded();
      await shot(page, lang, 'restructure-signing-code');
    } finally {
      await moveClock(request, { reset: true });
    }
  });
}
