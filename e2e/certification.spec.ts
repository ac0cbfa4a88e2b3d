import { expect, test } from './fixtures.ts';
import { fillPersonal, freshIdNumber, readOperatorCode } from './certification-support.ts';
import { completeKycThroughPages, FAKE_CAMERA_LAUNCH, signInNewBorrower } from './kyc-support.ts';
import { expectAccessible, freshPhone, useLanguage } from './support.ts';

/*
 * Certification steps (issue 9): a new borrower passes KYC through its pages, then personal data
 * and the operator check with their error messages (required fields, the exit confirmation, an
 * under-18 birthday, an ID number another user holds, a malformed operator code), sees the
 * certification centre and corrects personal data. The whole batch including the receiving account
 * is certification-journey.spec.ts.
 */

test.use({ launchOptions: FAKE_CAMERA_LAUNCH });

test.beforeEach(async ({ page }) => useLanguage(page, 'en'));

test('a new borrower completes personal data and the operator check, sees the centre and corrects personal data', async ({ page, request }) => {
  // A long journey (KYC, two steps, the centre, a correction, seven accessibility checks).
  test.setTimeout(240_000);
  const phone = freshPhone();
  await signInNewBorrower(page, request, phone);

  await page.goto('/authentication/batch');
  await completeKycThroughPages(page);
  await expect(page).toHaveURL(/\/authentication\/batch\/personal-data$/);
  await expect(page.getByTestId('boost-copy')).toContainText('2,000,000');
  await expectAccessible(page, 'personal data');

  // Every field is required; the §5 messages show beside the fields.
  await page.getByTestId('personal-submit').click();
  await expect(page.locator('#userName-error')).toHaveText('Please input');
  await expect(page.locator('#sex-picker-error')).toHaveText('Please select');
  await expectAccessible(page, 'personal data with errors');

  // Exit confirmation: how many steps remain before borrowing (personal data, operator, account).
  await page.getByTestId('back-button').click();
  await expect(page.getByTestId('exit-confirm')).toContainText('Only 3 more steps before you can borrow');
  await page.getByTestId('exit-confirm-stay').click();
  await expect(page.getByTestId('exit-confirm')).toBeHidden();

  // Under 18 on Vietnam's date is refused with the spec's message.
  await fillPersonal(page, '079301004321', '15-06-2015');
  await page.getByTestId('personal-submit').click();
  await expect(page.locator('#birthDate-error')).toHaveText('We refuse to lend money to under 18!');

  // The demo borrower's ID number belongs to another account.
  await page.getByTestId('personal-birth-date').fill('20-10-1996');
  await page.getByTestId('personal-id-number').fill('001095012345');
  await page.getByTestId('personal-submit').click();
  await expect(page.locator('#cardNo-error')).toHaveText('This ID number is already registered to another account');

  const idNumber = freshIdNumber();
  await page.getByTestId('personal-id-number').fill(idNumber);
  await page.getByTestId('personal-submit').click();

  // The runner opens the next step: the operator.
  await expect(page).toHaveURL(/\/authentication\/batch\/operator-information$/);
  await expectAccessible(page, 'operator choice');
  await page.getByTestId('operator-viet').check();
  await page.getByTestId('operator-send').click();
  await expect(page.getByTestId('operator-code-hint')).toContainText('4-digit');
  await expect(page.getByTestId('operator-resend')).toBeDisabled();
  await page.getByTestId('operator-otp').fill('12345');
  await page.getByTestId('operator-submit').click();
  await expect(page.locator('#operator-otp-error')).toHaveText('Invalid OTP format');
  await expectAccessible(page, 'operator code');
  await page.getByTestId('operator-otp').fill(await readOperatorCode(request, phone, 4));
  await page.getByTestId('operator-submit').click();
  await expect(page.getByTestId('operator-code-hint')).toContainText('6 digits');
  await page.getByTestId('operator-otp').fill(await readOperatorCode(request, phone, 6));
  await page.getByTestId('operator-submit').click();

  // The batch ends before the receiving account (asked at the first loan).
  await expect(page.getByTestId('batch-complete')).toBeVisible();

  await page.goto('/mine/certification-center');
  await expect(page.getByTestId('centre-item-KYC')).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('centre-item-ID')).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('centre-item-TELECOM')).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('centre-item-BANK')).toHaveAttribute('data-status', 'todo');
  await expectAccessible(page, 'certification centre');

  // Correct personal data: the address changes, the ID number cannot.
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

  await page.goto('/authentication/info/operator-information');
  await expect(page.getByTestId('operator-verified-name')).toHaveText('Viettel');
  await expectAccessible(page, 'operator review');
});

test('a borrower with personal data not done sees the later steps locked', async ({ page, request }) => {
  const phone = freshPhone();
  await signInNewBorrower(page, request, phone);
  await page.goto('/mine/certification-center');
  await expect(page.getByTestId('centre-item-KYC')).toHaveAttribute('data-status', 'todo');
  await expect(page.getByTestId('centre-item-ID')).toHaveAttribute('data-status', 'locked');
  await expect(page.getByTestId('centre-item-ID')).toContainText('Not unlocked');
  await expect(page.getByTestId('centre-item-BANK')).toContainText('Not unlocked');
});
