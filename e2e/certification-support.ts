import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { API_PATHS } from '@sen/contract';

/** The newest operator code (4 or 6 digits) the development SMS provider "sent" to `phone`. */
export async function readOperatorCode(request: APIRequestContext, phone: string, digits: 4 | 6): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const response = await request.get(`${API_PATHS.devSmsOutbox}?phone=${phone}`);
      const body = (await response.json()) as { data?: { messages?: { text: string; code: string }[] } };
      code = body.data?.messages?.find((message) => message.text.includes('nha mang'))?.code ?? '';
      return code;
    })
    .toMatch(digits === 4 ? /^\d{4}$/ : /^\d{6}$/);
  return code;
}

/** Picks the first choice of a picker field (antd-mobile's sheet opens on the first option; English page). */
export async function pickFirst(page: Page, testId: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.locator('.adm-picker-header-button:visible', { hasText: 'Confirm' }).click();
  await expect(page.locator('.adm-picker:visible')).toHaveCount(0);
}

/** Fills every personal-data field (the submit is left to the caller). */
export async function fillPersonal(page: Page, idNumber: string, birthDate: string): Promise<void> {
  await page.getByTestId('personal-name').fill('Nguyễn Thị Lan');
  await page.getByTestId('personal-id-number').fill(idNumber);
  await pickFirst(page, 'personal-gender');
  await page.getByTestId('personal-birth-date').fill(birthDate);
  await pickFirst(page, 'personal-education');
  await page.getByTestId('personal-salary').fill('9000000');
  await pickFirst(page, 'personal-marital');
  await pickFirst(page, 'personal-province');
  await page.getByTestId('personal-address').fill('25 Hàng Bài, Hoàn Kiếm');
  await pickFirst(page, 'personal-purpose');
  await page.getByTestId('personal-email').fill('lan.nguyen@example.com');
}

/** A fresh 12-digit ID number (CCCD) no other journey uses. */
export function freshIdNumber(): string {
  return `0793${String(Date.now()).slice(-8)}`;
}
