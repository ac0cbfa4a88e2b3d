import { expect, test } from './fixtures.ts';
import { FAKE_CAMERA_LAUNCH, kycPhoto, RENAMED_PDF, signInNewBorrower } from './kyc-support.ts';
import { expectAccessible, freshPhone, useLanguage, waitForApp } from './support.ts';

/** No serious or critical accessibility violation on the page as it is now. */
test.use({ launchOptions: FAKE_CAMERA_LAUNCH });

test('KYC: a PDF is refused with the reason, ID front, back and selfie upload, the face check in the frame finishes the step', async ({ page, request }) => {
  await useLanguage(page, 'vn');
  await signInNewBorrower(page, request, freshPhone());

  await page.goto('/authentication/batch/kyc');
  await waitForApp(page);
  await expect(page.getByText('Mặt trước CCCD')).toBeVisible();
  await expect(page.getByTestId('kyc-next')).toBeDisabled();
  await expectAccessible(page, 'kyc');

  // A PDF renamed .jpg: the browser cannot decode it, the reason is shown, nothing is sent.
  await page.getByTestId('kyc-front-file-input').setInputFiles(RENAMED_PDF);
  await expect(page.getByTestId('kyc-front-error')).toHaveText('Tải lên thất bại: chỉ chấp nhận ảnh JPEG, PNG hoặc WebP');

  await page.getByTestId('kyc-front-file-input').setInputFiles(await kycPhoto('front'));
  await expect(page.getByTestId('kyc-front-done')).toBeVisible();
  await expect(page.getByTestId('kyc-front-error')).toHaveCount(0);
  await page.getByTestId('kyc-back-camera-input').setInputFiles(await kycPhoto('back'));
  await expect(page.getByTestId('kyc-back-done')).toBeVisible();
  await page.getByTestId('kyc-selfie-camera-input').setInputFiles(await kycPhoto('selfie'));
  await expect(page.getByTestId('kyc-selfie-done')).toBeVisible();
  // Checked once the Next button is enabled (a disabled button is exempt from contrast rules, a half-enabled one is not).
  await expect(page.getByTestId('kyc-next')).toBeEnabled();
  await expectAccessible(page, 'kyc with photos');

  await page.getByTestId('kyc-next').click();
  await expect(page).toHaveURL(/\/authentication\/batch\/kyc\/face$/);
  const frame = page.frameLocator('[data-testid="kyc-face-frame"]');
  await expect(frame.getByRole('button', { name: 'Bắt đầu' })).toBeVisible();
  await expectAccessible(page, 'kyc face');
  await frame.getByRole('button', { name: 'Bắt đầu' }).click();

  // The page posts its signed result; the app sends it to the server, finishes KYC, goes back.
  await expect(page).toHaveURL(/\/authentication\/batch(\/personal-data)?$/, { timeout: 20_000 });

  await page.goto('/authentication/info/kyc');
  await waitForApp(page);
  await expect(page.getByTestId('kyc-info-status')).toHaveText('Đã xác minh');
  const images = page.locator('.kyc-thumb img');
  await expect(images).toHaveCount(3);
  for (const image of await images.all()) await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await expectAccessible(page, 'kyc info');

  // Done: the KYC page sends the borrower back to the step runner, which opens the next step.
  await page.goto('/authentication/batch/kyc');
  await expect(page).toHaveURL(/\/authentication\/batch(\/personal-data)?$/);
});

test('the face frame ignores a message from another window', async ({ page, request }) => {
  await useLanguage(page, 'en');
  await signInNewBorrower(page, request, freshPhone());
  await page.goto('/authentication/batch/kyc/face');
  await waitForApp(page);
  await expect(page.frameLocator('[data-testid="kyc-face-frame"]').getByRole('button', { name: 'Start' })).toBeVisible();
  // The app's own window posting a "passed" result for any session is not the frame: nothing happens.
  await page.evaluate(() => window.postMessage({ type: 'sen-liveness', bizNo: '0'.repeat(32), result: 'forged.sig', passed: true }, window.location.origin));
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(/\/authentication\/batch\/kyc\/face$/);
  await expect(page.getByTestId('kyc-face-frame')).toBeVisible();
});
