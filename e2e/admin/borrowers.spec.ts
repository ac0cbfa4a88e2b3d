import { expect, test } from '../fixtures.ts';
import { expectAccessible } from '../support.ts';
import { DEMO_ADMIN, signInThroughPages, useAdminLanguage } from './admin-support.ts';

/*
 * The borrower view (decision 097) at 1440x900 against a real server: the demo admin finds the
 * demo borrower by phone, opens their page (masked), reveals the full ID number with a reason, then
 * the ID images (watermarked, fetched by the page); axe on each screen and dialog: no serious or
 * critical violation.
 */

test.describe.configure({ timeout: 120_000 });

/** The demo borrower SEED_DEMO creates (apps/server's demo-seed.ts). */
const DEMO_BORROWER = { phone: '0912345678', masked: '091****678', name: 'Nguyễn Văn Minh', idNumber: '001095012345', idMasked: '******2345' } as const;

test('the demo admin finds the demo borrower by phone, opens their page and reveals the ID number and images', async ({ page }) => {
  await useAdminLanguage(page);
  await signInThroughPages(page, DEMO_ADMIN);

  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('menuitem', { name: 'Borrowers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Borrowers' })).toBeVisible();
  await expectAccessible(page, 'borrower search');

  await page.getByLabel('Phone, ID number, order number or name').fill(DEMO_BORROWER.phone);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/admin\/borrowers\?q=0912345678/);
  const row = page.getByRole('row', { name: new RegExp(DEMO_BORROWER.name) });
  await expect(row.getByRole('cell', { name: DEMO_BORROWER.masked })).toBeVisible();
  await expect(row.getByRole('cell', { name: DEMO_BORROWER.idMasked })).toBeVisible();
  await expect(page.getByText(DEMO_BORROWER.idNumber)).toHaveCount(0);
  await expectAccessible(page, 'borrower search results');

  await row.getByRole('link', { name: DEMO_BORROWER.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: DEMO_BORROWER.name })).toBeVisible();
  await expect(page.getByText(DEMO_BORROWER.idMasked)).toBeVisible();
  await expect(page.getByText(DEMO_BORROWER.idNumber)).toHaveCount(0);
  await expectAccessible(page, 'borrower page');

  // The full ID number: the reason first (too short is refused at the field), then the number.
  await page.getByRole('button', { name: 'Reveal the full ID number' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reveal the full ID number' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'reveal dialog');
  await dialog.getByLabel('Why do you need it?').fill('check');
  await dialog.getByRole('button', { name: 'Reveal' }).click();
  await expect(dialog.getByText('Please state why you need it (at least 10 characters)')).toBeVisible();
  await dialog.getByLabel('Why do you need it?').fill('Borrower called about the loan agreement, ticket 1042');
  await dialog.getByRole('button', { name: 'Reveal' }).click();
  await expect(dialog.getByTestId('revealed-id-number')).toHaveText(DEMO_BORROWER.idNumber);
  await expectAccessible(page, 'revealed ID number');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  // The ID images: watermarked by the server, fetched by the page with the back-office headers.
  await page.getByRole('button', { name: 'Reveal ID images' }).click();
  const images = page.getByRole('dialog', { name: 'Reveal the ID images' });
  await images.getByLabel('Why do you need it?').fill('Comparing the ID card with the selfie for a review');
  await images.getByRole('button', { name: 'Reveal' }).click();
  for (const name of ['ID card, front', 'ID card, back', 'Face photo']) {
    const image = images.getByRole('img', { name });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0);
  }
  await expectAccessible(page, 'revealed ID images');
  await images.getByRole('button', { name: 'Done' }).click();

  // Every tab opens; the audit trail shows both reveals with their reasons.
  for (const tab of ['Credit', 'Orders', 'Ledger', 'Messages', 'Consents', 'Security and devices']) {
    await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
    await expect(page.getByRole('tab', { name: new RegExp(`^${tab}`), selected: true })).toBeVisible();
  }
  await expectAccessible(page, 'borrower page, last tab');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('menuitem', { name: 'Audit trail' }).click();
  await expect(page.getByRole('cell', { name: 'Borrower called about the loan agreement, ticket 1042' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Comparing the ID card with the selfie for a review' })).toBeVisible();
});
