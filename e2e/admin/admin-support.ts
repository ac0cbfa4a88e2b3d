import { generate } from 'otplib';
import type { Cookie } from '@playwright/test';
import { expect, type Page } from '../fixtures.ts';

/**
 * The demo admin SEED_DEMO creates (apps/server's DEMO_ADMIN; documented in the README for demos
 * only, refused in production): its TOTP secret is fixed so journeys can compute codes.
 */
export const DEMO_ADMIN = { email: 'admin@sen.local', password: 'sen-admin-demo-2026', totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', name: 'Demo Admin' } as const;

const STEP_SECONDS = 30;
/** The last time step each secret's code was used for, in this worker: the server refuses a step twice (replay). */
const usedSteps = new Map<string, number>();

/**
 * A code the server will take: from a time step this secret has not used yet. The server accepts
 * one step either side of its clock (RFC 6238 §5.2, drift), so a second sign-in of the same
 * operator in the same step uses the next step's code at once, as a phone running a little fast
 * would; only a third in the same step waits for the clock (the server refuses a step twice).
 */
export async function freshTotpCode(secret: string): Promise<string> {
  const current = () => Math.floor(Date.now() / 1000 / STEP_SECONDS);
  const used = usedSteps.get(secret);
  const step = used === undefined ? current() : Math.max(current(), used + 1);
  if (step > current() + 1) {
    // Wait until `step` is at most one step ahead of the clock.
    const allowedAt = (step - 1) * STEP_SECONDS * 1000;
    await new Promise((resolve) => setTimeout(resolve, allowedAt - Date.now() + 250));
  }
  usedSteps.set(secret, step);
  return generate({ secret, epoch: step * STEP_SECONDS });
}

/** The back office in English for these journeys (its default is Vietnamese). */
export async function useAdminLanguage(page: Page, language: 'en' | 'vn' = 'en'): Promise<void> {
  await page.addInitScript((lang) => window.localStorage.setItem('sen-admin-language', lang), language);
}

/**
 * The session cookies of operators signed in earlier in this worker (one server per worker). A
 * third sign-in of the same operator in one TOTP step would wait for the clock (up to 30 s); a journey
 * that is not about signing in reuses the session instead.
 */
const signedInSessions = new Map<string, Cookie[]>();

/** Keeps this page's back-office session for later sign-ins of `email` in this worker. */
export async function rememberSession(page: Page, email: string): Promise<void> {
  signedInSessions.set(email, await page.context().cookies());
}

/**
 * Signs in through the pages: e-mail and password, then the authenticator code; or, when this
 * operator signed in earlier in this worker and that session still holds, with its cookies.
 */
export async function signInThroughPages(page: Page, operator: { email: string; password: string; totpSecret: string }): Promise<void> {
  const saved = signedInSessions.get(operator.email);
  if (saved) {
    await page.context().addCookies(saved);
    await page.goto('/admin/');
    const signedIn = page.getByTestId('operator-name');
    await expect(signedIn.or(page.getByRole('heading', { name: 'Sign in' }))).toBeVisible();
    if (await signedIn.isVisible()) return;
    signedInSessions.delete(operator.email);
  }
  await page.goto('/admin/sign-in');
  await page.getByLabel('E-mail').fill(operator.email);
  await page.getByLabel('Password').fill(operator.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Authenticator code' })).toBeVisible();
  await page.getByLabel('Code').fill(await freshTotpCode(operator.totpSecret));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('operator-name')).toBeVisible();
  await rememberSession(page, operator.email);
}

/**
 * The demo admin signed in through the pages in Vietnamese, the back office's default (the
 * galleries shoot both languages from one session); no remembered session, the pages themselves.
 */
export async function signInDemoAdminInVietnamese(page: Page): Promise<void> {
  await page.goto('/admin/sign-in');
  await page.locator('#email').fill(DEMO_ADMIN.email);
  await page.locator('#password').fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Tiếp tục' }).click();
  await page.locator('#code').fill(await freshTotpCode(DEMO_ADMIN.totpSecret));
  await page.getByRole('button', { name: 'Đăng nhập' }).click();
  await expect(page.getByTestId('operator-name')).toBeVisible();
}

/** Accepts an invitation link in this page: password, then the authenticator (secret read from the page). Answers the secret. */
export async function acceptInvitation(page: Page, link: string, password: string): Promise<string> {
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Accept your invitation' })).toBeVisible();
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Repeat the password').fill(password);
  await page.getByRole('button', { name: 'Set password and continue' }).click();
  await expect(page.getByRole('heading', { name: 'Set up your authenticator' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code to add Sen to an authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByLabel('Code').fill(await freshTotpCode(secret));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('operator-name')).toBeVisible();
  return secret;
}
