import type { Browser, BrowserContext } from '@playwright/test';
import { API_PATHS } from '@sen/contract';
import { expect, test, type Page } from '../fixtures.ts';
import { openHome } from '../loan-support.ts';
import { expectAccessible, freshPhone, readOtp, useLanguage, waitForApp } from '../support.ts';
import { acceptInvitation, DEMO_ADMIN, freshTotpCode, signInThroughPages, useAdminLanguage } from './admin-support.ts';

/*
 * The back office at 1440x900 against a real server (decision 093): the demo admin signs in with
 * TOTP; an admin invites a reviewer, who sets a password, enrols an authenticator, finds a borrower
 * by phone and approves their pending credit review with a limit, which the borrower's home then
 * shows (decision 095); four eyes: a product change proposed by the admin is approved by a second operator and shows in
 * the history. axe on every screen: no serious or critical violation.
 */

// A file's tests run in order in one worker: the demo admin signs in through the pages in the first
// and once more for the others (a TOTP step is good for one sign-in; the second takes the next step's code).
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const DESK = { width: 1440, height: 900 };
let admin: { context: BrowserContext; page: Page } | null = null;

/** The demo admin's signed-in page, shared by the journeys after the first (one sign-in). */
async function adminPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  if (!admin) {
    const context = await browser.newContext({ baseURL, viewport: DESK });
    const page = await context.newPage();
    await useAdminLanguage(page);
    await signInThroughPages(page, DEMO_ADMIN);
    admin = { context, page };
  }
  return admin.page;
}

test.afterAll(async () => {
  await admin?.context.close();
  admin = null;
});

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
  await openFromMenu(page, 'Credit reviews', 'Credit reviews');
  await expectAccessible(page, 'credit reviews');
  await openFromMenu(page, 'Dashboards', 'Dashboards');
  await expect(page.getByRole('img', { name: /^Applications and decisions by day/ }).locator('svg')).toBeVisible({ timeout: 20_000 });
  await expectAccessible(page, 'dashboards');
  await openFromMenu(page, 'Repayment receipts', 'Repayment receipts');
  await expectAccessible(page, 'repayment receipts');
  await openFromMenu(page, 'Bank transfers', 'Bank transfers');
  await expectAccessible(page, 'bank transfers');
  await openFromMenu(page, 'Feedback', 'Feedback');
  await expectAccessible(page, 'feedback');
  await openFromMenu(page, 'Ledger check', 'Ledger check');
  await page.getByRole('button', { name: 'Run the check' }).click();
  await expect(page.getByTestId('ledger-verdict')).toHaveText('The ledger is consistent', { timeout: 30_000 });
  await expectAccessible(page, 'ledger check');
  await openFromMenu(page, 'Audit trail', 'Audit trail');
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
  await expectAccessible(page, 'audit trail');

  // The session survives a reload (the HttpOnly cookie), and signing out ends it.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.goto('/admin/audit');
  await expect(page).toHaveURL(/\/admin\/sign-in/);
});

/**
 * A borrower whose case waits for a reviewer, made as in production: certified, refused by the
 * engine (64 is past the policy's maximum age of 60), then appealed by phone — the appeal an
 * operator opens for them (decision 095; the borrower app has no appeal call). Answers the
 * borrower's phone and number and the case's number.
 */
async function appealedBorrower(admin: Page): Promise<{ phone: string; userId: number; reviewId: number }> {
  const phone = freshPhone();
  const certified = await admin.request.post(API_PATHS.devCreditCertify, { data: { phone, birthDate: '1962-04-10', monthlySalaryBand: '2' } });
  expect(certified.ok(), await certified.text()).toBe(true);
  const { userId } = (await certified.json()).data as { userId: number };
  expect((await admin.request.post(API_PATHS.devCreditReview, { data: {} })).ok()).toBe(true);
  const appeal = await admin.request.post('/api/admin/reviews/appeal', {
    headers: { 'x-sen-admin': '1' },
    data: { userId, reason: 'Called the hotline: retired teacher with a monthly pension' },
  });
  expect(appeal.status(), await appeal.text()).toBe(200);
  return { phone, userId, reviewId: ((await appeal.json()).data as { review: { id: number } }).review.id };
}

