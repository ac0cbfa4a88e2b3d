import { expect, test, type Page } from './fixtures.ts';
import { acceptAndSubmit, applyFor, approvedBorrower, openHome, payOut } from './loan-support.ts';
import { signInNewBorrower } from './kyc-support.ts';
import { expectTapTargets, freshPhone, useLanguage, waitForApp } from './support.ts';
import { paths } from '../apps/web/src/app/paths.ts';

/*
 * Issue 25, item 1: no dead ends. Back (the phone's and the header's) from every route of the
 * journey keeps the borrower inside the app on a screen that has finished loading; the
 * certification step asks before leaving; 'password created' is not the last page of the app;
 * offline, the Order tab says so with Retry. Every screen walked has tap targets of 44 x 44 px
 * (item 8). Routes are opened inside one document (as a tap would), so the walk costs no reloads.
 * Every route of apps/web/src/app/paths.ts is walked here or names the test that walks it.
 */
test.beforeEach(async ({ page }) => useLanguage(page, 'en'));

/** Opens `path` in the running app as a link would (a history entry the router reads as a navigation). */
async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    const state = { usr: null, key: Math.random().toString(36).slice(2, 10), idx: ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1 };
    window.history.pushState(state, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state }));
  }, path);
}

/** The app is shown (same origin, a page's main content), and nothing on it loads for ever. */
async function expectSettledAppScreen(page: Page, origin: string, where: string): Promise<void> {
  expect(new URL(page.url()).origin, where).toBe(origin);
  await expect(page.locator('main').first(), where).toBeVisible();
  await expect(page.getByTestId('loading-view'), where).toHaveCount(0);
  await expect(page.locator('[role="status"]', { hasText: /^Loading/ }), where).toHaveCount(0);
}

/** A route of the walk: `open` when the route has a parameter, `landsOn` when it sends the borrower on (replacing itself). */
interface Stop {
  route: string;
  open?: string;
  landsOn?: string;
}

const JOURNEY: (string | Stop)[] = [
  { route: '/home', landsOn: '/home/has-auth' },
  // A certified borrower has no steps left: the has-auth home (SPEC.md §2), in place of this one.
  { route: '/home/no-auth', landsOn: '/home/has-auth' },
  '/home/has-auth',
  '/mine',
  '/order/repay-list',
  '/order/list',
  '/order/info',
  '/order/batch-repay-list',
  '/product/info',
  '/product/succeed',
  '/product/failed',
  '/mine/accounts-receivable',
  '/mine/certification-center',
  '/mine/settings',
  '/mine/settings/password',
  '/mine/settings/feedback',
  '/mine/settings/privacy-consents',
  '/mine/data-rights',
  '/mine/settings/close-account',
  '/mine/about-us',
  '/mine/contact-us',
  '/message/list',
  { route: '/message/info/:id', open: '/message/info/no-such-message' },
  '/authentication/info/personal-data',
  '/authentication/info/account-and-contacts',
  '/authentication/info/kyc',
  '/authentication/info/operator-information',
  '/authentication/additional-information',
  '/authentication/account',
  '/login/privacy-policy',
  '/not-found',
  '/NotFound',
];

/** Routes the walk above leaves to another test, and why. */
const WALKED_ELSEWHERE: Record<string, string> = {
  '/': 'the walk starts and ends there',
  '/login': 'signed out: the next test (its targets and language switch)',
  '/login/create-password': 'signed out: the next test creates a password',
  '/login/create-password/succeed': 'the next test: Back from "password created"',
  '/login/forgot-password': 'signed out: password.spec.ts',
  '/mine/settings/close-account/succeed': 'only after the account is closed: mine.spec.ts',
  '/authentication/batch': 'a certification step asks before leaving: the next test',
  '/authentication/batch/kyc': 'a certification step: the next test',
  '/authentication/batch/kyc/face': 'a certification step (after the ID photos): kyc.spec.ts',
  '/authentication/batch/personal-data': 'a certification step: certification-journey.spec.ts',
  '/authentication/batch/operator-information': 'a certification step: certification-journey.spec.ts',
  '/authentication/account-and-contacts': 'a certification step: the borrower of this walk fills it (approvedBorrower)',
};

test('the walk covers every route of the app (a new route must join it or say where it is walked)', () => {
  const walked = new Set([...JOURNEY.map((stop) => (typeof stop === 'string' ? stop : stop.route)), ...Object.keys(WALKED_ELSEWHERE)]);
  expect(Object.values(paths).filter((path) => !walked.has(path))).toEqual([]);
  expect([...walked].filter((path) => !(Object.values(paths) as string[]).includes(path))).toEqual([]);
});

