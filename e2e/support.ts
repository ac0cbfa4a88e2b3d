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

/**
 * The axe violations of the page once it has settled: dialogs and popups fade in over about 200 ms
 * (SPEC.md §4), and text caught mid-fade fails the contrast rule. A real violation stays, so the
 * page is analysed again (up to three times, 300 ms apart) only while it still reports some.
 */
export async function settledViolations(page: Page, keep: (violation: { impact?: string | null }) => boolean = () => true) {
  let violations = (await new AxeBuilder({ page }).analyze()).violations.filter(keep);
  for (let attempt = 0; attempt < 3 && violations.length > 0; attempt += 1) {
    await page.waitForTimeout(300);
    violations = (await new AxeBuilder({ page }).analyze()).violations.filter(keep);
  }
  return violations;
}

/** No serious or critical accessibility violation on the page (axe), once it has settled. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const serious = await settledViolations(page, (violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${screen}: ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`)).toEqual([]);
}
