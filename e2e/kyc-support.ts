import { expect, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { CHROMIUM_FLAGS, findChromium } from '../scripts/chromium.mjs';
import { readOtp, waitForApp } from './support.ts';

/** Chromium with a fake camera that needs no permission prompt (the liveness frame's camera). */
export const FAKE_CAMERA_LAUNCH = {
  executablePath: findChromium() ?? undefined,
  args: [...CHROMIUM_FLAGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
};

/** A photo-like JPEG made at run time (no binary in git): a card or a face on a coloured ground. */
export async function kycPhoto(kind: 'front' | 'back' | 'selfie'): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const [width, height] = kind === 'selfie' ? [900, 1200] : [1600, 1000];
  const body =
    kind === 'selfie'
      ? `<rect width="100%" height="100%" fill="#cbd5e1"/><ellipse cx="450" cy="520" rx="230" ry="300" fill="#f1c27d"/><circle cx="370" cy="470" r="22" fill="#1f2937"/><circle cx="530" cy="470" r="22" fill="#1f2937"/><path d="M360 660 Q450 720 540 660" stroke="#7f1d1d" stroke-width="14" fill="none"/>`
      : `<rect width="100%" height="100%" fill="#e2e8f0"/><rect x="120" y="120" width="1360" height="760" rx="40" fill="${kind === 'front' ? '#dbeafe' : '#dcfce7'}" stroke="#1e3a8a" stroke-width="8"/>` +
        (kind === 'front'
          ? `<rect x="180" y="260" width="300" height="400" fill="#94a3b8"/><text x="560" y="300" font-size="56" fill="#1e3a8a">CĂN CƯỚC CÔNG DÂN</text><text x="560" y="420" font-size="44" fill="#111827">NGUYỄN VĂN AN</text><text x="560" y="520" font-size="40" fill="#111827">001099012345</text>`
          : `<rect x="180" y="220" width="220" height="160" rx="16" fill="#eab308"/><rect x="1100" y="220" width="260" height="260" fill="#111827"/><text x="180" y="700" font-size="40" fill="#111827">IDVNM0990123456</text>`);
  const buffer = await sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`)).jpeg({ quality: 88 }).toBuffer();
  return { name: `${kind}.jpg`, mimeType: 'image/jpeg', buffer };
}

/** A PDF renamed .jpg: what the KYC page must refuse with the reason. */
export const RENAMED_PDF = { name: 'cccd.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n') };

/** Signs a new borrower in by code; leaves them on create-password (their session is live). */
export async function signInNewBorrower(page: Page, request: APIRequestContext, phone: string): Promise<void> {
  await page.goto('/login');
  await waitForApp(page);
  await page.getByTestId('login-tab-otp').click();
  await page.getByTestId('phone-input').fill(phone);
  await page.getByTestId('get-otp-button').click();
  await page.getByTestId('otp-input').fill(await readOtp(request, phone));
  await page.getByTestId('login-button').click();
  await expect(page).toHaveURL(/\/login\/create-password$/);
}