test('Back from every route of the journey stays in the app on a settled screen', async ({ page, request, server }) => {
  const origin = new URL(server.baseURL).origin;
  await approvedBorrower(page, request);
  await openHome(page);
  await expectTapTargets(page, 'home');
  // The loan application (amount, plan, receiving account's 'Change', the agreements, the checkbox).
  await page.getByTestId('apply-product').first().click();
  await expect(page.getByTestId('cost-apr')).toBeVisible();
  await expectTapTargets(page, 'product info');
  await page.goBack();
  await page.getByTestId('exit-leave').click();
  await expect(page).toHaveURL(`${origin}/`);
  // Where a route did not land as listed: collected, so one run names every one.
  const misrouted: string[] = [];
  for (const entry of JOURNEY) {
    const stop = typeof entry === 'string' ? { route: entry } : entry;
    const path = stop.open ?? stop.route;
    const landing = stop.landsOn ?? path;
    // The phone's Back: to the home the route was opened from.
    await goInApp(page, path);
    await expectSettledAppScreen(page, origin, `${path} opened`);
    const landed = new URL(page.url()).pathname;
    if (landed !== landing) {
      misrouted.push(`${path} landed on ${landed}, not ${landing}`);
      await goInApp(page, '/');
      continue;
    }
    await expectTapTargets(page, path);
    await page.goBack();
    await expect(page, `Back from ${path}`).toHaveURL(`${origin}/`);
    await expectSettledAppScreen(page, origin, `Back from ${path}`);
    // The header's Back: somewhere else in the app, never the same route again.
    await goInApp(page, path);
    const back = page.getByTestId('back-button');
    if ((await back.count()) > 0) {
      await back.first().click();
      await expect(page, `header Back from ${path}`).not.toHaveURL(new RegExp(`${landing}$`));
      await expectSettledAppScreen(page, origin, `header Back from ${path}`);
    }
    await goInApp(page, '/');
  }
  expect(misrouted).toEqual([]);

  // Offline, the Order tab fails with the §8 message and Retry instead of loading for ever.
  await page.context().setOffline(true);
  await goInApp(page, '/order/repay-list');
  await expect(page.getByTestId('repay-error')).toContainText('Network connection error, please check your network settings');
  await page.context().setOffline(false);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('repay-error')).toHaveCount(0);
  await expectSettledAppScreen(page, origin, 'Order tab back online');
});

test('the certification step asks before leaving, and Back from "password created" stays in the app', async ({ page, request, server }) => {
  const origin = new URL(server.baseURL).origin;
  // The login page: its targets, and the language switch leaves the header as it is.
  await page.goto('/login');
  await waitForApp(page);
  await expectTapTargets(page, 'login');
  const hero = await page.locator('.login-hero').boundingBox();
  await page.getByTestId('language-switch-vn').click();
  await expect(page.getByTestId('login-button')).toHaveText('Đăng nhập');
  expect((await page.locator('.login-hero').boundingBox())?.height).toBe(hero?.height);
  await page.getByTestId('language-switch-en').click();
  // /login opened directly: the first page of the tab's history.
  await signInNewBorrower(page, request, freshPhone());
  await page.getByTestId('create-password-input').fill('first123');
  await page.getByTestId('create-password-confirm-input').fill('first123');
  await page.getByTestId('create-password-button').click();
  await expect(page).toHaveURL(/\/login\/create-password\/succeed$/);
  // Back as a person presses it: once the page shows (the URL changes before it renders).
  await expect(page.getByTestId('go-home-button')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(`${origin}/`);
  await expectSettledAppScreen(page, origin, 'Back from password created');

  await goInApp(page, '/authentication/batch');
  await expect(page).toHaveURL(/\/authentication\/batch\/.+/);
  const step = page.url();
  await expectTapTargets(page, 'certification step');
  const entries = await page.evaluate(() => window.history.length);
  for (let tap = 0; tap < 2; tap += 1) {
    await page.getByTestId('back-button').click();
    await expect(page.getByTestId('exit-confirm')).toBeVisible();
    await page.getByTestId('exit-confirm-stay').click();
    await expect(page.getByTestId('exit-confirm')).toBeHidden();
  }
  await page.goBack();
  await expect(page.getByTestId('exit-confirm')).toBeVisible();
  expect(page.url()).toBe(step);
  expect(await page.evaluate(() => window.history.length)).toBe(entries);
  await page.getByTestId('exit-confirm-leave').click();
  await expect(page).toHaveURL(`${origin}/`);
  await expectSettledAppScreen(page, origin, 'after leaving the step');
  // The ID photos ('Take photo', 'Choose file').
  await goInApp(page, '/authentication/batch/kyc');
  await expect(page.getByTestId('kyc-front')).toBeVisible();
  await expectTapTargets(page, 'ID photos');
});

/** The status tag is styled (its tone's background and padding), whichever tab was opened first. */
async function expectStyledStatusTag(page: Page, where: string): Promise<void> {
  const tag = page.getByTestId('order-status').first();
  await expect(tag, where).toBeVisible();
  const style = await tag.evaluate((element) => {
    const computed = window.getComputedStyle(element);
    return { background: computed.backgroundColor, padding: computed.paddingLeft };
  });
  expect(style, where).toEqual({ background: expect.not.stringMatching(/^rgba\(0, 0, 0, 0\)$|^transparent$/), padding: '10px' });
}

/** A toast (the contact dialog's copy) wraps by words: no Vietnamese syllable is split (antd's break-all loses). */
async function expectToastWrapsByWords(page: Page, where: string): Promise<void> {
  await page.getByTestId('customer-service').click();
  await page.getByTestId('contact-dialog').getByTestId('contact-action').last().click();
  const toast = page.locator('.adm-toast-main');
  await expect(toast, where).toBeVisible();
  expect(await toast.evaluate((element) => window.getComputedStyle(element).wordBreak), where).toBe('normal');
}

test('styles do not depend on which tab is opened first (issue 25 item 6)', async ({ page, request }) => {
  await useLanguage(page, 'vn');
  await approvedBorrower(page, request);
  await applyFor(page, 'Sen Nhanh');
  await acceptAndSubmit(page);
  await payOut(request);

  // The Order tab first, in a new document.
  await page.goto('/order/repay-list');
  await waitForApp(page);
  await expectStyledStatusTag(page, 'Order tab first');
  await goInApp(page, '/');
  await expectToastWrapsByWords(page, 'home after the Order tab');

  // Mine first, then the Order tab.
  await page.goto('/mine');
  await waitForApp(page);
  await goInApp(page, '/order/repay-list');
  await expectStyledStatusTag(page, 'Order tab after Mine');

  // Home first.
  await page.goto('/');
  await waitForApp(page);
  await expectToastWrapsByWords(page, 'home first');
  await goInApp(page, '/order/repay-list');
  await expectStyledStatusTag(page, 'Order tab after Home');
});
