import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { API_PATHS, type Language, STORAGE_KEYS } from '@sen/contract';

let phoneCounter = 0;
/** A fresh 10-digit Vietnamese number per call, so journeys never share a user. */
export function freshPhone(): string {
  phoneCounter += 1;
  const tail = `${Date.now() % 1_000_000}${phoneCounter}`.padStart(8, '0').slice(-8);
  return `09${tail}`;
}

/** Opens every page of this test in `lang` (as if the visitor had chosen it before). */
export async function useLanguage(page: Page, lang: Language): Promise<void> {
  await page.addInitScript(
    ([key, value]) => {
      if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, value);
    },
    [STORAGE_KEYS.language, lang] as const,
  );
}

/** The newest OTP the development SMS provider "sent" to `phone`. */
export async function readOtp(request: APIRequestContext, phone: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const response = await request.get(`${API_PATHS.devSmsOutbox}?phone=${phone}`);
      const body = await response.json();
      code = body?.data?.messages?.[0]?.code ?? '';
      return code;
    })
    .toMatch(/^\d{4}$/);
  return code;
}

/** Waits until the start-up loading view has gone and the app is shown. */
export async function waitForApp(page: Page): Promise<void> {
  await expect(page.getByTestId('splash')).toBeHidden({ timeout: 15_000 });
}

/** No serious or critical accessibility violation on the page as it is now (axe). */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${screen}: ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`)).toEqual([]);
}
