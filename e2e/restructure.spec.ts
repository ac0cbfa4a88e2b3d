import { ADMIN_PATHS, PLAN_STATUS, type ProposalView, type RestructurePreview } from '@sen/contract';
import type { APIRequest } from '@playwright/test';
import { expect, test, type Page } from './fixtures.ts';
import { acceptAndSubmit, applyFor, approvedBorrower, moveClock, outboxOf, payOut, readSigningCode } from './loan-support.ts';
import { adminData, invitedOperator, signedInDemoAdmin } from './operator-api.ts';
import { expectAccessible, useLanguage, waitForApp } from './support.ts';

/*
 * Restructuring (issue 23 item 5; decision 117) in the browser: a borrower whose loan is overdue
 * (the loans' clock moved past the due date) asks for help on the order page; a collector proposes
 * an offer through the back office's API and a second operator approves it (four eyes); the
 * borrower sees the offer with the figures the collector previewed, goes Back and returns, accepts
 * with the SMS signing code, and sees the new schedule (the old instalment closed, the new ones
 * listed) and the home's products locked for the watch period. Axe on the offer.
 */
test.beforeEach(async ({ page }) => useLanguage(page, 'en'));

const digitsOf = async (page: Page, testId: string) => Number(((await page.getByTestId(testId).textContent()) ?? '').replace(/\D/g, ''));

/** Back from the order page to the repay list, and Details again: the order page read afresh, as a borrower returns to it. */
async function backAndReturn(page: Page): Promise<void> {
  await page.getByTestId('back-button').click();
  await expect(page).toHaveURL(/\/order\/repay-list$/);
  await page.getByTestId('repay-item').first().getByRole('button', { name: 'Details' }).click();
  await expect(page.getByTestId('order-facts')).toBeVisible();
}

/** The collector (invited) and the demo admin, signed in through the back office's API. */
async function operators(contexts: APIRequest, baseURL: string) {
  const admin = await signedInDemoAdmin(contexts, baseURL);
  return { admin, collector: await invitedOperator(contexts, baseURL, admin, 'collector', 'Tam Restructure Collector') };
}

