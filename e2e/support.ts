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
    }, { timeout: 30_000 }) // a limit for a hang: on a loaded machine the send took over 10 s
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

/**
 * Every visible button, link, checkbox and radio on the page can be tapped on a 44 x 44 px area
 * (issue 25; WCAG 2.5.5, Apple's and Google's guidance): its own box, or the label that wraps it
 * (an antd-mobile checkbox's icon is small, its label is the target). Returns the offenders.
 */
export async function smallTapTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const MIN = 44;
    const selector = 'button, a[href], [role="button"], [role="link"], input[type="checkbox"], input[type="radio"], [role="checkbox"], [role="radio"], .adm-checkbox, .adm-radio';
    const offenders: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      const style = window.getComputedStyle(element);
      const box = element.getBoundingClientRect();
      if (style.visibility === 'hidden' || style.display === 'none' || box.width === 0 || box.height === 0) continue;
      if (element.closest('[aria-hidden="true"], .adm-picker, .adm-swiper, .visually-hidden')) continue;
      if (element instanceof HTMLInputElement && element.closest('label')) continue;
      const area = element.closest('label') ?? element;
      const target = area.getBoundingClientRect();
      if (Math.round(target.width) >= MIN && Math.round(target.height) >= MIN) continue;
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 30) || element.getAttribute('data-testid') || element.className;
      offenders.push(`${name} ${Math.round(target.width)}x${Math.round(target.height)}`);
    }
    return offenders;
  });
}

/** No visible tap target on the page is smaller than 44 x 44 px (see smallTapTargets). */
export async function expectTapTargets(page: Page, screen: string): Promise<void> {
  // Soft: one run lists every screen's small targets, not only the first.
  expect.soft(await smallTapTargets(page), `${screen}: tap targets under 44 x 44 px`).toEqual([]);
}