test('an admin invites a reviewer, who enrols, approves a pending credit review with a limit, and the borrower sees it', async ({ browser, baseURL }) => {
  const page = await adminPage(browser, baseURL);
  const borrower = await appealedBorrower(page);
  await openFromMenu(page, 'Operators', 'Operators');

  const email = `reviewer-${Date.now()}@sen.local`;
  await page.getByRole('button', { name: 'Invite an operator' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite an operator' });
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Name').fill('Rita Reviewer');
  await dialog.getByLabel('Role').click();
  // antd's options are drawn in a virtual list; the role="option" nodes are a hidden helper list.
  await page.locator('.ant-select-item-option[title="Reviewer"]').click();
  await expectAccessible(page, 'invite dialog');
  await dialog.getByRole('button', { name: 'Create invitation' }).click();
  const link = (await page.getByTestId('enrolment-link').innerText()).trim();
  expect(link).toMatch(/\/admin\/enrol\?token=[A-Za-z0-9_-]+$/);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('row').filter({ hasText: email }).getByText('Invited')).toBeVisible();

  // The reviewer, in a browser of their own.
  const reviewerContext = await browser.newContext({ baseURL, viewport: DESK });
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

  // The reviewer finds the borrower by phone: their credit review is under way.
  await openFromMenu(reviewer, 'Borrowers', 'Borrowers');
  await reviewer.getByLabel('Phone, ID number, order number or name').fill(borrower.phone);
  await reviewer.getByRole('button', { name: 'Search' }).click();
  await reviewer.getByRole('link', { name: `Borrower #${borrower.userId}` }).click();
  await expect(reviewer.getByRole('heading', { level: 1, name: `Borrower #${borrower.userId}` })).toBeVisible();
  await reviewer.getByRole('tab', { name: /^Credit/ }).click();
  await expect(reviewer.getByRole('row').filter({ hasText: 'maxAge' }).first()).toBeVisible();

  // The queue: the appeal waits, with why it is here; the case shows the engine's rules and reasons.
  await openFromMenu(reviewer, 'Credit reviews', 'Credit reviews');
  const queued = reviewer.getByRole('row').filter({ has: reviewer.getByRole('link', { name: `Borrower #${borrower.userId}`, exact: true }) });
  await expect(queued).toContainText("Borrower's appeal");
  await expect(queued).toContainText('maxAge');
  await expectAccessible(reviewer, 'credit review queue');
  await queued.getByRole('link', { name: `Open review #${borrower.reviewId}` }).click();
  await expect(reviewer.getByRole('heading', { level: 1, name: `Review #${borrower.reviewId}` })).toBeVisible();
  await expect(reviewer.getByRole('row', { name: /^maxAge/ })).toContainText(/age \d+ > 60/);
  await expect(reviewer.getByText('Called the hotline: retired teacher with a monthly pension')).toBeVisible();
  await expectAccessible(reviewer, 'credit review case');

  // Approves with a limit of their own (the suggested one is 7,000,000 ₫), confirmed; the decision keeps its author.
  await expect(reviewer.getByLabel('Credit limit')).toHaveValue('7,000,000');
  await reviewer.getByLabel('Credit limit').fill('6000000');
  await reviewer.getByLabel('Reason (kept with the decision)').fill('Pension slip checked on the call; limit below the suggestion');
  await reviewer.getByRole('button', { name: 'Approve', exact: true }).click();
  const confirm = reviewer.getByRole('dialog', { name: 'Approve this borrower?' });
  await expect(confirm).toContainText('6,000,000 ₫');
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(reviewer.getByText('Approved: the borrower has the limit')).toBeVisible();
  await expect(reviewer.getByTestId('review-decided-by')).toContainText('Rita Reviewer');
  await expectAccessible(reviewer, 'decided credit review');

  // The borrower's home shows the limit, as after an automatic approval.
  const borrowerContext = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const home = await borrowerContext.newPage();
  await useLanguage(home, 'en');
  await home.goto('/login');
  await waitForApp(home);
  await home.getByTestId('phone-input').fill(borrower.phone);
  await home.getByTestId('get-otp-button').click();
  await home.getByTestId('otp-input').fill(await readOtp(home.request, borrower.phone));
  await home.getByTestId('login-button').click();
  await expect(home).toHaveURL(/\/login\/create-password$|\/$/);
  await openHome(home);
  await expect(home.getByTestId('available-credit')).toHaveText('6,000,000\u00a0₫');
  await borrowerContext.close();

  // Signs out and in again: password, then a code (no enrolment the second time).
  await reviewer.getByRole('button', { name: 'Sign out' }).click();
  await signInThroughPages(reviewer, { email, password, totpSecret: secret });
  await expect(reviewer.getByTestId('operator-name')).toHaveText('Rita Reviewer');
  await reviewerContext.close();

  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: email }).getByText('Active')).toBeVisible();

  // The invitation is in the audit trail, found by its action's prefix, and in its CSV export.
  await openFromMenu(page, 'Audit trail', 'Audit trail');
  await page.getByLabel('Action').fill('operator.');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/action=operator\./);
  const invitation = page.getByRole('row').filter({ hasText: 'operator.invite' }).filter({ hasText: DEMO_ADMIN.email });
  await expect(invitation.first()).toBeVisible();
  await expectAccessible(page, 'audit trail, filtered');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  expect(csv).toContain('operator.invite');
  expect(csv).toContain(email);
});

