import { expect, test, type Page } from '../fixtures.ts';
import { expectAccessible } from '../support.ts';
import { acceptInvitation, DEMO_ADMIN, freshTotpCode, signInThroughPages, useAdminLanguage } from './admin-support.ts';

/*
 * The back office at 1440x900 against a real server (decision 093): the demo admin signs in with
 * TOTP; an admin invites a reviewer, who sets a password, enrols an authenticator and signs in;
 * four eyes: a product change proposed by the admin is approved by a second operator and shows in
 * the history. axe on every screen: no serious or critical violation.
 */

test.describe.configure({ timeout: 120_000 });

async function openFromMenu(page: Page, name: string, heading: string) {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('menuitem', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test('the demo admin signs in with an authenticator code and sees every screen', async ({ page }) => {
  await useAdminLanguage(page);
  await page.goto('/admin/operators');
  // Not signed in: the sign-in page, and back to the page asked for afterwards.
  await expect(page).toHaveURL(/\/admin\/sign-in\?next=%2Foperators/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expectAccessible(page, 'sign-in');

  await page.getByLabel('E-mail').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Incorrect e-mail or password')).toBeVisible();

  await page.getByLabel('Password').fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Authenticator code' })).toBeVisible();
  await expectAccessible(page, 'sign-in TOTP step');
  await page.getByLabel('Code').fill('000000');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Incorrect authenticator code')).toBeVisible();
  await page.getByLabel('Code').fill(await freshTotpCode(DEMO_ADMIN.totpSecret));
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Operators' })).toBeVisible();
  await expect(page.getByTestId('operator-name')).toHaveText(DEMO_ADMIN.name);
  await expect(page.getByRole('cell', { name: DEMO_ADMIN.email })).toBeVisible();
  await expectAccessible(page, 'operators');

  await openFromMenu(page, 'Home', `Hello, ${DEMO_ADMIN.name}`);
  await expect(page.getByText('Manage operators')).toBeVisible();
  await expectAccessible(page, 'home');
  await openFromMenu(page, 'Approvals', 'Approvals');
  await expectAccessible(page, 'approvals');
  await openFromMenu(page, 'Loan products', 'Loan products');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page, 'products');
  await openFromMenu(page, 'Audit trail', 'Audit trail');
  // Its own sign-in is in the trail.
  await expect(page.getByRole('row').filter({ hasText: DEMO_ADMIN.name }).first()).toBeVisible();
  await expectAccessible(page, 'audit trail');

  // The session survives a reload (the HttpOnly cookie), and signing out ends it.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.goto('/admin/audit');
  await expect(page).toHaveURL(/\/admin\/sign-in/);
});

test('an admin invites a reviewer, who sets a password, enrols an authenticator and signs in', async ({ page, browser, baseURL }) => {
  await useAdminLanguage(page);
  await signInThroughPages(page, DEMO_ADMIN);
  await openFromMenu(page, 'Operators', 'Operators');

  const email = `reviewer-${Date.now()}@sen.local`;
  await page.getByRole('button', { name: 'Invite an operator' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite an operator' });
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Name').fill('Rita Reviewer');
  await dialog.getByLabel('Role').click();
  await page.getByRole('option', { name: 'Reviewer' }).click();
  await expectAccessible(page, 'invite dialog');
  await dialog.getByRole('button', { name: 'Create invitation' }).click();
  const link = (await page.getByTestId('enrolment-link').innerText()).trim();
  expect(link).toMatch(/\/admin\/enrol\?token=[A-Za-z0-9_-]+$/);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('row').filter({ hasText: email }).getByText('Invited')).toBeVisible();

  // The reviewer, in a browser of their own.
  const reviewerContext = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const reviewer = await reviewerContext.newPage();
  await useAdminLanguage(reviewer);
  const password = 'a long reviewer passphrase';
  await reviewer.goto(new URL(link, baseURL).pathname + new URL(link, baseURL).search);
  await expectAccessible(reviewer, 'invitation');
  await reviewer.getByLabel('New password').fill('short');
  await reviewer.getByLabel('Repeat the password').fill('short');
  await reviewer.getByRole('button', { name: 'Set password and continue' }).click();
  await expect(reviewer.getByText('Password must be 12 to 200 characters')).toBeVisible();
  const secret = await acceptInvitation(reviewer, new URL(link, baseURL).pathname + new URL(link, baseURL).search, password);

  // A reviewer's menu: no operators, no audit trail; their role on the home.
  await expect(reviewer.getByTestId('operator-name')).toHaveText('Rita Reviewer');
  const menu = reviewer.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('menuitem', { name: 'Operators' })).toHaveCount(0);
  await expect(menu.getByRole('menuitem', { name: 'Audit trail' })).toHaveCount(0);
  await expect(reviewer.getByRole('heading', { name: 'Your role: Reviewer' })).toBeVisible();
  await reviewer.goto('/admin/operators');
  await expect(reviewer.getByText('Your role does not give access to this page')).toBeVisible();

  // Signs out and in again: password, then a code (no enrolment the second time).
  await reviewer.getByRole('button', { name: 'Sign out' }).click();
  await signInThroughPages(reviewer, { email, password, totpSecret: secret });
  await expect(reviewer.getByTestId('operator-name')).toHaveText('Rita Reviewer');
  await reviewerContext.close();

  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: email }).getByText('Active')).toBeVisible();
});
