import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { API_PATHS, STORAGE_KEYS } from '@sen/contract';
import { freshPhone, readOtp, waitForApp } from './support.ts';
import { DEMO_PRODUCTS } from '../apps/server/src/modules/product/demo-products.ts';

/*
 * Borrowers for the loan journeys: certified and approved with the development calls (the
 * certification screens have journeys of their own), signed in through the login page, with a
 * receiving account bound through the account-and-contacts page (the payout needs a real one).
 */

/** Runs the payout job and the daily loan jobs now (development), as the scheduler would. */
export async function runLoanJobs(request: APIRequestContext): Promise<Record<string, number>> {
  const response = await request.post(API_PATHS.devRunLoanJobs, { data: {} });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).data as Record<string, number>;
}

/** Runs the loan jobs until the payouts sent are answered (the development partner answers at once in e2e). */
export async function payOut(request: APIRequestContext): Promise<void> {
  await runLoanJobs(request);
  await runLoanJobs(request);
}

/** Moves the server's loan business clock forward by `days` (development; the loan jobs run), or back to now. */
export async function moveClock(request: APIRequestContext, change: { days?: number; reset?: boolean }): Promise<void> {
  const response = await request.post(API_PATHS.devClock, { data: change });
  expect(response.ok(), await response.text()).toBe(true);
}

export interface Borrower {
  phone: string;
}

/** A new borrower, approved (monthly income band 2: 5,000,000 ₫ plus the 2,000,000 ₫ boost), signed in, with a bank account. */
export async function approvedBorrower(page: Page, request: APIRequestContext, accountNumber = `0011${Date.now() % 100_000_000}`.padEnd(13, '7')): Promise<Borrower> {
  const phone = freshPhone();
  const certified = await request.post(API_PATHS.devCreditCertify, { data: { phone, birthDate: '1993-05-20', monthlySalaryBand: '2' } });
  expect(certified.ok(), await certified.text()).toBe(true);
  expect((await request.post(API_PATHS.devCreditReview, { data: {} })).ok()).toBe(true);

  await page.goto('/login');
  await waitForApp(page);
  await page.getByTestId('phone-input').fill(phone);
  await page.getByTestId('get-otp-button').click();
  await page.getByTestId('otp-input').fill(await readOtp(request, phone));
  await page.getByTestId('login-button').click();
  await expect(page).toHaveURL(/\/login\/create-password$|\/$/);

  await page.goto('/authentication/account-and-contacts');
  await waitForApp(page);
  await page.getByTestId('bank-field').click();
  await page.getByTestId('bank-search').locator('input').fill('ngoai thuong');
  await page.getByTestId('bank-option-VCB').click();
  await page.getByTestId('holder-input').fill('NGUYEN VAN AN');
  await page.getByTestId('bank-no-input').fill(accountNumber);
  await page.getByTestId('confirm-bank-no-input').fill(accountNumber);
  for (const [slot, name, contactPhone] of [[1, 'Nguyễn Thị Bình', '0387654321'], [2, 'Trần Văn Cường', '0705123456']] as const) {
    await page.getByTestId(`contact-${slot}-relationship`).click();
    await page.waitForTimeout(300);
    await page.locator('.adm-picker-header-button').last().click();
    await expect(page.locator('.adm-picker')).toHaveCount(0);
    await page.getByTestId(`contact-${slot}-name`).fill(name);
    await page.getByTestId(`contact-${slot}-phone`).fill(contactPhone);
  }
  await page.getByTestId('account-and-contacts-submit').click();
  await expect(page).not.toHaveURL(/account-and-contacts/);
  return { phone };
}

/** Opens the home and closes the first visit's popups (congratulation, then new products). */
export async function openHome(page: Page): Promise<void> {
  await page.goto('/');
  await waitForApp(page);
  await expect(page.getByTestId('has-auth-home')).toHaveAttribute('data-mode', 'Normal');
  for (const popup of ['congratulation-popup', 'new-products-popup']) {
    const dialog = page.getByTestId(popup);
    if (await dialog.waitFor({ state: 'visible', timeout: 2500 }).then(() => true, () => false)) {
      // The last button of the popup closes it (its label is in the page's language).
      await dialog.getByRole('button').last().click();
      await expect(dialog).toHaveCount(0);
    }
  }
}

/** A demo product's card by its Vietnamese name, in whatever language the page shows it (decision 113). */
export function productNamed(name: string): RegExp {
  const product = DEMO_PRODUCTS.find((candidate) => candidate.name === name);
  if (!product) throw new Error(`no demo product is named ${name}`);
  const names = [product.name, ...Object.values(product.translations ?? {}).flatMap((text) => (text?.name ? [text.name] : []))];
  return new RegExp(names.map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'));
}

/** Opens the home and applies for the demo product named `name` (its Vietnamese name). */
export async function applyFor(page: Page, name: string): Promise<void> {
  await openHome(page);
  await page.locator('[data-testid^="product-card-"]', { hasText: productNamed(name) }).getByTestId('apply-product').click();
  await expect(page).toHaveURL(/\/product\/info\?/);
  await expect(page.getByTestId('cost-apr')).toBeVisible();
}

interface OutboxMessage {
  text: string;
  code: string;
  sentAt: string;
}

/** The development SMS outbox of `phone`, newest first. */
export async function outboxOf(request: APIRequestContext, phone: string): Promise<OutboxMessage[]> {
  const response = await request.get(`${API_PATHS.devSmsOutbox}?phone=${phone}`);
  const body = (await response.json()) as { data?: { messages?: OutboxMessage[] } } | null;
  return body?.data?.messages ?? [];
}

/** The signed-in borrower's phone, as the web app keeps its session. */
async function sessionPhone(page: Page): Promise<string> {
  const stored = await page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEYS.session);
  const phone = (JSON.parse(stored ?? '{}') as { state?: { user?: { phone?: string } } }).state?.user?.phone;
  if (!phone) throw new Error('no signed-in borrower in the web app');
  return phone;
}

/**
 * The signing code (decision 112) sent after `before` (the newest message when "Sign and borrow"
 * was tapped), read from the development SMS outbox: the login code before it is never taken.
 * `signs` is what the SMS says the code signs: the loan's agreements, or (decision 117) a
 * restructure offer ('KY dong y co cau').
 */
export async function readSigningCode(request: APIRequestContext, phone: string, before: OutboxMessage | undefined, signs = 'KY hop dong'): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const [latest] = await outboxOf(request, phone);
      const fresh = latest && latest.text.includes(signs) && (latest.sentAt !== before?.sentAt || latest.text !== before?.text);
      code = fresh ? latest.code : '';
      return code;
    })
    .toMatch(/^\d{4}$/);
  return code;
}

/**
 * Accepts the agreements and signs with the code sent by SMS ("Sign and borrow", then the code from
 * the development outbox); lands on the result page.
 */
export async function acceptAndSubmit(page: Page, options: { beforeConfirm?: () => Promise<void> } = {}): Promise<void> {
  const phone = await sessionPhone(page);
  const [before] = await outboxOf(page.request, phone);
  await page.getByTestId('agree-checkbox').check();
  await page.getByTestId('submit-loan').click();
  await expect(page.getByTestId('signing-code-step')).toBeVisible();
  await page.getByTestId('signing-code-input').fill(await readSigningCode(page.request, phone, before));
  await options.beforeConfirm?.();
  await page.getByTestId('signing-code-confirm').click();
  await expect(page).toHaveURL(/\/product\/(succeed|failed)$/);
}