test('four eyes: the admin proposes a product change, a finance operator approves it, the history shows it', async ({ browser, baseURL }) => {
  const page = await adminPage(browser, baseURL);
  await openFromMenu(page, 'Loan products', 'Loan products');
  const firstProduct = page.getByRole('row').nth(1);
  const code = (await firstProduct.locator('code').first().innerText()).trim();
  await firstProduct.getByRole('link', { name: /Propose a change to/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Propose a change to ${code}` })).toBeVisible();
  await expectAccessible(page, 'propose a product change');

  // The legal cap is the server's rule: its refusal is shown at the rate's field.
  const rate = page.getByLabel('Interest a day (ppm)');
  const before = Number(await rate.inputValue());
  await rate.fill('900000');
  await page.getByRole('button', { name: 'Submit for approval' }).click();
  await expect(page.locator('#dailyRatePpm_help')).toContainText('legal cap');

  const after = before + 10;
  await rate.fill(String(after));
  await page.getByLabel('Reason for the change (the approver sees it)').fill('Align the daily rate with the new funding cost');
  await page.getByRole('button', { name: 'Submit for approval' }).click();

  // The proposal opens beside the approvals; its proposer cannot approve it, and is told why.
  const drawer = page.getByRole('dialog', { name: /Proposal #\d+/ });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('row', { name: /^dailyRatePpm changed/ })).toContainText(String(after));
  await expect(drawer.getByRole('button', { name: 'Approve' })).toBeDisabled();
  await expect(drawer.getByText('You made this proposal, so another operator must approve it')).toBeVisible();
  await expectAccessible(page, 'proposal detail');
  const proposalTitle = (await drawer.getByText(/Proposal #\d+/).first().innerText()).trim();
  await drawer.getByRole('button', { name: 'Close' }).click();

  // A finance operator (invited through the API with the admin's session) approves it.
  const invited = await page.request.post('/api/admin/operators/invite', {
    headers: { 'x-sen-admin': '1' },
    data: { email: `finance-${Date.now()}@sen.local`, name: 'Fiona Finance', role: 'finance' },
  });
  expect(invited.status()).toBe(200);
  const { enrolmentLink } = (await invited.json()).data as { enrolmentLink: string };
  const financeContext = await browser.newContext({ baseURL, viewport: DESK });
  const finance = await financeContext.newPage();
  await useAdminLanguage(finance);
  const link = new URL(enrolmentLink, baseURL);
  await acceptInvitation(finance, link.pathname + link.search, 'finance passphrase of some length');
  await openFromMenu(finance, 'Approvals', 'Approvals');
  const row = finance.getByRole('row').filter({ hasText: code });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: /Open proposal/ }).click();
  const financeDrawer = finance.getByRole('dialog', { name: proposalTitle });
  await expect(financeDrawer.getByText('Align the daily rate with the new funding cost')).toBeVisible();
  await financeDrawer.getByRole('button', { name: 'Approve' }).click();
  await finance.getByRole('dialog', { name: 'Approve this proposal?' }).getByRole('button', { name: 'Approve' }).click();
  await expect(finance.getByText('Approved: the change is in effect')).toBeVisible();
  await expect(finance.getByText('No proposal is waiting for approval')).toBeVisible();
  await financeContext.close();

  // The admin sees it applied and in the history, with who proposed and who approved.
  await openFromMenu(page, 'Loan products', 'Loan products');
  await page.reload();
  await page.getByRole('tab', { name: 'History' }).click();
  const version = page.getByRole('row').filter({ hasText: code }).filter({ hasText: 'Fiona Finance' }).first();
  await expect(version).toContainText(DEMO_ADMIN.name);
  await expectAccessible(page, 'product history');
  await openFromMenu(page, 'Approvals', 'Approvals');
  await page.getByRole('tab', { name: 'Approved' }).click();
  await expect(page.getByRole('row').filter({ hasText: code }).getByText('Approved')).toBeVisible();
});
