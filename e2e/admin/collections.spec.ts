import { expect, test } from '../fixtures.ts';
import { expectAccessible } from '../support.ts';
import { DEMO_ADMIN, signInThroughPages, useAdminLanguage } from './admin-support.ts';
import { moveBusinessClock, overdueCase, runCollections, signedInCollector } from './collections-support.ts';

/*
 * Collections (issue 23 item 1; decisions 098, 099) in the browser: an admin assigns an overdue
 * loan's case to a collector, who logs a call, is refused contacting an emergency contact (the rule
 * shown in place), records a promise to pay today, and — the loans' clock moved a day and the
 * collections job run — sees the promise broken and the next action to follow it up.
 */
test.describe.configure({ timeout: 180_000 });

test('a collector works a case: logs a call, records a promise, and sees it broken the next day', async ({ page, browser, baseURL, request }) => {
  await useAdminLanguage(page, 'en');
  await signInThroughPages(page, DEMO_ADMIN);
  try {
    // A name of its own: other journeys on the same server invite collectors too.
    const collectorName = `Cam Collector ${Date.now().toString(36)}`;
    const collector = await signedInCollector(browser, baseURL!, page, collectorName);
    const item = await overdueCase(browser, baseURL!, request, page);

    // The admin assigns it by hand from the list.
    await page.goto(`/admin/collections?orderNo=${item.orderNo}`);
    const row = page.getByRole('row').filter({ hasText: item.orderNo });
    await expect(row).toContainText('1-10 days');
    await row.getByRole('combobox', { name: `Assign the case of order ${item.orderNo}` }).click();
    await page.locator('.ant-select-dropdown:visible').getByText(`${collectorName} (`, { exact: false }).click();
    await expect(page.getByText('Assignment saved')).toBeVisible();
    await expectAccessible(page, 'collection cases');

    // The collector finds it under their cases and opens it.
    const work = collector.page;
    await work.goto('/admin/collections?assignee=me');
    await work.getByRole('link', { name: `Open the case of order ${item.orderNo}` }).click();
    await expect(work.getByRole('heading', { level: 1 })).toContainText(item.orderNo);
    await expect(work.getByTestId('next-action')).toContainText('contact the borrower');

    // A call to the borrower is logged.
    await work.getByLabel('Outcome of the call').click();
    await work.locator('.ant-select-dropdown:visible').getByText('Answered', { exact: true }).click();
    await work.getByLabel('Note (optional)').fill('Borrower will pay part today');
    await work.getByRole('button', { name: 'Log the call' }).click();
    await expect(work.getByText('Call logged')).toBeVisible();
    const log = work.locator('.ant-card').filter({ hasText: 'Contact log' });
    await expect(log.getByRole('row').filter({ hasText: 'Borrower will pay part today' })).toContainText('Made');

    // Calling an emergency contact about the debt is refused, with the rule shown where it was tried.
    await work.getByLabel('Whom').click();
    await work.locator('.ant-select-dropdown:visible').getByText('Emergency contact 1', { exact: false }).click();
    await work.getByLabel('Outcome of the call').click();
    await work.locator('.ant-select-dropdown:visible').getByText('Answered', { exact: true }).click();
    await work.getByRole('button', { name: 'Log the call' }).click();
    await expect(work.getByTestId('contact-refusal')).toContainText('only the borrower may be contacted about the debt');
    await expect(work.getByTestId('contact-refusal')).toContainText('Rule: not_borrower');
    await expect(log.getByRole('row').filter({ hasText: 'Refused: not the borrower' })).toHaveCount(1);
    await expectAccessible(work, 'collection case');

    // A promise to pay today.
    await work.getByLabel('Amount').fill('100000');
    await work.getByRole('button', { name: 'Record the promise' }).click();
    await expect(work.getByText('Promise recorded')).toBeVisible();
    await expect(work.getByTestId('promise-status-open')).toBeVisible();
    await expect(work.getByTestId('next-action')).toContainText('wait for the payment promised by');

    // Nothing is paid; the next day the collections job finds it broken.
    await moveBusinessClock(request, { days: 1 });
    await runCollections(request);
    await work.reload();
    await expect(work.getByTestId('promise-status-broken')).toBeVisible();
    await expect(work.getByTestId('next-action')).toContainText('follow up: the promise for');
  } finally {
    await moveBusinessClock(request, { reset: true });
  }
});