test('an overdue borrower asks for help, gets an offer approved by two operators, accepts it with the SMS code and sees the new schedule', async ({ page, request, playwright, baseURL }) => {
  const { phone } = await approvedBorrower(page, request);
  await applyFor(page, 'Sen Nhanh');
  await acceptAndSubmit(page);
  await payOut(request);
  try {
    // 'Sen Nhanh' is one instalment due in 30 days: 35 days on, it is overdue.
    await moveClock(request, { days: 35 });
    // The operators sign in while the borrower asks for help.
    const signingIn = operators(playwright.request, baseURL!);
    signingIn.catch(() => undefined);
    await page.goto('/order/repay-list');
    await waitForApp(page);
    await page.getByTestId('repay-item').first().getByRole('button', { name: 'Details' }).click();
    // The list shows the same status tag: the order page is the one with the order in its address.
    await expect(page).toHaveURL(/\/order\/info\?orderId=\d+$/);
    await expect(page.getByTestId('order-status')).toHaveText('Overdue');
    const orderId = Number(new URL(page.url()).searchParams.get('orderId'));
    expect(orderId).toBeGreaterThan(0);

    // Asking for help: the form checks what it is given, with the contract's messages.
    await page.getByTestId('hardship-ask').click();
    const form = page.getByTestId('hardship-form');
    await page.getByTestId('hardship-amount').fill('1000');
    await page.getByTestId('hardship-submit').click();
    await expect(form).toContainText('Please choose a reason');
    await expect(form).toContainText('Please enter an amount from 50,000 ₫ to 100,000,000 ₫');
    await page.getByTestId('hardship-reason').click();
    const picker = page.locator('.adm-picker');
    // antd-mobile hands the wheel's choice (the first reason) over once it has settled on it.
    await expect(picker.locator('.adm-picker-view-column-item[data-selected="true"]')).toHaveText('Lost my job or income');
    await picker.getByText('Confirm', { exact: true }).click();
    await expect(page.getByTestId('hardship-reason')).toContainText('Lost my job or income');
    await page.getByTestId('hardship-note').fill('Mất việc tháng trước');
    await page.getByTestId('hardship-amount').fill('700000');
    await expect(form).not.toContainText('Please enter an amount');
    await page.getByTestId('hardship-submit').click();
    await expect(page.getByTestId('hardship-pending')).toContainText('700,000');

    // The collector previews and proposes an offer (3 instalments a month apart, the overdue fee
    // waived); the demo admin, a second operator, approves it.
    const { admin, collector } = await signingIn;
    const terms = { orderId, planNums: 3, periodDays: 30, waiveOverdueFee: 0, waiveInterest: 0 };
    const { caps, request: asked } = await adminData<RestructurePreview>(await collector.get(ADMIN_PATHS.restructurePreview, { params: terms }));
    expect(asked).toMatchObject({ reason: 'income_loss', monthlyAmount: 700_000, state: 'open' });
    expect(caps.overdueFee).toBeGreaterThan(0);
    const offered = { ...terms, waiveOverdueFee: caps.overdueFee };
    const preview = await adminData<RestructurePreview>(await collector.get(ADMIN_PATHS.restructurePreview, { params: offered }));
    expect(preview.violations).toEqual([]);
    const plan = preview.plan!;
    const { proposal } = await adminData<{ proposal: ProposalView }>(await collector.post(ADMIN_PATHS.restructurePropose, { data: { ...offered, reason: 'lost their job; can pay 700,000 a month' } }));
    expect(proposal).toMatchObject({ kind: 'loan.restructure', status: 'pending' });
    const approved = await adminData<{ proposal: ProposalView }>(await admin.post(ADMIN_PATHS.proposalApprove, { data: { proposalId: proposal.id } }));
    expect(approved.proposal.status).toBe('approved');
    await Promise.all([admin.dispose(), collector.dispose()]);

    // Back on the order page, the borrower sees the offer with the figures previewed: the
    // instalments, the total, the APR, the waiver.
    await backAndReturn(page);
    const offer = page.getByTestId('restructure-offer');
    await expect(offer).toContainText('3 instalments, one every 30 days');
    await expect(page.getByTestId('restructure-plan').locator('tbody tr')).toHaveCount(plan.instalments.length);
    expect(plan.instalments).toHaveLength(3);
    expect(await digitsOf(page, 'restructure-total')).toBe(plan.totalRepayable);
    expect(await digitsOf(page, 'restructure-waived')).toBe(plan.waived.overdueFee + plan.waived.interest);
    await expect(page.getByTestId('restructure-apr')).toContainText(`${plan.aprPercent.toFixed(2)}% a year`);
    await expectAccessible(page, 'restructure offer');

    // Accept and sign sends the code; Back leaves the offer, and on return the code sent still signs.
    const [before] = await outboxOf(request, phone);
    await page.getByTestId('restructure-accept').click();
    await expect(page.getByTestId('signing-code-step')).toContainText('We sent a 4-digit code to');
    const code = await readSigningCode(request, phone, before, 'KY dong y co cau');
    await backAndReturn(page);
    await expect(offer).toBeVisible();
    await expect(page.getByTestId('signing-code-step')).toHaveCount(0);
    await page.getByTestId('restructure-accept').click();
    await expect(page.getByTestId('signing-code-step')).toContainText('a moment ago');
    await page.getByTestId('signing-code-input').fill(code);
    await page.getByTestId('signing-code-confirm').click();

    // The new schedule: the old instalment closed, the three new ones after it.
    await expect(page.getByTestId('order-restructured')).toContainText('Repayment plan changed');
    await expect(offer).toHaveCount(0);
    const rows = page.getByTestId('plan-row');
    await expect(rows).toHaveCount(1 + plan.instalments.length);
    await expect(rows.first()).toHaveAttribute('data-plan-status', String(PLAN_STATUS.SETTLED));
    const phases = 1 + plan.instalments.length;
    await expect(rows.first()).toContainText(`Phase 1/${phases}`);
    for (const [index, instalment] of plan.instalments.entries()) {
      const row = rows.nth(index + 1);
      // Phase n/4 on the previewed date (dd/MM/yyyy), not settled.
      await expect(row).toContainText(`Phase ${instalment.planPart}/${phases}`);
      await expect(row).toContainText(instalment.dueDate.split('-').reverse().join('/'));
      await expect(row).not.toHaveAttribute('data-plan-status', String(PLAN_STATUS.SETTLED));
    }
    await expect(page.getByTestId('order-status')).not.toHaveText('Overdue');

    // The home: no new loan during the watch period, and the cards say why.
    await page.getByTestId('back-button').click();
    await page.getByTestId('tab-home').click();
    const cards = page.locator('[data-testid^="product-card-"]');
    await expect(cards.first()).toBeVisible();
    await expect(page.locator('[data-testid^="product-card-"][data-locked="false"]')).toHaveCount(0);
    await expect(page.getByTestId('lock-reason').first()).toContainText('restructured');
    await expect(page.getByTestId('lock-reason')).toHaveCount(await cards.count());
  } finally {
    await moveClock(request, { reset: true });
  }
});
