import { expect, test } from './fixtures.ts';
import { fillPersonal, freshIdNumber, passOperatorCheck } from './certification-support.ts';
import { completeKycThroughPages, FAKE_CAMERA_LAUNCH, signInNewBorrower } from './kyc-support.ts';
import { expectAccessible, freshPhone, useLanguage } from './support.ts';

/*
 * The whole certification (issue 9), through the real pages only: a new borrower starts the batch,
 * passes KYC (ID front, back, selfie, the face check on Chromium's fake camera), personal data and
 * the operator check, then binds the receiving account with two emergency contacts, sees every item
 * done in the certification centre and corrects personal data. Axe on every page visited.
 */

test.use({ launchOptions: FAKE_CAMERA_LAUNCH });

test('a new borrower completes every certification step through the pages, sees the centre all done and corrects personal data', async ({ page, request }) => {
  test.setTimeout(240_000);
  await useLanguage(page, 'en');
  const phone = freshPhone();
  await signInNewBorrower(page, request, phone);

  // The runner opens the first step: KYC.
  await page.goto('/authentication/batch');
  await completeKycThroughPages(page, (screen) => expectAccessible(page, screen));

  // Back on the runner, which opens personal data.
  await expect(page).toHaveURL(/\/authentication\/batch\/personal-data$/);
  await expectAccessible(page, 'personal data');
  const idNumber = freshIdNumber();
  await fillPersonal(page, idNumber, '20-10-1996');
  await page.getByTestId('personal-submit').click();

  // Then the operator check.
  await expect(page).toHaveURL(/\/authentication\/batch\/operator-information$/);
  await expectAccessible(page, 'operator');
  await passOperatorCheck(page, request, phone);

  // The batch is complete; the receiving account is what remains.
  await expect(page.getByTestId('batch-complete')).toBeVisible();
  await expectAccessible(page, 'batch complete');
  await page.goto('/mine/certification-center');
  await expect(page.getByTestId('centre-item-TELECOM')).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('centre-item-BANK')).toHaveAttribute('data-status', 'todo');
  await page.getByTestId('centre-item-BANK').click();

  // The receiving account and contacts step.
  await expect(page).toHaveURL(/\/authentication\/account-and-contacts$/);
  await expect(page.getByTestId('account-and-contacts-form')).toBeVisible();
  await expectAccessible(page, 'account and contacts');
  await page.getByTestId('bank-field').click();
  await page.getByTestId('bank-search').locator('input').fill('ngoai thuong');
  await page.getByTestId('bank-option-VCB').click();
  await expect(page.getByTestId('bank-picker')).toBeHidden();
  await page.getByTestId('holder-input').fill('NGUYEN THI LAN');
  await page.getByTestId('bank-no-input').fill('0011002345678');
  await page.getByTestId('confirm-bank-no-input').fill('0011002345678');
  for (const [index, name, mobile] of [
    [1, 'Nguyễn Văn Hùng', '0387654321'],
    [2, 'Trần Thị Mai', '0705123456'],
  ] as const) {
    await page.getByTestId(`contact-${index}-relationship`).click();
    const confirm = page.locator('.adm-picker-header-button').last();
    await expect(confirm).toBeVisible();
    await page.waitForTimeout(300);
    await confirm.click();
    await expect(page.locator('.adm-picker')).toHaveCount(0);
    await page.getByTestId(`contact-${index}-name`).fill(name);
    await page.getByTestId(`contact-${index}-phone`).fill(mobile);
  }
  await page.getByTestId('account-and-contacts-submit').click();
  await expect(page).not.toHaveURL(/account-and-contacts/);

  // Every item done.
  await page.goto('/mine/certification-center');
  for (const item of ['KYC', 'ID', 'TELECOM', 'BANK']) await expect(page.getByTestId(`centre-item-${item}`)).toHaveAttribute('data-status', 'done');
  await expectAccessible(page, 'certification centre');
  // Nothing left to run.
  await page.goto('/authentication/batch');
  await expect(page.getByTestId('batch-complete')).toBeVisible();

  // Correct personal data from the centre: the address changes, the ID number cannot.
  await page.goto('/mine/certification-center');
  await page.getByTestId('centre-item-ID').click();
  await expect(page).toHaveURL(/\/authentication\/info\/personal-data$/);
  await expect(page.getByTestId('personal-id-number')).toHaveValue(`********${idNumber.slice(-4)}`);
  await expect(page.getByTestId('personal-id-number')).toHaveAttribute('readonly', '');
  await expectAccessible(page, 'personal data review');
  await page.getByTestId('personal-address').fill('8 Tràng Tiền, Hoàn Kiếm');
  await page.getByTestId('personal-submit').click();
  await expect(page).toHaveURL(/\/mine\/certification-center$/);
  await page.goto('/authentication/info/personal-data');
  await expect(page.getByTestId('personal-address')).toHaveValue('8 Tràng Tiền, Hoàn Kiếm');
  await page.goto('/mine/certification-center');
  await expect(page.getByTestId('centre-item-ID')).toHaveAttribute('data-status', 'done');
});
